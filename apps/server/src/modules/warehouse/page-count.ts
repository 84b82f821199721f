import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/** Up to this many matching rows the total is counted exactly. */
export const EXACT_COUNT_LIMIT = 2_000;

export type RowCount = { total: number; exact: boolean };

/** The list page of DESIGN §3, and whether its total was counted or estimated. */
export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number; totalExact: boolean };

export function toPage<T>(records: T[], count: RowCount, page: { pageNo: number; pageSize: number }): Page<T> {
  return { records, total: count.total, current: page.pageNo, size: page.pageSize, pages: Math.ceil(count.total / page.pageSize), totalExact: count.exact };
}

/**
 * The total of a platform list. Counting a million index entries takes 60-140 ms on PostgreSQL, more
 * than a whole page may take, and nobody pages through more than a hundred pages. So the planner
 * is asked first (a fraction of a millisecond): past EXACT_COUNT_LIMIT its estimate stands, with
 * `exact: false`; below it the rows are counted, but never more than the limit, so that a wrong
 * estimate cannot make the count expensive either.
 */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<RowCount> {
  const plan = await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(where).getSQL()}`);
  const estimate = plannedRows(plan);
  if (estimate > EXACT_COUNT_LIMIT) return { total: estimate, exact: false };
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  const total = Number(row?.total ?? 0);
  return total <= EXACT_COUNT_LIMIT ? { total, exact: true } : { total: Math.max(EXACT_COUNT_LIMIT + 1, estimate), exact: false };
}

/** The top node's row estimate of `explain (format json)`, whichever way the driver returns it. */
function plannedRows(result: unknown): number {
  const rows = (result as { rows?: unknown }).rows;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const cell: unknown = first && typeof first === 'object' ? Object.values(first)[0] : undefined;
  const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const top: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
  const estimate = (top as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? Math.round(estimate) : 0;
}
