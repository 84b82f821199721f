import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RefundKind, RefundStatus } from '@portal/shared/finance';
import type { Page } from '@portal/shared/api';
import type { PayOrderRecord, RefundRecord } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { accounts, journals, payOrders, refunds } from '../../../db/schema/finance.ts';
import { notFound } from '../../../lib/errors.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { must } from '../../../lib/must.ts';
import { dateRange, issuedNumberSearch, pageOf } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { financeNo } from '../ledger/repository.ts';
import { amountText } from '../money.ts';
import { tenantNames, userNames } from '../repository.ts';

/* The queries of refunds and of the pay orders they refund. */

const newestFirst = indexOrder('desc');
type Paging = { pageNo: number; pageSize: number; order?: Direction };
const pageCount = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);
const sumOf = (rows: { sum: string }[]) => BigInt(rows[0]?.sum ?? '0');

/** amount - refunded - the pay order's charge refunds awaiting review, as a column of a query on fin_pay_order */
const refundableOfPayOrder = sql<string>`(${payOrders.amount} - ${payOrders.refunded} - (select coalesce(sum(${refunds.amount}), 0) from ${refunds}
  where ${refunds.payOrderId} = ${payOrders.id} and ${refunds.kind} = 'CHARGE' and ${refunds.status} = 'SUBMITTED'))`;

// ------------------------------------------------------------------ submitting and deciding

/** The wallet's balance, its row locked: the lock serialises submissions against each other (and against postings). */
export async function lockedWalletBalance(tx: Db, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  const [wallet] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)))
    .for('update');
  return wallet?.balance ?? 0n;
}

/** The sum of the tenant's balance refunds in `currency` awaiting review. */
export async function pendingBalanceRefunds(tx: Db, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  return sumOf(
    await tx
      .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.currency, currency), eq(refunds.kind, 'BALANCE'), eq(refunds.status, 'SUBMITTED'))),
  );
}

/** The tenant's pay order by number, locked; undefined when it is not the tenant's. */
export async function lockPayOrderByNo(tx: Db, tenantId: number, payOrderNo: string) {
  const [payOrder] = await tx
    .select({ id: payOrders.id, currency: payOrders.currency, amount: payOrders.amount, refunded: payOrders.refunded })
    .from(payOrders)
    // a charge refund returns a freight charge (REVENUE -R); what was paid for purchases comes back through their settlement
    .where(and(eq(payOrders.payOrderNo, payOrderNo), eq(payOrders.tenantId, tenantId), eq(payOrders.source, 'FREIGHT')))
    .for('update');
  return payOrder;
}

/** The sum of the pay order's charge refunds awaiting review. */
export async function pendingChargeRefunds(tx: Db, payOrderId: number): Promise<bigint> {
  return sumOf(
    await tx
      .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.payOrderId, payOrderId), eq(refunds.kind, 'CHARGE'), eq(refunds.status, 'SUBMITTED'))),
  );
}

export type RefundValues = { kind: RefundKind; currency: CurrencyCode; amount: bigint; payOrderId: number | null; payeeName: string; payeeAccount: string; payeeBank: string };

/** A refund awaiting review; answers its id. */
export async function insertRefund(tx: Db, tenantId: number, userId: number, values: RefundValues, reason: string): Promise<number> {
  const [created] = await tx
    .insert(refunds)
    .values({ tenantId, refundNo: financeNo('RF'), status: 'SUBMITTED', ...values, reason, createdBy: userId })
    .returning({ id: refunds.id });
  return must(created, 'refund').id;
}

/** The tenant's pay order by id, locked until the transaction ends; undefined when there is none. */
export async function lockPayOrder(tx: Db, tenantId: number, id: number): Promise<{ amount: bigint; refunded: bigint } | undefined> {
  const [payOrder] = await tx
    .select({ amount: payOrders.amount, refunded: payOrders.refunded })
    .from(payOrders)
    .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.id, id)))
    .for('update');
  return payOrder;
}

/** A CHARGE refund approved as it is made (a purchase order's settlement, which no one reviews); answers its id and number. */
export async function insertApprovedRefund(
  tx: Db,
  tenantId: number,
  refund: { currency: CurrencyCode; amount: bigint; payOrderId: number; reason: string; userId: number | null },
): Promise<{ id: number; refundNo: string }> {
  const [created] = await tx
    .insert(refunds)
    .values({
      tenantId,
      refundNo: financeNo('RF'),
      status: 'APPROVED',
      kind: 'CHARGE',
      currency: refund.currency,
      amount: refund.amount,
      payOrderId: refund.payOrderId,
      reason: refund.reason,
      createdBy: refund.userId,
      decidedBy: refund.userId,
      decidedAt: sql`now()`,
    })
    .returning({ id: refunds.id, refundNo: refunds.refundNo });
  return must(created, 'refund');
}

export async function setRefundJournal(tx: Db, tenantId: number, id: number, journalId: number): Promise<void> {
  await tx.update(refunds).set({ journalId }).where(and(eq(refunds.tenantId, tenantId), eq(refunds.id, id)));
}

