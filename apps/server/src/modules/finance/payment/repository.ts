import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus, PayOrderSource } from '@portal/shared/finance';
import type { Page } from '@portal/shared/api';
import type { ChargeRecord, PaymentRecord } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import type { OrderStatus } from '@portal/shared/logistics';
import { entries, paymentLines, payments, payOrders } from '../../../db/schema/finance.ts';
import { orders } from '../../../db/schema/logistics.ts';
import { notFound } from '../../../lib/errors.ts';
import { indexOrder, type Direction } from '../../../lib/index-order.ts';
import { must } from '../../../lib/must.ts';
import { dateRange, issuedNumberSearch, numberSearch, pageOf } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { financeNo } from '../ledger/repository.ts';
import { amountText, PLATFORM_PAYEE } from '../money.ts';
import { userNames } from '../repository.ts';

/* The queries of payments: charges (the freight of logistics orders), drafts, pay orders, records; a purchase charge's payment. */

export const newestFirst = indexOrder('desc');
const oldestFirst = indexOrder('asc');
const inOrder = (direction: Direction | undefined) => (direction === 'asc' ? oldestFirst : newestFirst);

type Paging = { pageNo: number; pageSize: number; order?: Direction };
const pageCount = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);

/** A logistics order as a charge: its freight and whether it is paid already. */
export type Charge = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  freightCharge: bigint | null;
  freightCurrency: CurrencyCode | null;
  payOrderNo: string | null;
};

/** A charge can be paid once measured (freightCharge set), while the order is not cancelled and not paid yet. */
const payableCharge = (): SQL =>
  and(
    isNotNull(orders.freightCharge),
    sql`${orders.freightCharge} > 0`,
    sql`${orders.status} <> 'CANCEL'`,
    sql`not exists (select 1 from ${payOrders} where ${payOrders.source} = 'FREIGHT' and ${payOrders.sourceId} = ${orders.id})`,
  ) as SQL;

export type ChargeFilters = { orderNo?: string; currency?: CurrencyCode; createdAt_begin?: string; createdAt_end?: string };

/** A page of the tenant's payable charges, with the drafts already holding each. */
export async function chargePage(db: Db, tenantId: number, body: ChargeFilters & Paging): Promise<Page<ChargeRecord>> {
  const where = and(
    eq(orders.tenantId, tenantId),
    payableCharge(),
    numberSearch(orders.orderNo, body.orderNo),
    body.currency ? eq(orders.freightCurrency, body.currency) : undefined,
    ...dateRange(orders.createdAt, body.createdAt_begin, body.createdAt_end),
  );
  const direction = inOrder(body.order);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        merchantOrderNo: orders.merchantOrderNo,
        status: orders.status,
        freightCharge: orders.freightCharge,
        freightCurrency: orders.freightCurrency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(body.pageSize)
      .offset((body.pageNo - 1) * body.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const drafts = await draftsHolding(
    db,
    tenantId,
    rows.map((row) => row.id),
  );
  const records = rows.map((row) => {
    // a payable charge has both
    const currency = row.freightCurrency as CurrencyCode;
    return {
      orderId: row.id,
      orderNo: row.orderNo,
      merchantOrderNo: row.merchantOrderNo,
      orderStatus: row.status,
      currency,
      amount: amountText(row.freightCharge ?? 0n, currency),
      createdAt: row.createdAt.toISOString(),
      draftPaymentNos: drafts.get(row.id) ?? [],
    };
  });
  return pageOf(records, pageCount(counted), body.pageNo, body.pageSize);
}

/** The tenant's orders among `orderIds` as charges, in ascending id order (the missing ones left out). */
export function chargesOf(tx: Db, tenantId: number, orderIds: number[]): Promise<Charge[]> {
  return tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      freightCharge: orders.freightCharge,
      freightCurrency: orders.freightCurrency,
      payOrderNo: payOrders.payOrderNo,
    })
    .from(orders)
    .leftJoin(payOrders, and(eq(payOrders.source, 'FREIGHT'), eq(payOrders.sourceId, orders.id)))
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)))
    .orderBy(asc(orders.id));
}

