/** The value, or a loud error: for rows and keys that exist by construction (seed, RETURNING). */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
}
