/*
 * Org codes (spec §3): a department's code is its parent's code followed by a segment of one letter and two
 * digits, A01..A99, B01..B99 ... Z99 (2,574 children per parent), so that a code's beginning names its
 * ancestors and `LIKE 'A01A02%'` is a subtree.
 */

export const SEGMENT_LENGTH = 3;
const PER_LETTER = 99;
const LETTERS = 26;

/** The n-th segment (1-based): 1 -> A01, 99 -> A99, 100 -> B01. */
export function segmentOf(n: number): string {
  const letter = String.fromCharCode(65 + Math.floor((n - 1) / PER_LETTER));
  return `${letter}${String(((n - 1) % PER_LETTER) + 1).padStart(2, '0')}`;
}

/** The ordinal of a segment, or null when it is not one (a code written by hand elsewhere). */
export function ordinalOf(segment: string): number | null {
  if (!/^[A-Z]\d{2}$/.test(segment) || segment.endsWith('00')) return null;
  return (segment.charCodeAt(0) - 65) * PER_LETTER + Number(segment.slice(1));
}

/** The next free code under `parentCode` ('' for a top department) given the codes of its children; null when none is left. */
export function nextChildCode(parentCode: string, siblingCodes: readonly string[]): string | null {
  let highest = 0;
  for (const code of siblingCodes) {
    if (!code.startsWith(parentCode) || code.length !== parentCode.length + SEGMENT_LENGTH) continue;
    highest = Math.max(highest, ordinalOf(code.slice(parentCode.length)) ?? 0);
  }
  return highest >= PER_LETTER * LETTERS ? null : `${parentCode}${segmentOf(highest + 1)}`;
}

/** The new code of a department of a moved subtree whose root went from `oldRoot` to `newRoot`. */
export const renumbered = (code: string, oldRoot: string, newRoot: string) => `${newRoot}${code.slice(oldRoot.length)}`;

/** Siblings in their new order after one of them is dropped at `index`: the ids in order. */
export function reordered(siblingIds: readonly number[], movedId: number, index: number): number[] {
  const rest = siblingIds.filter((id) => id !== movedId);
  rest.splice(Math.min(index, rest.length), 0, movedId);
  return rest;
}

/** A department's name as compared with its siblings' (and a path's segments): trimmed, case and width folded. */
export const nameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase();