/** The draft payment numbers holding each of these orders. */
async function draftsHolding(tx: Db, tenantId: number, orderIds: number[]): Promise<Map<number, string[]>> {
  const held = new Map<number, string[]>();
  if (orderIds.length === 0) return held;
  const rows = await tx
    .select({ orderId: paymentLines.orderId, paymentNo: payments.paymentNo })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(and(eq(payments.tenantId, tenantId), eq(payments.status, 'DRAFT'), inArray(paymentLines.orderId, orderIds)))
    .orderBy(asc(payments.id));
  for (const row of rows) held.set(row.orderId, [...(held.get(row.orderId) ?? []), row.paymentNo]);
  return held;
}

// ------------------------------------------------------------------ drafts and paying

export type Draft = { id: number; paymentNo: string; currency: CurrencyCode; remark: string; createdAt: Date };
type Lines = { charges: Charge[]; currency: CurrencyCode; total: bigint };

const linesOf = (tenantId: number, paymentId: number, charges: Charge[]) =>
  charges.map((charge) => ({ tenantId, paymentId, orderId: charge.id, amount: must(charge.freightCharge, 'charge') }));

/** A new draft holding these charges at their amounts of now. */
export async function insertDraft(tx: Db, tenantId: number, userId: number, lines: Lines, remark: string): Promise<Draft> {
  const [created] = await tx
    .insert(payments)
    .values({ tenantId, paymentNo: financeNo('PY'), status: 'DRAFT', currency: lines.currency, amount: lines.total, remark, createdBy: userId })
    .returning({ id: payments.id, paymentNo: payments.paymentNo, currency: payments.currency, remark: payments.remark, createdAt: payments.createdAt });
  const draft = must(created, 'payment');
  await tx.insert(paymentLines).values(linesOf(tenantId, draft.id, lines.charges));
  return draft;
}

/** A payment paid at once, without lines (a purchase charge): its journal comes with markPaid. */
export async function insertPaidPayment(tx: Db, tenantId: number, userId: number, paid: { currency: CurrencyCode; amount: bigint; remark: string }): Promise<{ id: number; paymentNo: string }> {
  const [created] = await tx
    .insert(payments)
    .values({ tenantId, paymentNo: financeNo('PY'), status: 'PAID', ...paid, createdBy: userId, paidBy: userId })
    .returning({ id: payments.id, paymentNo: payments.paymentNo });
  return must(created, 'payment');
}

/** Replaces a draft's lines and remark. */
export async function rewriteDraft(tx: Db, tenantId: number, paymentId: number, lines: Lines, remark: string): Promise<void> {
  await tx.delete(paymentLines).where(eq(paymentLines.paymentId, paymentId));
  await tx.insert(paymentLines).values(linesOf(tenantId, paymentId, lines.charges));
  await tx.update(payments).set({ currency: lines.currency, amount: lines.total, remark, updatedAt: sql`now()` }).where(eq(payments.id, paymentId));
}

/** The tenant's payment, with `lock` locked for the rest of the transaction; 404 when it is not the tenant's. */
export async function findPayment(tx: Db, tenantId: number, id: number, lock = false, scope?: SQL) {
  const query = tx
    .select({ id: payments.id, paymentNo: payments.paymentNo, status: payments.status, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.tenantId, tenantId), scope));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/** The lines go with it (on delete cascade). */
export async function deletePayment(tx: Db, id: number): Promise<void> {
  await tx.delete(payments).where(eq(payments.id, id));
}

export function draftLines(tx: Db, paymentId: number): Promise<{ orderId: number; amount: bigint }[]> {
  return tx.select({ orderId: paymentLines.orderId, amount: paymentLines.amount }).from(paymentLines).where(eq(paymentLines.paymentId, paymentId)).orderBy(asc(paymentLines.orderId));
}

/** What one pay order pays: a charge of its source (a logistics order's freight, a purchase charge). */
export type PayOrderLine = { source: PayOrderSource; sourceId: number; sourceNo: string; amount: bigint };

/**
 * One pay order per line, in the given order; a charge another payment has just paid is skipped by
 * the unique (tenant, source, source id), after waiting for that payment to commit. Answers the ones made.
 */
