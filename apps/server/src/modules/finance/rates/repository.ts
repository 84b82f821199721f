import { iso } from '../../../lib/iso.ts';
import { and, desc, eq, exists, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { RateRecord } from '@portal/shared/finance-schemas';
import type { Db } from '../../../db/client.ts';
import { rates } from '../../../db/schema/finance.ts';
import { users } from '../../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { dateRange } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { personName, userNames } from '../repository.ts';

/** The rate table's queries: the rate of a pair, the list with its "current" flag, the export, the changes. */

/** The newest rate of the pair effective at `at` (effective time, then id), if any. */
export async function newestRate(tx: Db, base: CurrencyCode, quote: CurrencyCode, at: Date): Promise<{ rate: string; effectiveFrom: Date } | undefined> {
  const [row] = await tx
    .select({ rate: rates.rate, effectiveFrom: rates.effectiveFrom })
    .from(rates)
    .where(and(eq(rates.baseCurrency, base), eq(rates.quoteCurrency, quote), lte(rates.effectiveFrom, at)))
    .orderBy(desc(rates.effectiveFrom), desc(rates.id))
    .limit(1);
  return row;
}

/** Every figure finance ever set for these pairs (base, quote), by `BASE:QUOTE`: a few per pair (fin_rate_pair_idx). */
export async function rateFiguresOf(tx: Db, pairs: readonly (readonly [CurrencyCode, CurrencyCode])[]): Promise<Map<string, Set<string>>> {
  const figures = new Map<string, Set<string>>();
  if (pairs.length === 0) return figures;
  const rows = await tx
    .selectDistinct({ base: rates.baseCurrency, quote: rates.quoteCurrency, rate: rates.rate })
    .from(rates)
    .where(or(...pairs.map(([base, quote]) => and(eq(rates.baseCurrency, base), eq(rates.quoteCurrency, quote)))));
  for (const row of rows) {
    const key = `${row.base}:${row.quote}`;
    figures.set(key, (figures.get(key) ?? new Set()).add(trimDecimal(row.rate)));
  }
  return figures;
}

export type RateFilters = {
  baseCurrency?: CurrencyCode;
  quoteCurrency?: CurrencyCode;
  currentOnly?: boolean;
  createdAt_begin?: string;
  createdAt_end?: string;
};

const newer = alias(rates, 'newer');

/**
 * True for the row applying now to its pair: effective, and no other effective row of the pair is newer
 * (the order of newestRate: effective_from, then id). Served by fin_rate_pair_idx.
 */
export function isCurrentRate(db: Db): SQL<boolean> {
  const newerEffective = db
    .select({ one: sql`1` })
    .from(newer)
    .where(
      and(
        eq(newer.baseCurrency, rates.baseCurrency),
        eq(newer.quoteCurrency, rates.quoteCurrency),
        lte(newer.effectiveFrom, sql`now()`),
        or(gt(newer.effectiveFrom, rates.effectiveFrom), and(eq(newer.effectiveFrom, rates.effectiveFrom), gt(newer.id, rates.id))),
      ),
    );
  return sql<boolean>`(${rates.effectiveFrom} <= now() and not ${exists(newerEffective)})`;
}

export function rateWhere(db: Db, filters: RateFilters): SQL | undefined {
  return and(
    filters.baseCurrency ? eq(rates.baseCurrency, filters.baseCurrency) : undefined,
    filters.quoteCurrency ? eq(rates.quoteCurrency, filters.quoteCurrency) : undefined,
    filters.currentOnly ? isCurrentRate(db) : undefined,
    ...dateRange(rates.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

export async function countRates(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(rates).where(where);
  return Number(counted?.total ?? 0);
}

const rateColumns = (db: Db) => ({
  id: rates.id,
  baseCurrency: rates.baseCurrency,
  quoteCurrency: rates.quoteCurrency,
  rate: rates.rate,
  effectiveFrom: rates.effectiveFrom,
  current: isCurrentRate(db),
  remark: rates.remark,
  createdBy: rates.createdBy,
  createdAt: rates.createdAt,
});

export type RateRow = { id: number; baseCurrency: CurrencyCode; quoteCurrency: CurrencyCode; rate: string; effectiveFrom: Date; current: boolean; remark: string; createdBy: number | null; createdAt: Date };

/** Newest effective time first (scheduled rates on top), the order of the pair index. */
export async function rateRows(db: Db, where: SQL | undefined, page: { direction: Direction; limit: number; offset: number }): Promise<RateRow[]> {
  const order = indexOrder(page.direction);
  return db
    .select(rateColumns(db))
    .from(rates)
    .where(where)
    .orderBy(order(rates.effectiveFrom), order(rates.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findRate(db: Db, id: number): Promise<RateRow | null> {
  const [row] = await db.select(rateColumns(db)).from(rates).where(eq(rates.id, id));
  return row ?? null;
}

export type RateExportRow = RateRow & { creatorName: string | null };

export function rateExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number): Promise<(RateExportRow & { cursorTime: string })[]> {
  const order = indexOrder('desc');
  return db
    .select({ ...rateColumns(db), creatorName: personName(users), cursorTime: cursorTimeOf(rates.effectiveFrom) })
    .from(rates)
    .leftJoin(users, eq(users.id, rates.createdBy))
    .where(after ? and(where, afterCursor(rates.effectiveFrom, rates.id, after)) : where)
    .orderBy(order(rates.effectiveFrom), order(rates.id))
    .limit(limit);
}

export async function insertRate(
  tx: Db,
  values: { baseCurrency: CurrencyCode; quoteCurrency: CurrencyCode; rate: string; effectiveFrom: Date | undefined; remark: string | undefined; createdBy: number },
): Promise<number> {
  const [created] = await tx.insert(rates).values(values).returning({ id: rates.id });
  return must(created, 'inserted rate').id;
}

/** Deletes the rate if it is still scheduled: the time condition makes the check and the delete one step. */
export async function deleteScheduledRate(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(rates)
    .where(and(eq(rates.id, id), gt(rates.effectiveFrom, sql`now()`)))
    .returning({ id: rates.id });
  return deleted.length > 0;
}

export async function rateEffectiveFrom(db: Db, id: number): Promise<Date | undefined> {
  const [row] = await db.select({ effectiveFrom: rates.effectiveFrom }).from(rates).where(eq(rates.id, id));
  return row?.effectiveFrom;
}

export async function toRateRecords(db: Db, rows: RateRow[]): Promise<RateRecord[]> {
  const names = await userNames(
    db,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => toRateRecord(row, names));
}

function toRateRecord(row: RateRow, names: Map<number, string>): RateRecord {
  const rate = trimDecimal(row.rate);
  return {
    id: row.id,
    baseCurrency: row.baseCurrency,
    quoteCurrency: row.quoteCurrency,
    rate,
    inverseRate: invertRate(rate),
    effectiveFrom: row.effectiveFrom.toISOString(),
    current: row.current,
    remark: row.remark,
    createdBy: row.createdBy === null ? '' : (names.get(row.createdBy) ?? ''),
    createdAt: iso(row.createdAt) ?? '',
  };
}