/** A refund of any tenant, locked; 404 when there is none. */
export async function lockRefund(tx: Db, id: number) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!refund) throw notFound();
  return refund;
}

/** Raises the pay order's refunded by `amount`, never past what was paid: false when it would be. */
export async function raiseRefunded(tx: Db, payOrderId: number, amount: bigint): Promise<boolean> {
  const raised = await tx
    .update(payOrders)
    .set({ refunded: sql`${payOrders.refunded} + ${amount}` })
    .where(and(eq(payOrders.id, payOrderId), sql`${payOrders.refunded} + ${amount} <= ${payOrders.amount}`))
    .returning({ id: payOrders.id });
  return raised.length > 0;
}

export async function payOrderById(tx: Db, id: number) {
  const [payOrder] = await tx.select().from(payOrders).where(eq(payOrders.id, id));
  return must(payOrder, 'pay order');
}

export async function markDecided(tx: Db, id: number, decision: { approve: boolean; reason: string; journalId: number | null; userId: number }): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: decision.approve ? 'APPROVED' : 'REJECTED', decisionRemark: decision.reason, journalId: decision.journalId, decidedBy: decision.userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(refunds.id, id));
}

// ------------------------------------------------------------------ lists and records

export type RefundFilters = {
  status?: RefundStatus;
  kind?: RefundKind;
  refundNo?: string;
  currency?: CurrencyCode;
  createdBy?: number;
  createdAt_begin?: string;
  createdAt_end?: string;
};

/**
 * Within one tenant (merchant calls) or across all (platform calls: `tenantId` null unless it filters); `rules`: the caller's data rules on the
 * refund menu (modules/system/data-rule). The one condition of the refund list, its export and every figure that sums it (the wallet's).
 */
export function refundWhere(tenantId: number | null, filters: RefundFilters, rules?: SQL): SQL | undefined {
  return and(
    tenantId === null ? undefined : eq(refunds.tenantId, tenantId),
    filters.status ? eq(refunds.status, filters.status) : undefined,
    filters.kind ? eq(refunds.kind, filters.kind) : undefined,
    issuedNumberSearch(refunds.refundNo, filters.refundNo),
    filters.currency ? eq(refunds.currency, filters.currency) : undefined,
    filters.createdBy ? eq(refunds.createdBy, filters.createdBy) : undefined,
    ...dateRange(refunds.createdAt, filters.createdAt_begin, filters.createdAt_end),
    rules,
  );
}

const refundColumns = {
  id: refunds.id,
  tenantId: refunds.tenantId,
  refundNo: refunds.refundNo,
  status: refunds.status,
  kind: refunds.kind,
  currency: refunds.currency,
  amount: refunds.amount,
  payOrderNo: payOrders.payOrderNo,
  orderNo: payOrders.sourceNo,
  payeeName: refunds.payeeName,
  payeeAccount: refunds.payeeAccount,
  payeeBank: refunds.payeeBank,
  reason: refunds.reason,
  decisionRemark: refunds.decisionRemark,
  createdBy: refunds.createdBy,
  decidedBy: refunds.decidedBy,
  decidedAt: refunds.decidedAt,
  postedAt: journals.postedAt,
  createdAt: refunds.createdAt,
};

export type RefundRow = {
  id: number;
  tenantId: number;
  refundNo: string;
  status: RefundStatus;
  kind: RefundKind;
  currency: CurrencyCode;
  amount: bigint;
  payOrderNo: string | null;
  orderNo: string | null;
  payeeName: string;
  payeeAccount: string;
  payeeBank: string;
  reason: string;
  decisionRemark: string;
  createdBy: number | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  postedAt: Date | null;
  createdAt: Date;
};

/** Refunds with the pay order they refund and the journal that moved the money. */
const refundsJoined = (tx: Db) =>
  tx.select(refundColumns).from(refunds).leftJoin(payOrders, eq(payOrders.id, refunds.payOrderId)).leftJoin(journals, eq(journals.id, refunds.journalId));