export function insertPayOrders(tx: Db, tenantId: number, payment: { id: number; currency: CurrencyCode }, lines: PayOrderLine[]): Promise<{ id: number; sourceId: number; payOrderNo: string }[]> {
  return tx
    .insert(payOrders)
    .values(lines.map((line) => ({ tenantId, payOrderNo: financeNo('PO'), ...line, paymentId: payment.id, currency: payment.currency })))
    .onConflictDoNothing({ target: [payOrders.tenantId, payOrders.source, payOrders.sourceId] })
    .returning({ id: payOrders.id, sourceId: payOrders.sourceId, payOrderNo: payOrders.payOrderNo });
}

export async function setLineAmount(tx: Db, paymentId: number, orderId: number, amount: bigint): Promise<void> {
  await tx
    .update(paymentLines)
    .set({ amount })
    .where(and(eq(paymentLines.paymentId, paymentId), eq(paymentLines.orderId, orderId)));
}

export async function markPaid(tx: Db, paymentId: number, paid: { amount: bigint; journalId: number; paidBy: number; paidAt: Date }): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'PAID', ...paid, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

// ------------------------------------------------------------------ lists and records

export type PaymentFilters = {
  status?: PaymentStatus;
  paymentNo?: string;
  orderNo?: string;
  currency?: CurrencyCode;
  createdBy?: number;
  createdAt_begin?: string;
  createdAt_end?: string;
};

/** `scope`: the caller's data rules on the payment menu (modules/system/data-rule), when any narrow it. */
function paymentWhere(tenantId: number, filters: PaymentFilters, scope?: SQL): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(payments.tenantId, tenantId)];
  if (filters.status) where.push(eq(payments.status, filters.status));
  where.push(issuedNumberSearch(payments.paymentNo, filters.paymentNo));
  if (filters.currency) where.push(eq(payments.currency, filters.currency));
  if (filters.createdBy) where.push(eq(payments.createdBy, filters.createdBy));
  if (filters.orderNo) {
    where.push(
      sql`exists (select 1 from ${paymentLines} join ${orders} on ${orders.id} = ${paymentLines.orderId}
        where ${paymentLines.paymentId} = ${payments.id} and ${orders.orderNo} = ${filters.orderNo} and ${orders.tenantId} = ${tenantId})`,
    );
  }
  where.push(...dateRange(payments.createdAt, filters.createdAt_begin, filters.createdAt_end));
  if (scope) where.push(scope);
  return and(...where);
}

const paymentColumns = {
  id: payments.id,
  paymentNo: payments.paymentNo,
  status: payments.status,
  currency: payments.currency,
  amount: payments.amount,
  remark: payments.remark,
  journalId: payments.journalId,
  createdBy: payments.createdBy,
  paidBy: payments.paidBy,
  paidAt: payments.paidAt,
  createdAt: payments.createdAt,
};
export type PaymentRow = {
  id: number;
  paymentNo: string;
  status: PaymentStatus;
  currency: CurrencyCode;
  amount: bigint;
  remark: string;
  journalId: number | null;
  createdBy: number | null;
  paidBy: number | null;
  paidAt: Date | null;
  createdAt: Date;
};

/** A page of the tenant's payments as records. */
export async function paymentPage(db: Db, tenantId: number, body: PaymentFilters & Paging, scope?: SQL): Promise<Page<PaymentRecord>> {
  const where = paymentWhere(tenantId, body, scope);
  const direction = inOrder(body.order);
  const [rows, counted] = await Promise.all([
    db
      .select(paymentColumns)
      .from(payments)
      .where(where)
      .orderBy(direction(payments.createdAt), direction(payments.id))
      .limit(body.pageSize)
      .offset((body.pageNo - 1) * body.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where),
  ]);
  return pageOf(await toPaymentRecords(db, rows), pageCount(counted), body.pageNo, body.pageSize);
}

