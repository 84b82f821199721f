/*
 * The audit log's before and after, side by side: one row per field of either side, the fields that
 * changed marked. Values are compared as JSON (the log keeps JSON), so a list in another order is a change.
 */

export type DiffRow = { key: string; before: unknown; after: unknown; changed: boolean; /** absent on one side */ added: boolean; removed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the diff shows it: text as it is, anything else as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The rows of a change: the union of both sides' fields, in the order they first appear (before, then after). */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  // a whole value that is not a record (a list, a number, nothing) is one row
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    return [{ key: '', before, after, changed: shownValue(before) !== shownValue(after), added: before === null || before === undefined, removed: after === null || after === undefined }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.map((key) => {
    const hadIt = Object.hasOwn(from, key);
    const hasIt = Object.hasOwn(to, key);
    const changed = JSON.stringify(from[key]) !== JSON.stringify(to[key]) || hadIt !== hasIt;
    // a creation has no before and a deletion no after: their fields are not "changes" of a field
    const whole = !isRecord(before) || !isRecord(after);
    return { key, before: from[key], after: to[key], changed: whole ? false : changed, added: !hadIt && hasIt, removed: hadIt && !hasIt };
  });
}
