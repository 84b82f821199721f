import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { RateApplyStatus } from '@portal/shared/finance';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { RATE_APPLY_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../db/client.ts';
import { rateApplications } from '../../db/schema/finance.ts';
import { tenants, users } from '../../db/schema/sys.ts';
import { indexOrder, type Direction } from '../../lib/index-order.ts';
import { dateRange } from '../../lib/list.ts';
import { afterCursor, cursorTimeOf, timeFormatter, type Cursor, type ExportColumn } from '../../lib/xlsx.ts';
import type { Tx } from './ledger/repository.ts';
import { currentRate } from './rates.ts';
import { personName } from './rate-repository.ts';
import { amountText, EXPORT_AMOUNT_FORMAT, exportAmount } from './money.ts';
import { iso } from './repository.ts';

/** Rate applications: the merchant's list, the platform's review queue, their records and exports. */

export type RateApplyFilters = {
  status?: RateApplyStatus;
  applyNo?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
  tenantId?: number;
};

/**
 * The filters within the merchant's tenant, or across all tenants for the platform (`tenantId` null),
 * which never sees drafts: a draft is the merchant's own until it is submitted.
 */
export function rateApplyWhere(tenantId: number | null, filters: RateApplyFilters): SQL | undefined {
  return and(
    tenantId !== null ? eq(rateApplications.tenantId, tenantId) : ne(rateApplications.status, 'DRAFT'),
    tenantId === null && filters.tenantId !== undefined ? eq(rateApplications.tenantId, filters.tenantId) : undefined,
    filters.status ? eq(rateApplications.status, filters.status) : undefined,
    filters.applyNo ? eq(rateApplications.applyNo, filters.applyNo) : undefined,
    ...dateRange(rateApplications.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

const creator = alias(users, 'creator');
const decider = alias(users, 'decider');

const columns = {
  id: rateApplications.id,
  applyNo: rateApplications.applyNo,
  status: rateApplications.status,
  baseCurrency: rateApplications.baseCurrency,
  quoteCurrency: rateApplications.quoteCurrency,
  amount: rateApplications.amount,
  requestedRate: rateApplications.requestedRate,
  approvedRate: rateApplications.approvedRate,
  validUntil: rateApplications.validUntil,
  reason: rateApplications.reason,
  decisionRemark: rateApplications.decisionRemark,
  createdById: rateApplications.createdBy,
  createdBy: personName(creator),
  decidedBy: personName(decider),
  decidedAt: rateApplications.decidedAt,
  createdAt: rateApplications.createdAt,
  tenantId: rateApplications.tenantId,
  tenantName: tenants.name,
};

export type RateApplyRow = {
  id: number;
  applyNo: string;
  status: RateApplyStatus;
  baseCurrency: CurrencyCode;
  quoteCurrency: CurrencyCode;
  amount: bigint;
  requestedRate: string;
  approvedRate: string | null;
  validUntil: Date | null;
  reason: string;
  decisionRemark: string;
  createdById: number | null;
  createdBy: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  tenantId: number;
  tenantName: string;
};

function selectApplications(db: Tx) {
  return db
    .select(columns)
    .from(rateApplications)
    .innerJoin(tenants, eq(tenants.id, rateApplications.tenantId))
    .leftJoin(creator, eq(creator.id, rateApplications.createdBy))
    .leftJoin(decider, eq(decider.id, rateApplications.decidedBy));
}

/**
 * A page, newest first. The review queue (`submittedFirst`) puts what awaits a decision on top, as long
 * as the caller asked for no order of its own.
 */
export async function rateApplyRows(db: Tx, where: SQL | undefined, page: { direction: Direction; submittedFirst: boolean; limit: number; offset: number }): Promise<RateApplyRow[]> {
  const order = indexOrder(page.direction);
  const terms = [order(rateApplications.createdAt), order(rateApplications.id)];
  if (page.submittedFirst) terms.unshift(desc(sql`(${rateApplications.status} = 'SUBMITTED')`));
  return selectApplications(db)
    .where(where)
    .orderBy(...terms)
    .limit(page.limit)
    .offset(page.offset);
}

export async function findRateApply(db: Tx, id: number, tenantId: number | null): Promise<RateApplyRow | null> {
  const [row] = await selectApplications(db).where(and(eq(rateApplications.id, id), tenantId === null ? undefined : eq(rateApplications.tenantId, tenantId)));
  return row ?? null;
}

export function rateApplyExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number): Promise<(RateApplyRow & { cursorTime: string })[]> {
  const order = indexOrder('desc');
  return db
    .select({ ...columns, cursorTime: cursorTimeOf(rateApplications.createdAt) })
    .from(rateApplications)
    .innerJoin(tenants, eq(tenants.id, rateApplications.tenantId))
    .leftJoin(creator, eq(creator.id, rateApplications.createdBy))
    .leftJoin(decider, eq(decider.id, rateApplications.decidedBy))
    .where(after ? and(where, afterCursor(rateApplications.createdAt, rateApplications.id, after)) : where)
    .orderBy(order(rateApplications.createdAt), order(rateApplications.id))
    .limit(limit);
}

/** Today's rate of each pair among `rows`, added to what `known` already holds (an export meets few pairs). */
export async function marketRates(db: Tx, rows: RateApplyRow[], known: Map<string, string | null> = new Map()): Promise<Map<string, string | null>> {
  for (const row of rows) {
    const pair = `${row.baseCurrency}/${row.quoteCurrency}`;
    if (!known.has(pair)) known.set(pair, (await currentRate(db, row.baseCurrency, row.quoteCurrency))?.rate ?? null);
  }
  return known;
}

const marketOf = (row: RateApplyRow, market: Map<string, string | null>) => market.get(`${row.baseCurrency}/${row.quoteCurrency}`) ?? null;

export function toRateApplyRecord(row: RateApplyRow, market: Map<string, string | null>): RateApplyRecord {
  return {
    id: row.id,
    applyNo: row.applyNo,
    status: row.status,
    baseCurrency: row.baseCurrency,
    quoteCurrency: row.quoteCurrency,
    amount: amountText(row.amount, row.baseCurrency),
    requestedRate: trimDecimal(row.requestedRate),
    approvedRate: row.approvedRate === null ? null : trimDecimal(row.approvedRate),
    marketRate: marketOf(row, market),
    validUntil: iso(row.validUntil),
    reason: row.reason,
    decisionRemark: row.decisionRemark,
    createdBy: row.createdBy ?? '',
    decidedBy: row.decidedBy ?? '',
    decidedAt: iso(row.decidedAt),
    createdAt: iso(row.createdAt) ?? '',
    tenantId: row.tenantId,
    tenantName: row.tenantName,
  };
}

export async function toRateApplyRecords(db: Tx, rows: RateApplyRow[]): Promise<RateApplyRecord[]> {
  const market = await marketRates(db, rows);
  return rows.map((row) => toRateApplyRecord(row, market));
}

/** The export's columns; `market` is filled batch by batch before the rows are written. */
export function rateApplyColumnsFor(lang: Language, timeZone: string, market: Map<string, string | null>, withTenant: boolean): ExportColumn<RateApplyRow>[] {
  const t = rateExportTexts;
  const time = timeFormatter(timeZone);
  const columns: ExportColumn<RateApplyRow>[] = [
    { header: t.applyNo[lang], width: 20, value: (row) => row.applyNo },
    { header: t.status[lang], width: 12, value: (row) => RATE_APPLY_STATUS_TEXTS[row.status][lang] },
    { header: t.baseCurrency[lang], width: 12, value: (row) => row.baseCurrency },
    { header: t.quoteCurrency[lang], width: 12, value: (row) => row.quoteCurrency },
    { header: t.amount[lang], width: 16, numFmt: EXPORT_AMOUNT_FORMAT, value: (row) => exportAmount(row.amount, row.baseCurrency) },
    // rates as exact text: a spreadsheet number would round the tenth decimal
    { header: t.requestedRate[lang], width: 16, value: (row) => trimDecimal(row.requestedRate) },
    { header: t.approvedRate[lang], width: 16, value: (row) => (row.approvedRate === null ? '' : trimDecimal(row.approvedRate)) },
    { header: t.marketRate[lang], width: 16, value: (row) => marketOf(row, market) ?? '' },
    { header: t.validUntil[lang], width: 20, value: (row) => time(row.validUntil) },
    { header: t.reason[lang], width: 30, value: (row) => row.reason },
    { header: t.decisionRemark[lang], width: 30, value: (row) => row.decisionRemark },
    { header: t.createdBy[lang], width: 16, value: (row) => row.createdBy ?? '' },
    { header: t.decidedBy[lang], width: 16, value: (row) => row.decidedBy ?? '' },
    { header: t.decidedAt[lang], width: 20, value: (row) => time(row.decidedAt) },
    { header: t.createdAt[lang], width: 20, value: (row) => time(row.createdAt) },
  ];
  if (withTenant) columns.splice(1, 0, { header: t.tenant[lang], width: 20, value: (row) => row.tenantName });
  return columns;
}
