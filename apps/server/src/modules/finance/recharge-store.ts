import { and, asc, desc, eq, getTableColumns, inArray, like, type SQL } from 'drizzle-orm';
import { RECEIVING_ACCOUNTS, type RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord, VoucherRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_EXPONENTS, convertMinor, invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import { journals, rateApplications, recharges, vouchers } from '../../db/schema/finance.ts';
import { dateRange } from '../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../lib/xlsx.ts';
import type { Tx } from './ledger/repository.ts';
import { applicationRate, currentRate, type AppliedRate } from './rates.ts';
import { amountText } from './money.ts';
import { iso, tenantNames, userNames } from './repository.ts';

/** Reading recharges: the list filters, the rows with what they join, and the records the API answers. */

export type RechargeFilters = {
  status?: RechargeStatus;
  rechargeNo?: string;
  transferCurrency?: CurrencyCode;
  createdBy?: number;
  createdAt_begin?: string;
  createdAt_end?: string;
};

// the client's text is a LIKE parameter, never SQL: its wildcards are matched literally
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One tenant's recharges (or every tenant's with null), filtered. A number matches exactly or by its start. */
export function rechargeWhere(tenantId: number | null, filters: RechargeFilters): SQL | undefined {
  return and(
    tenantId === null ? undefined : eq(recharges.tenantId, tenantId),
    filters.status ? eq(recharges.status, filters.status) : undefined,
    filters.rechargeNo ? like(recharges.rechargeNo, likePrefix(filters.rechargeNo)) : undefined,
    filters.transferCurrency ? eq(recharges.transferCurrency, filters.transferCurrency) : undefined,
    filters.createdBy ? eq(recharges.createdBy, filters.createdBy) : undefined,
    ...dateRange(recharges.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

/** Recharges with the number of their rate application and the posting time of their journal. */
export function rechargeRows(tx: Tx) {
  return tx
    .select({ ...getTableColumns(recharges), applyNo: rateApplications.applyNo, postedAt: journals.postedAt, cursorTime: cursorTimeOf(recharges.createdAt) })
    .from(recharges)
    .leftJoin(rateApplications, eq(rateApplications.id, recharges.rateApplyId))
    .leftJoin(journals, eq(journals.id, recharges.journalId));
}
export type RechargeRow = Awaited<ReturnType<typeof rechargeRows>>[number];

/** A page in (created_at, id) order, newest first unless `asc` (the order of the tenant indexes). */
export function rechargePage(tx: Tx, where: SQL | undefined, page: { pageNo: number; pageSize: number; order?: 'asc' | 'desc' }) {
  const direction = page.order === 'asc' ? asc : desc;
  return rechargeRows(tx)
    .where(where)
    .orderBy(direction(recharges.createdAt), direction(recharges.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
}

/** A batch of an export: newest first, after the cursor. */
export function rechargeExportBatch(tx: Tx, where: SQL | undefined, after: Cursor | null, limit: number) {
  return rechargeRows(tx)
    .where(and(where, after ? afterCursor(recharges.createdAt, recharges.id, after) : undefined))
    .orderBy(desc(recharges.createdAt), desc(recharges.id))
    .limit(limit);
}

/** One recharge, of `tenantId` only (null: any tenant). */
export async function findRecharge(tx: Tx, id: number, tenantId: number | null): Promise<RechargeRow | undefined> {
  const [row] = await rechargeRows(tx).where(and(eq(recharges.id, id), tenantId === null ? undefined : eq(recharges.tenantId, tenantId)));
  return row;
}

/** The rate a recharge converts at now, and whether the application it names no longer applies. */
export type RateChoice = { rate: AppliedRate | null; lapsed: boolean };
type RateKey = Pick<RechargeRow, 'tenantId' | 'transferCurrency' | 'receivedCurrency' | 'rateApplyId'>;

/**
 * The rate confirming a recharge now would use: the merchant's approved application it names while that
 * is valid, else the rate table's current rate (none: null). Answers are kept for the book's lifetime
 * (one request), so a page of recharges asks the database once per pair.
 */
export function rateBook(tx: Tx): (row: RateKey) => Promise<RateChoice> {
  const table = new Map<string, Promise<AppliedRate | null>>();
  const applications = new Map<string, Promise<AppliedRate | null>>();
  const cached = (cache: Map<string, Promise<AppliedRate | null>>, key: string, load: () => Promise<AppliedRate | null>) => {
    let found = cache.get(key);
    if (!found) {
      found = load();
      cache.set(key, found);
    }
    return found;
  };
  return async (row) => {
    const from = row.transferCurrency;
    const to = row.receivedCurrency;
    if (from === to) return { rate: await currentRate(tx, from, to), lapsed: false };
    if (row.rateApplyId !== null) {
      const applied = await cached(applications, `${row.tenantId}:${row.rateApplyId}:${from}:${to}`, () => applicationRate(tx, row.tenantId, row.rateApplyId as number, from, to));
      if (applied) return { rate: applied, lapsed: false };
    }
    return { rate: await cached(table, `${from}:${to}`, () => currentRate(tx, from, to)), lapsed: row.rateApplyId !== null };
  };
}

/** `minor` of `from` converted at `rate` into minor units of `to`, half to even. */
export const converted = (minor: bigint, from: CurrencyCode, to: CurrencyCode, rate: string): bigint => convertMinor(minor, CURRENCY_EXPONENTS[from], CURRENCY_EXPONENTS[to], rate).amount;

/**
 * The API's records of `rows`, in their order. Until a recharge is credited its received amount and rate
 * are estimates at the rate that would apply now; once credited they are the figures that were posted.
 */
export async function toRechargeRecords(tx: Tx, rows: RechargeRow[], rateOf: (row: RateKey) => Promise<RateChoice> = rateBook(tx)): Promise<RechargeRecord[]> {
  if (rows.length === 0) return [];
  // one query after another: inside a transaction they share one connection
  const voucherRows = await tx
    .select({ id: vouchers.id, name: vouchers.originalName, mimeType: vouchers.mimeType, size: vouchers.size, rechargeId: vouchers.rechargeId })
    .from(vouchers)
    .where(inArray(vouchers.rechargeId, rows.map((row) => row.id)))
    .orderBy(vouchers.id);
  const names = await userNames(tx, rows.flatMap((row) => [row.createdBy, row.decidedBy]));
  const tenants = await tenantNames(tx, rows.map((row) => row.tenantId));
  const vouchersOf = new Map<number, VoucherRecord[]>();
  for (const { rechargeId, ...voucher } of voucherRows) {
    if (rechargeId === null) continue;
    vouchersOf.set(rechargeId, [...(vouchersOf.get(rechargeId) ?? []), voucher]);
  }
  const records: RechargeRecord[] = [];
  for (const row of rows) {
    const to = row.receivedCurrency;
    let rate: string | null;
    let inverseRate: string | null;
    let received: bigint | null;
    if (row.receivedAmount !== null) {
      // credited (and perhaps reversed since): the figures of the posting
      rate = row.rate === null ? null : trimDecimal(row.rate);
      inverseRate = rate === null ? null : invertRate(rate);
      received = row.receivedAmount;
    } else {
      // the rate table's own pair of figures, as the review preview shows them
      const applied = (await rateOf(row)).rate;
      rate = applied?.rate ?? null;
      inverseRate = applied?.inverseRate ?? null;
      received = applied ? converted(row.transferAmount, row.transferCurrency, to, applied.rate) : null;
    }
    const account = RECEIVING_ACCOUNTS.find((candidate) => candidate.code === row.receivingAccountCode);
    records.push({
      id: row.id,
      rechargeNo: row.rechargeNo,
      status: row.status,
      transferCurrency: row.transferCurrency,
      transferAmount: amountText(row.transferAmount, row.transferCurrency),
      receivedCurrency: to,
      receivedAmount: received === null ? null : amountText(received, to),
      rate,
      inverseRate,
      unrechargedAmount: received === null ? null : amountText(row.status === 'CONFIRMED' ? 0n : received, to),
      rateApplyNo: row.applyNo,
      payerName: row.payerName,
      payerAccount: row.payerAccount,
      receivingAccountCode: row.receivingAccountCode,
      receivingBank: account?.bank ?? '',
      receivingAccountNo: account?.accountNo ?? '',
      transferredAt: iso(row.transferredAt),
      remark: row.remark,
      rejectReason: row.rejectReason,
      vouchers: vouchersOf.get(row.id) ?? [],
      createdBy: (row.createdBy !== null && names.get(row.createdBy)) || '',
      submittedAt: iso(row.submittedAt),
      decidedBy: (row.decidedBy !== null && names.get(row.decidedBy)) || '',
      decidedAt: iso(row.decidedAt),
      postedAt: iso(row.postedAt),
      createdAt: new Date(row.createdAt).toISOString(),
      tenantId: row.tenantId,
      tenantName: tenants.get(row.tenantId) ?? '',
    });
  }
  return records;
}
