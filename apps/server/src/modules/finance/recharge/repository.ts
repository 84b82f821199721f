import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { RECEIVING_ACCOUNTS, type RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord, VoucherRecord } from '@portal/shared/finance-schemas';
import { invertRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import { journals, rateApplications, recharges, vouchers } from '../../../db/schema/finance.ts';
import { dateRange, issuedNumberSearch } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { financeNo } from '../ledger/repository.ts';
import { amountText } from '../money.ts';
import type { AppliedRate, UsedRate } from '../rates/service.ts';
import { converted } from './model.ts';

/** Recharges and their vouchers: the list filters, the rows with what they join, their records, the changes. */

export type RechargeFilters = {
  status?: RechargeStatus;
  rechargeNo?: string;
  transferCurrency?: CurrencyCode;
  createdBy?: number;
  createdAt_begin?: string;
  createdAt_end?: string;
};

/**
 * One tenant's recharges (or every tenant's with null), filtered, within the caller's data rules (`scope`). A number matches exactly or by its
 * start. The one condition of the recharge list, its export and every figure that sums it (the wallet's).
 */
export function rechargeWhere(tenantId: number | null, filters: RechargeFilters, scope?: SQL): SQL | undefined {
  return and(
    tenantId === null ? undefined : eq(recharges.tenantId, tenantId),
    filters.status ? eq(recharges.status, filters.status) : undefined,
    issuedNumberSearch(recharges.rechargeNo, filters.rechargeNo),
    filters.transferCurrency ? eq(recharges.transferCurrency, filters.transferCurrency) : undefined,
    filters.createdBy ? eq(recharges.createdBy, filters.createdBy) : undefined,
    ...dateRange(recharges.createdAt, filters.createdAt_begin, filters.createdAt_end),
    scope,
  );
}

export async function countRecharges(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(recharges).where(where);
  return Number(counted?.total ?? 0);
}

/** Recharges with the number of their rate application and the posting time of their journal. */
export function rechargeRows(tx: Db) {
  return tx
    .select({ ...getTableColumns(recharges), applyNo: rateApplications.applyNo, postedAt: journals.postedAt, cursorTime: cursorTimeOf(recharges.createdAt) })
    .from(recharges)
    .leftJoin(rateApplications, eq(rateApplications.id, recharges.rateApplyId))
    .leftJoin(journals, eq(journals.id, recharges.journalId));
}
export type RechargeRow = Awaited<ReturnType<typeof rechargeRows>>[number];

/** A page in (created_at, id) order, newest first unless `asc` (the order of the tenant indexes). */
export function rechargePage(tx: Db, where: SQL | undefined, page: { pageNo: number; pageSize: number; order?: 'asc' | 'desc' }) {
  const direction = page.order === 'asc' ? asc : desc;
  return rechargeRows(tx)
    .where(where)
    .orderBy(direction(recharges.createdAt), direction(recharges.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
}

/** A batch of an export: newest first, after the cursor. */
export function rechargeExportBatch(tx: Db, where: SQL | undefined, after: Cursor | null, limit: number) {
  return rechargeRows(tx)
    .where(and(where, after ? afterCursor(recharges.createdAt, recharges.id, after) : undefined))
    .orderBy(desc(recharges.createdAt), desc(recharges.id))
    .limit(limit);
}

/** One recharge, of `tenantId` only (null: any tenant). */
export async function findRecharge(tx: Db, id: number, tenantId: number | null, scope?: SQL): Promise<RechargeRow | undefined> {
  const [row] = await rechargeRows(tx).where(and(eq(recharges.id, id), tenantId === null ? undefined : eq(recharges.tenantId, tenantId), scope));
  return row;
}

/**
 * The API's record of a recharge. Until it is credited its received amount and rate are estimates at
 * `applied`, the rate that would apply now; once credited they are the figures that were posted.
 */
export function rechargeRecordOf(
  row: RechargeRow,
  applied: AppliedRate | null,
  related: { vouchers: VoucherRecord[]; names: Map<number, string>; tenantName: string; postedInverse?: (rate: UsedRate) => string },
): RechargeRecord {
  const to = row.receivedCurrency;
  let rate: string | null;
  let inverseRate: string | null;
  let received: bigint | null;
  if (row.receivedAmount !== null) {
    // credited (and perhaps reversed since): the figures of the posting
    rate = row.rate === null ? null : trimDecimal(row.rate);
    inverseRate = rate === null ? null : (related.postedInverse?.({ from: row.transferCurrency, to, rate }) ?? invertRate(rate));
    received = row.receivedAmount;
  } else {
    // the rate table's own pair of figures, as the review preview shows them
    rate = applied?.rate ?? null;
    inverseRate = applied?.inverseRate ?? null;
    received = applied ? converted(row.transferAmount, row.transferCurrency, to, applied.rate) : null;
  }
  const account = RECEIVING_ACCOUNTS.find((candidate) => candidate.code === row.receivingAccountCode);
  const { names } = related;
  return {
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
    rateApplyId: row.rateApplyId,
    rateApplyNo: row.applyNo,
    payerName: row.payerName,
    payerAccount: row.payerAccount,
    receivingAccountCode: row.receivingAccountCode,
    receivingBank: account?.bank ?? '',
    receivingAccountNo: account?.accountNo ?? '',
    transferredAt: iso(row.transferredAt),
    remark: row.remark,
    rejectReason: row.rejectReason,
    vouchers: related.vouchers,
    createdBy: (row.createdBy !== null && names.get(row.createdBy)) || '',
    submittedAt: iso(row.submittedAt),
    decidedBy: (row.decidedBy !== null && names.get(row.decidedBy)) || '',
    decidedAt: iso(row.decidedAt),
    postedAt: iso(row.postedAt),
    createdAt: new Date(row.createdAt).toISOString(),
    tenantId: row.tenantId,
    tenantName: related.tenantName,
  };
}

/** The recharge row locked for the rest of the transaction: two decisions or edits never both pass. */
export async function lockRecharge(tx: Db, id: number, tenantId: number | null, scope?: SQL) {
  const [row] = await tx
    .select()
    .from(recharges)
    .where(and(eq(recharges.id, id), tenantId === null ? undefined : eq(recharges.tenantId, tenantId), scope))
    .for('update');
  return row;
}

export type RechargeValues = Pick<
  typeof recharges.$inferInsert,
  'status' | 'transferCurrency' | 'transferAmount' | 'receivedCurrency' | 'rateApplyId' | 'payerName' | 'payerAccount' | 'receivingAccountCode' | 'transferredAt' | 'remark'
>;

/** A new recharge with the next RC number; `submittedBy` null for a draft. */
export async function insertRecharge(tx: Db, tenantId: number, createdBy: number, submittedBy: number | null, values: RechargeValues): Promise<number> {
  const [created] = await tx
    .insert(recharges)
    .values({
      ...values,
      updatedAt: sql`now()`,
      tenantId,
      rechargeNo: financeNo('RC'),
      createdBy,
      submittedBy,
      submittedAt: submittedBy === null ? null : sql`now()`,
    })
    .returning({ id: recharges.id });
  return must(created, 'recharge').id;
}

export async function updateRecharge(tx: Db, id: number, submittedBy: number | null, values: RechargeValues): Promise<void> {
  await tx
    .update(recharges)
    .set({ ...values, updatedAt: sql`now()`, submittedBy, submittedAt: submittedBy === null ? null : sql`now()` })
    .where(eq(recharges.id, id));
}

/** A decision or a reversal: the new status and what comes with it. */
export async function setRechargeStatus(tx: Db, id: number, values: Pick<typeof recharges.$inferInsert, 'status' | 'rejectReason' | 'receivedAmount' | 'rate' | 'rateApplyId' | 'journalId'>, decidedBy?: number): Promise<void> {
  const decided = decidedBy === undefined ? {} : { decidedBy, decidedAt: sql`now()` };
  await tx
    .update(recharges)
    .set({ ...decided, updatedAt: sql`now()`, ...values })
    .where(eq(recharges.id, id));
}

/** Deletes a recharge and its vouchers. */
export async function deleteRecharge(tx: Db, id: number): Promise<void> {
  await tx.delete(vouchers).where(eq(vouchers.rechargeId, id));
  await tx.delete(recharges).where(eq(recharges.id, id));
}

export async function rechargeNoOf(tx: Db, id: number): Promise<string | undefined> {
  const [owner] = await tx.select({ rechargeNo: recharges.rechargeNo }).from(recharges).where(eq(recharges.id, id));
  return owner?.rechargeNo;
}

// ------------------------------------------------------------------ vouchers

/** The tenant's vouchers among `ids` with the recharge each belongs to, locked: a voucher two recharges race for goes to one of them. */
export function lockVouchers(tx: Db, tenantId: number, ids: number[]) {
  return tx
    .select({ id: vouchers.id, rechargeId: vouchers.rechargeId })
    .from(vouchers)
    .where(and(inArray(vouchers.id, ids), eq(vouchers.tenantId, tenantId)))
    .for('update');
}

/** Attaches exactly `voucherIds` to the recharge, detaching the ones it no longer lists. */
export async function attachVouchers(tx: Db, rechargeId: number, voucherIds: number[]): Promise<void> {
  await tx
    .update(vouchers)
    .set({ rechargeId: null })
    .where(and(eq(vouchers.rechargeId, rechargeId), voucherIds.length > 0 ? notInArray(vouchers.id, voucherIds) : undefined));
  if (voucherIds.length > 0) await tx.update(vouchers).set({ rechargeId }).where(inArray(vouchers.id, voucherIds));
}

export async function insertVoucher(
  tx: Db,
  values: { tenantId: number; storedName: string; originalName: string; mimeType: string; size: number; content: Buffer; createdBy: number },
): Promise<VoucherRecord> {
  const [created] = await tx
    .insert(vouchers)
    .values(values)
    .returning({ id: vouchers.id, name: vouchers.originalName, mimeType: vouchers.mimeType, size: vouchers.size });
  return must(created, 'voucher');
}

export type VoucherFile = { storedName: string; originalName: string; mimeType: string; content: Uint8Array };

/** A voucher's file, of `tenantId` only (null: any tenant). */
export async function voucherFile(tx: Db, id: number, tenantId: number | null): Promise<VoucherFile | undefined> {
  const [voucher] = await tx
    .select({ storedName: vouchers.storedName, originalName: vouchers.originalName, mimeType: vouchers.mimeType, content: vouchers.content })
    .from(vouchers)
    .where(and(eq(vouchers.id, id), tenantId === null ? undefined : eq(vouchers.tenantId, tenantId)));
  return voucher;
}

/** The vouchers of the recharges, in id order. */
export function vouchersOfRecharges(tx: Db, rechargeIds: number[]) {
  return tx
    .select({ id: vouchers.id, name: vouchers.originalName, mimeType: vouchers.mimeType, size: vouchers.size, rechargeId: vouchers.rechargeId })
    .from(vouchers)
    .where(inArray(vouchers.rechargeId, rechargeIds))
    .orderBy(vouchers.id);
}