/** Payments as the contract's records: lines with their pay orders, people's names, the balance after. */
async function toPaymentRecords(tx: Db, rows: PaymentRow[]): Promise<PaymentRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const journalIds = rows.map((row) => row.journalId).filter((id): id is number => id !== null);
  // one query after another: inside a transaction they share one connection
  const lines = await tx
    .select({
      paymentId: paymentLines.paymentId,
      orderId: paymentLines.orderId,
      orderNo: orders.orderNo,
      amount: paymentLines.amount,
      payOrderNo: payOrders.payOrderNo,
      refunded: payOrders.refunded,
    })
    .from(paymentLines)
    .innerJoin(orders, eq(orders.id, paymentLines.orderId))
    .leftJoin(payOrders, and(eq(payOrders.paymentId, paymentLines.paymentId), eq(payOrders.source, 'FREIGHT'), eq(payOrders.sourceId, paymentLines.orderId)))
    .where(inArray(paymentLines.paymentId, ids))
    .orderBy(asc(paymentLines.orderId));
  const walletEntries =
    journalIds.length === 0
      ? []
      : await tx
          .select({ journalId: entries.journalId, balanceAfter: entries.balanceAfter })
          .from(entries)
          .where(and(inArray(entries.journalId, journalIds), isNotNull(entries.balanceAfter)));
  const names = await userNames(
    tx,
    rows.flatMap((row) => [row.createdBy, row.paidBy]),
  );
  const balanceOf = new Map(walletEntries.map((entry) => [entry.journalId, entry.balanceAfter]));
  return rows.map((row) => {
    const balanceAfter = row.journalId === null ? null : (balanceOf.get(row.journalId) ?? null);
    return {
      id: row.id,
      paymentNo: row.paymentNo,
      status: row.status,
      currency: row.currency,
      amount: amountText(row.amount, row.currency),
      payee: PLATFORM_PAYEE,
      remark: row.remark,
      lines: lines
        .filter((line) => line.paymentId === row.id)
        .map((line) => ({
          orderId: line.orderId,
          orderNo: line.orderNo,
          amount: amountText(line.amount, row.currency),
          payOrderNo: line.payOrderNo,
          refunded: line.refunded === null ? null : amountText(line.refunded, row.currency),
        })),
      createdBy: (row.createdBy !== null && names.get(row.createdBy)) || '',
      paidBy: (row.paidBy !== null && names.get(row.paidBy)) || '',
      paidAt: iso(row.paidAt),
      balanceAfter: balanceAfter === null ? null : amountText(balanceAfter, row.currency),
      createdAt: must(iso(row.createdAt), 'createdAt'),
    };
  });
}

/** One payment of the tenant as a record; 404 when it is not the tenant's. */
export async function paymentRecord(tx: Db, tenantId: number, id: number, scope?: SQL): Promise<PaymentRecord> {
  const rows = await tx
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.tenantId, tenantId), scope));
  const [record] = await toPaymentRecords(tx, rows);
  if (!record) throw notFound();
  return record;
}

// ------------------------------------------------------------------ export

export type PaymentExportRow = PaymentRow & { cursorTime: string; orderNos: string; createdByName: string; paidByName: string };

export async function countPayments(db: Db, tenantId: number, filters: PaymentFilters, scope?: SQL): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(payments).where(paymentWhere(tenantId, filters, scope));
  return Number(counted?.total ?? 0);
}

/** The next payments of an export, newest first after the cursor, with their orders and people's names. */
export async function paymentExportBatch(db: Db, tenantId: number, filters: PaymentFilters, after: Cursor | null, limit: number, scope?: SQL): Promise<PaymentExportRow[]> {
  const where = paymentWhere(tenantId, filters, scope);
  const rows = await db
    .select({
      ...paymentColumns,
      cursorTime: cursorTimeOf(payments.createdAt),
      orderNos: sql<string>`coalesce((select string_agg(${orders.orderNo}, ', ' order by ${orders.id}) from ${paymentLines}
        join ${orders} on ${orders.id} = ${paymentLines.orderId} where ${paymentLines.paymentId} = ${payments.id}), '')`,
    })
    .from(payments)
    .where(after ? and(where, afterCursor(payments.createdAt, payments.id, after)) : where)
    .orderBy(newestFirst(payments.createdAt), newestFirst(payments.id))
    .limit(limit);
  const names = await userNames(
    db,
    rows.flatMap((row) => [row.createdBy, row.paidBy]),
  );
  const name = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
  return rows.map((row) => ({ ...row, createdByName: name(row.createdBy), paidByName: name(row.paidBy) }));
}
