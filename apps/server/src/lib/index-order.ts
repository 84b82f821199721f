import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export type Direction = 'asc' | 'desc';

/**
 * An ORDER BY term that PostgreSQL can read from the indexes of schema/logistics.ts. drizzle-kit writes
 * a `.desc()` index column as DESC NULLS LAST, while a plain `ORDER BY x DESC` means NULLS FIRST, and
 * the planner does not match the two even for a NOT NULL column: it sorts the whole table instead
 * (400 ms instead of 2 ms on a million orders). So descending is `desc nulls last` and ascending,
 * the same index read backwards, is `asc nulls first`.
 */
export const indexOrder =
  (direction: Direction) =>
  (column: AnyColumn): SQL =>
    direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;

/** The same for the positions of a UNION's columns (status-merge.ts): constant text, never the client's. */
export const positionalOrder = (direction: Direction, ...positions: number[]): SQL =>
  sql.raw(positions.map((position) => `${Math.trunc(position)} ${direction === 'desc' ? 'desc nulls last' : 'asc nulls first'}`).join(', '));
