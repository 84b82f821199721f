/**
 * The order numbers in what was pasted or scanned into a box: one per line, or separated by commas
 * (either width), semicolons or spaces; each once, in the order given.
 */
export function parseOrderNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,，;；、]+/)) {
    const number = part.trim();
    if (number) seen.add(number);
  }
  return [...seen];
}

/** The selected and the typed numbers together, each once, the selected first. */
export const mergeOrderNumbers = (selected: readonly string[], typed: readonly string[]): string[] => [...new Set([...selected, ...typed])];
