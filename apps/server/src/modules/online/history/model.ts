/**
 * What changed between two versions of a definition, as paths into it (`fields[2].required`), so the
 * history shows a difference a person can read. Arrays are compared by position: moving a field shows
 * as the fields that changed places.
 */
export type Change = { path: string; before: unknown; after: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function diffDefinitions(before: unknown, after: unknown, path = ''): Change[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: Change[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i += 1) changes.push(...diffDefinitions(before[i], after[i], `${path}[${i}]`));
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffDefinitions(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || '.', before: before ?? null, after: after ?? null }];
}
