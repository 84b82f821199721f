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

/**
 * An output column's position in ORDER BY must be SQL text (a bound value would be a constant to sort
 * by), so each position is a fragment written here, never text built from a number.
 */
const POSITIONS: Record<number, SQL> = { 1: sql`1`, 2: sql`2`, 3: sql`3`, 4: sql`4`, 5: sql`5`, 6: sql`6`, 7: sql`7`, 8: sql`8`, 9: sql`9` };

/** The same for the positions of a UNION's columns (status-merge.ts): fragments from literals, never the client's. */
export const positionalOrder = (direction: Direction, ...positions: number[]): SQL =>
  sql.join(
    positions.map((position) => {
      const column = POSITIONS[position];
      if (!column) throw new Error(`positionalOrder: no output column ${position}`);
      return direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
    }),
    sql`, `,
  );
