/** PostgreSQL errors seen through drizzle's wrapping (it puts the driver's error in `cause`). */
function* causes(error: unknown): Generator<{ code?: unknown; constraint?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e as { code?: unknown; constraint?: unknown };
}

/** The constraint a unique violation names; null for other errors. */
export function violatedConstraint(error: unknown): string | null {
  for (const e of causes(error)) if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return null;
}

/**
 * Input PostgreSQL refuses as text although it passed validation: a NUL character (22021, 22P05), a
 * value out of a type's range (22003, 22008, 22007), and a time past year 9999, which a JavaScript
 * Date writes as "+010000-01-01T..." and PostgreSQL and PGlite read as a bad time zone offset (22009).
 * These are the client's doing: 400, never 500. The schemas refuse them first; this is the last line.
 */
const CLIENT_DATA_ERRORS = new Set(['22021', '22P05', '22003', '22008', '22007', '22009']);

export function isClientDataError(error: unknown): boolean {
  for (const e of causes(error)) if (typeof e.code === 'string' && CLIENT_DATA_ERRORS.has(e.code)) return true;
  return false;
}
