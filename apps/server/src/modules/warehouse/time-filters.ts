import { gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The lower bound of a time filter. A day ("2026-03-01") starts at midnight in the database's time
 * zone, the same days the home page counts by; a time with its offset is that instant.
 */
export function timeFrom(column: AnyColumn, value: string | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  return DAY.test(value) ? sql`${column} >= ${value}::date` : gte(column, new Date(value));
}

/** The upper bound: a day is included whole (before the next midnight), a time is included itself. */
export function timeTo(column: AnyColumn, value: string | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  return DAY.test(value) ? sql`${column} < ${value}::date + 1` : lte(column, new Date(value));
}
