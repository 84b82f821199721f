import { z } from 'zod';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CountedPage, Page } from '@portal/shared/api';
import { isoTime } from '@portal/shared/logistics-schemas';
import type { Db } from '../db/client.ts';

/*
 * What every list shares (DESIGN §3): the id parameters, the date-range convention, and the page
 * answer, counted exactly or, for lists across all tenants, estimated past a limit.
 */

/** `?id=` of queryById and delete. */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `{ id }` in a body. */
export const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `?ids=1,2,3`: records already chosen in a picker, whose names it shows (at most 200). */
export const idList = z
  .string()
  .max(4000)
  .regex(/^\d{1,15}(,\d{1,15})*$/)
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(idField).min(1).max(200));

/** A yes/no filter as a query string carries it. */
export const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

// PostgreSQL refuses year 0 and a filter of the year 0001 is a typing slip: both are 400, never a 500
const sensibleTime = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
};

/** A time in a filter or a form: ISO 8601 with an offset (the toolkit sends the user's own). */
export const timeParam = isoTime.refine(sensibleTime);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound of a date range: a day (YYYY-MM-DD) or a time with its offset. */
export const dayOrTimeParam = z.union([z.iso.date().refine((day) => day >= '1970-01-01' && day <= '9999-12-31'), timeParam]);

/**
 * The one date-range convention of every list, whatever the parameters are called (`createdAt_begin`
 * / `createdAt_end` of the list toolkit, `createdFrom` / `createdTo`):
 * - a day is that whole day in the database's time zone, the days the home page counts by;
 * - a time with its offset is that instant, and an end given to the whole second (the toolkit sends
 *   23:59:59 of the last day) means that whole second: a row stamped 23:59:59.400 belongs to the day.
 * The arithmetic is PostgreSQL's, on the text the client sent: an end of 9999-12-31 becomes year 10000,
 * which PostgreSQL holds but a JavaScript Date would not hand over as a parameter.
 */
export function dateRange(column: AnyColumn, begin: string | undefined, end: string | undefined): SQL[] {
  const filters: SQL[] = [];
  if (begin) filters.push(DAY.test(begin) ? sql`${column} >= ${begin}::date` : sql`${column} >= ${begin}::timestamptz`);
  if (end) {
    if (DAY.test(end)) filters.push(sql`${column} < ${end}::date + 1`);
    else if (/\.\d/.test(end)) filters.push(sql`${column} <= ${end}::timestamptz`);
    else filters.push(sql`${column} < ${end}::timestamptz + interval '1 second'`);
  }
  return filters;
}

/** LIKE wildcards typed by the user are searched for literally (backslash is PostgreSQL's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A number as typed into a search box, in the form numbers are compared in: full-width characters of
 * a Chinese keyboard as their ASCII forms (ＬＯ１２ -> LO12), without spaces anywhere (pasted
 * "LO 2611 25..." or a trailing blank), upper-case. No number of the portal holds a space.
 */
export const normalizeNumber = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toUpperCase();

/**
 * The one way a list searches by a number (order, merchant order, waybill, tracking, batch, exception,
 * payment numbers...): forgiving of case and spaces, and matching every number that begins with what
 * was typed, so the full number finds its row and a beginning finds the rows it starts. It is
 * `upper(column) LIKE 'TERM%'`, which an expression index `upper(column) text_pattern_ops` (after the
 * tenant where the list is a tenant's) serves as a range scan in any collation: every column searched
 * this way has one (migration 0007). An empty term matches everything (undefined: no condition).
 */
export function numberSearch(column: AnyColumn | SQL, term: string | undefined): SQL | undefined {
  const pattern = numberPattern(term);
  return pattern === undefined ? undefined : sql`upper(${column}) like ${pattern}`;
}

/** The LIKE pattern of a number search: what was typed, normalised, then anything; undefined for nothing typed. */
function numberPattern(term: string | undefined): string | undefined {
  const wanted = term === undefined ? '' : normalizeNumber(term);
  return wanted === '' ? undefined : `${escapeLike(wanted)}%`;
}

/**
 * numberSearch for a number the portal issues itself in capitals and digits (RC..., RF..., RA..., PM..., PO...):
 * the same forgiving match, by its beginning, on the column as it is. The term is made upper-case instead of the
 * column, so no expression index is needed: these are a tenant's money records (few beside its orders), read
 * through the (tenant, number) unique index.
 */
export function issuedNumberSearch(column: AnyColumn, term: string | undefined): SQL | undefined {
  const pattern = numberPattern(term);
  return pattern === undefined ? undefined : sql`${column} like ${pattern}`;
}

export function pageOf<T>(records: T[], total: number, pageNo: number, size: number): Page<T> {
  return { records, total, current: pageNo, size, pages: Math.ceil(total / size) };
}

/** Up to this many matching rows the total of a list across tenants is counted exactly. */
export const EXACT_COUNT_LIMIT = 2_000;

export type RowCount = { total: number; exact: boolean };

/** The page of a list across tenants, saying whether its total was counted or estimated. */
export function countedPage<T>(records: T[], count: RowCount, page: { pageNo: number; pageSize: number }): CountedPage<T> {
  return { ...pageOf(records, count.total, page.pageNo, page.pageSize), totalExact: count.exact };
}

/**
 * The total of a list across tenants. Counting a million index entries takes 60-140 ms on PostgreSQL,
 * more than a whole page may take, and nobody pages through more than a hundred pages. So the planner
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