/** A page of refunds (of one tenant, or of all when `tenantId` is null) as records. */
export async function refundPage(db: Db, tenantId: number | null, body: RefundFilters & Paging, rules?: SQL): Promise<Page<RefundRecord>> {
  const where = refundWhere(tenantId, body, rules);
  const direction = indexOrder(body.order === 'asc' ? 'asc' : 'desc');
  const [rows, counted] = await Promise.all([
    refundsJoined(db)
      .where(where)
      .orderBy(direction(refunds.createdAt), direction(refunds.id))
      .limit(body.pageSize)
      .offset((body.pageNo - 1) * body.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(refunds).where(where),
  ]);
  return pageOf(await toRefundRecords(db, rows), pageCount(counted), body.pageNo, body.pageSize);
}

async function toRefundRecords(tx: Db, rows: RefundRow[]): Promise<RefundRecord[]> {
  // one query after another: inside a transaction they share one connection
  const people = await userNames(
    tx,
    rows.flatMap((row) => [row.createdBy, row.decidedBy]),
  );
  const tenantsOf = await tenantNames(
    tx,
    rows.map((row) => row.tenantId),
  );
  const name = (id: number | null) => (id === null ? '' : (people.get(id) ?? ''));
  return rows.map((row) => ({
    id: row.id,
    refundNo: row.refundNo,
    status: row.status,
    kind: row.kind,
    currency: row.currency,
    amount: amountText(row.amount, row.currency),
    payOrderNo: row.payOrderNo,
    orderNo: row.orderNo,
    payeeName: row.payeeName,
    payeeAccount: row.payeeAccount,
    payeeBank: row.payeeBank,
    reason: row.reason,
    decisionRemark: row.decisionRemark,
    createdBy: name(row.createdBy),
    refunder: name(row.decidedBy),
    decidedAt: iso(row.decidedAt),
    postedAt: iso(row.postedAt),
    createdAt: must(iso(row.createdAt), 'createdAt'),
    tenantId: row.tenantId,
    tenantName: tenantsOf.get(row.tenantId) ?? '',
  }));
}

/** One refund as a record, within a tenant when one is given; 404 when missing or another tenant's. */
export async function refundRecord(tx: Db, tenantId: number | null, id: number, rules?: SQL): Promise<RefundRecord> {
  const rows = await refundsJoined(tx).where(and(eq(refunds.id, id), tenantId === null ? undefined : eq(refunds.tenantId, tenantId), rules));
  const [record] = await toRefundRecords(tx, rows);
  if (!record) throw notFound();
  return record;
}

/** A page of the tenant's paid charges that can still be refunded (paid less refunded less refunds awaiting review), newest first. */
export async function payOrderPage(db: Db, tenantId: number, body: { payOrderNo?: string; orderNo?: string; pageNo: number; pageSize: number }): Promise<Page<PayOrderRecord>> {
  const where = and(
    eq(payOrders.tenantId, tenantId),
    // freight only: purchase payments are refunded by their settlement, never by a charge refund
    eq(payOrders.source, 'FREIGHT'),
    sql`${refundableOfPayOrder} > 0`,
    issuedNumberSearch(payOrders.payOrderNo, body.payOrderNo),
    issuedNumberSearch(payOrders.sourceNo, body.orderNo),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({
        payOrderNo: payOrders.payOrderNo,
        orderNo: payOrders.sourceNo,
        currency: payOrders.currency,
        amount: payOrders.amount,
        refunded: payOrders.refunded,
        refundable: sql<string>`${refundableOfPayOrder}::text`,
        paidAt: payOrders.paidAt,
      })
      .from(payOrders)
      .where(where)
      .orderBy(newestFirst(payOrders.paidAt), newestFirst(payOrders.id))
      .limit(body.pageSize)
      .offset((body.pageNo - 1) * body.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(payOrders).where(where),
  ]);
  const records = rows.map((row) => ({
    payOrderNo: row.payOrderNo,
    orderNo: row.orderNo,
    currency: row.currency,
    amount: amountText(row.amount, row.currency),
    refunded: amountText(row.refunded, row.currency),
    refundable: amountText(BigInt(row.refundable), row.currency),
    paidAt: must(iso(row.paidAt), 'paidAt'),
  }));
  return pageOf(records, pageCount(counted), body.pageNo, body.pageSize);
}

// ------------------------------------------------------------------ export

export type RefundExportRow = RefundRow & { cursorTime: string; createdByName: string; refunderName: string; tenantName: string };

export async function countRefunds(db: Db, tenantId: number | null, filters: RefundFilters, rules?: SQL): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(refunds).where(refundWhere(tenantId, filters, rules));
  return Number(counted?.total ?? 0);
}

/** The next refunds of an export in (created, id) descending order after the cursor, with people's (and tenants') names. */
export async function refundExportBatch(db: Db, tenantId: number | null, filters: RefundFilters, withTenant: boolean, after: Cursor | null, limit: number, rules?: SQL): Promise<RefundExportRow[]> {
  const where = refundWhere(tenantId, filters, rules);
  const rows = await db
    .select({ ...refundColumns, cursorTime: cursorTimeOf(refunds.createdAt) })
    .from(refunds)
    .leftJoin(payOrders, eq(payOrders.id, refunds.payOrderId))
    .leftJoin(journals, eq(journals.id, refunds.journalId))
    .where(after ? and(where, afterCursor(refunds.createdAt, refunds.id, after)) : where)
    .orderBy(newestFirst(refunds.createdAt), newestFirst(refunds.id))
    .limit(limit);
  const [people, tenantsOf] = await Promise.all([
    userNames(
      db,
      rows.flatMap((row) => [row.createdBy, row.decidedBy]),
    ),
    withTenant
      ? tenantNames(
          db,
          rows.map((row) => row.tenantId),
        )
      : Promise.resolve(new Map<number, string>()),
  ]);
  const name = (id: number | null) => (id === null ? '' : (people.get(id) ?? ''));
  return rows.map((row) => ({ ...row, createdByName: name(row.createdBy), refunderName: name(row.decidedBy), tenantName: tenantsOf.get(row.tenantId) ?? '' }));
}
