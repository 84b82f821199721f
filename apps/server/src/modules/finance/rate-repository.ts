import { and, eq, exists, gt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { RateRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../db/client.ts';
import { rates } from '../../db/schema/finance.ts';
import { users } from '../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../lib/index-order.ts';
import { dateRange } from '../../lib/list.ts';
import { afterCursor, cursorTimeOf, timeFormatter, type Cursor, type ExportColumn } from '../../lib/xlsx.ts';
import type { Tx } from './ledger/repository.ts';
import { iso, userNames } from './repository.ts';

/** The rate table's queries: the list with its "current" flag, and the export. */

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
 * (the order of rates.ts currentRate: effective_from, then id). Served by fin_rate_pair_idx.
 */
export function isCurrentRate(db: Tx): SQL<boolean> {
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

export function rateWhere(db: Tx, filters: RateFilters): SQL | undefined {
  return and(
    filters.baseCurrency ? eq(rates.baseCurrency, filters.baseCurrency) : undefined,
    filters.quoteCurrency ? eq(rates.quoteCurrency, filters.quoteCurrency) : undefined,
    filters.currentOnly ? isCurrentRate(db) : undefined,
    ...dateRange(rates.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

const rateColumns = (db: Tx) => ({
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
export async function rateRows(db: Tx, where: SQL | undefined, page: { direction: Direction; limit: number; offset: number }): Promise<RateRow[]> {
  const order = indexOrder(page.direction);
  return db
    .select(rateColumns(db))
    .from(rates)
    .where(where)
    .orderBy(order(rates.effectiveFrom), order(rates.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findRate(db: Tx, id: number): Promise<RateRow | null> {
  const [row] = await db.select(rateColumns(db)).from(rates).where(eq(rates.id, id));
  return row ?? null;
}

/** A person's name as userNames gives it (real name, else username), for exports that join users. */
export const personName = (table: { realname: AnyColumn; username: AnyColumn }) => sql<string | null>`coalesce(nullif(${table.realname}, ''), ${table.username})`;

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

export async function toRateRecords(db: Tx, rows: RateRow[]): Promise<RateRecord[]> {
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

export function rateColumnsFor(lang: Language, timeZone: string): ExportColumn<RateExportRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  return [
    { header: t.baseCurrency[lang], width: 12, value: (row) => row.baseCurrency },
    { header: t.quoteCurrency[lang], width: 12, value: (row) => row.quoteCurrency },
    // exact decimals as text: a spreadsheet number would round the tenth decimal
    { header: t.rate[lang], width: 18, value: (row) => trimDecimal(row.rate) },
    { header: t.inverseRate[lang], width: 18, value: (row) => invertRate(trimDecimal(row.rate)) },
    { header: t.effectiveFrom[lang], width: 20, value: (row) => time(row.effectiveFrom) },
    { header: t.current[lang], width: 10, value: (row) => (row.current ? t.yes[lang] : t.no[lang]) },
    { header: t.remark[lang], width: 30, value: (row) => row.remark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.creatorName ?? '' },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
}
