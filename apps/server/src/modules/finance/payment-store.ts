import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '@portal/shared/finance';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import type { MessageKey, MessageParams } from '@portal/shared/messages';
import { PAYMENT_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { PAYMENT_ACTION_TEXTS } from '@portal/shared/messages-payment';
import type { CurrencyCode } from '@portal/shared/money';
import type { OrderStatus } from '@portal/shared/logistics';
import { accounts, entries, paymentLines, payments, payOrders } from '../../db/schema/finance.ts';
import { orders } from '../../db/schema/logistics.ts';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.ts';
import { indexOrder } from '../../lib/index-order.ts';
import { must } from '../../lib/must.ts';
import { dateRange } from '../../lib/list.ts';
import { platformLeg, walletKey, walletLeg } from './ledger/model.ts';
import { financeNo, type Tx } from './ledger/repository.ts';
import { post } from './ledger/service.ts';
import { amountText, PLATFORM_PAYEE } from './money.ts';
import { iso, userNames } from './repository.ts';

/*
 * Payments of charges (the freight of logistics orders): what can be paid, drafts, paying, and the
 * records the payment calls answer. Paying is one transaction: the ledger first (the wallet row lock
 * serialises a tenant's payments), then one pay order per charge, whose unique (source, source_id)
 * makes paying the same charge twice impossible even when two payments race.
 */

export const newestFirst = indexOrder('desc');
export const oldestFirst = indexOrder('asc');

/** A logistics order as a charge: its freight and whether it is paid already. */
export type Charge = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  freightCharge: bigint | null;
  freightCurrency: CurrencyCode | null;
  payOrderNo: string | null;
};

export type Refusal = { key: MessageKey; params: MessageParams };

/** A charge can be paid once measured (freightCharge set), while the order is not cancelled and not paid yet. */
export const payableCharge = (): SQL =>
  and(
    isNotNull(orders.freightCharge),
    sql`${orders.freightCharge} > 0`,
    sql`${orders.status} <> 'CANCEL'`,
    sql`not exists (select 1 from ${payOrders} where ${payOrders.source} = 'FREIGHT' and ${payOrders.sourceId} = ${orders.id})`,
  ) as SQL;

/** Why a charge cannot be paid, or null when it can. */
export function whyNotPayable(charge: Charge): Refusal | null {
  if (charge.payOrderNo) return { key: 'paymentChargePaid', params: { orderNo: charge.orderNo } };
  if (charge.status === 'CANCEL') return { key: 'paymentOrderCancelled', params: { orderNo: charge.orderNo } };
  if (charge.freightCharge === null || charge.freightCharge <= 0n || !charge.freightCurrency) return { key: 'paymentChargeMissing', params: { orderNo: charge.orderNo } };
  return null;
}

/** The same order twice in one payment is a client's slip: 400 naming it. */
export function assertDistinct(orderIds: number[]): void {
  const seen = new Set<number>();
  for (const id of orderIds) {
    if (seen.has(id)) throw badRequest('paymentOrderRepeated', { orderId: id });
    seen.add(id);
  }
}

/** The caller tenant's orders as charges, in ascending id order; any id not the tenant's is 404 naming it. */
export async function loadCharges(tx: Tx, tenantId: number, orderIds: number[]): Promise<Charge[]> {
  assertDistinct(orderIds);
  const rows = await tx
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
  const found = new Set(rows.map((row) => row.id));
  const missing = orderIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('paymentOrderNotFound', { orderIds: missing.join(', ') });
  return rows;
}

/** The one currency of charges that are all payable; several is 400 naming the orders outside the first one. */
export function currencyOfCharges(charges: Charge[]): CurrencyCode {
  const currencies = [...new Set(charges.map((charge) => charge.freightCurrency).filter((code): code is CurrencyCode => code !== null))];
  const first = currencies[0];
  if (!first) throw conflict('paymentChargeMissing', { orderNo: must(charges[0], 'charge').orderNo });
  if (currencies.length > 1) {
    const others = charges.filter((charge) => charge.freightCurrency !== null && charge.freightCurrency !== first).map((charge) => charge.id);
    throw badRequest('paymentCurrencyMixed', { orderIds: others.join(', '), currencies: currencies.join(', ') });
  }
  return first;
}

/** Charges that must all be payable now (submit, edit): the first that is not is 409 naming its order. */
export async function payableCharges(tx: Tx, tenantId: number, orderIds: number[]): Promise<{ charges: Charge[]; currency: CurrencyCode; total: bigint }> {
  const charges = await loadCharges(tx, tenantId, orderIds);
  for (const charge of charges) {
    const refusal = whyNotPayable(charge);
    if (refusal) throw conflict(refusal.key, refusal.params);
  }
  const currency = currencyOfCharges(charges);
  return { charges, currency, total: charges.reduce((sum, charge) => sum + (charge.freightCharge ?? 0n), 0n) };
}

export const notInStatus = (record: string, status: PaymentStatus, action: keyof typeof PAYMENT_ACTION_TEXTS): AppError =>
  conflict('financeRecordNotInStatus', { record, status: PAYMENT_STATUS_TEXTS[status], action: PAYMENT_ACTION_TEXTS[action] });

/** A new draft holding these charges at their amounts of now. */
type Draft = { id: number; paymentNo: string; currency: CurrencyCode; remark: string; createdAt: Date };

export async function createDraft(tx: Tx, tenantId: number, userId: number, input: { orderIds: number[]; remark: string }): Promise<Draft & { charges: Charge[] }> {
  const { charges, currency, total } = await payableCharges(tx, tenantId, input.orderIds);
  const [created] = await tx
    .insert(payments)
    .values({ tenantId, paymentNo: financeNo('PY'), status: 'DRAFT', currency, amount: total, remark: input.remark, createdBy: userId })
    .returning({ id: payments.id, paymentNo: payments.paymentNo, currency: payments.currency, remark: payments.remark, createdAt: payments.createdAt });
  const draft = must(created, 'payment');
  await tx.insert(paymentLines).values(charges.map((charge) => ({ tenantId, paymentId: draft.id, orderId: charge.id, amount: must(charge.freightCharge, 'charge') })));
  return { ...draft, charges };
}

/**
 * Pays charges at once, without a draft to keep: the draft is made and settled in one transaction and
 * the answer is built from what it holds, so the wallet stays locked for as few statements as possible.
 */
export async function payNow(tx: Tx, tenantId: number, userId: number, input: { orderIds: number[]; remark: string }): Promise<PaymentRecord> {
  const names = await userNames(tx, [userId]);
  const draft = await createDraft(tx, tenantId, userId, input);
  const settled = await settle(tx, tenantId, userId, draft, draft.charges, new Map(draft.charges.map((charge) => [charge.id, charge.freightCharge])));
  const balanceAfter = settled.posted.balances.get(walletKey(tenantId, draft.currency));
  const payer = names.get(userId) ?? '';
  return {
    id: draft.id,
    paymentNo: draft.paymentNo,
    status: 'PAID',
    currency: draft.currency,
    amount: amountText(settled.total, draft.currency),
    payee: PLATFORM_PAYEE,
    remark: draft.remark,
    lines: [...draft.charges]
      .sort((a, b) => a.id - b.id)
      .map((charge) => ({
        orderId: charge.id,
        orderNo: charge.orderNo,
        amount: amountText(must(charge.freightCharge, 'charge'), draft.currency),
        payOrderNo: must(settled.payOrderNos.get(charge.id), 'pay order'),
        refunded: amountText(0n, draft.currency),
      })),
    createdBy: payer,
    paidBy: payer,
    paidAt: iso(settled.posted.postedAt),
    balanceAfter: balanceAfter === undefined ? null : amountText(balanceAfter, draft.currency),
    createdAt: must(iso(draft.createdAt), 'createdAt'),
  };
}

export async function lockPayment(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ id: payments.id, paymentNo: payments.paymentNo, status: payments.status, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.tenantId, tenantId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Replaces a draft's charges and remark (the draft is locked and checked by the caller). */
export async function rewriteDraft(tx: Tx, tenantId: number, paymentId: number, input: { orderIds: number[]; remark: string }): Promise<void> {
  const { charges, currency, total } = await payableCharges(tx, tenantId, input.orderIds);
  await tx.delete(paymentLines).where(eq(paymentLines.paymentId, paymentId));
  await tx.insert(paymentLines).values(charges.map((charge) => ({ tenantId, paymentId, orderId: charge.id, amount: must(charge.freightCharge, 'charge') })));
  await tx.update(payments).set({ currency, amount: total, remark: input.remark, updatedAt: sql`now()` }).where(eq(payments.id, paymentId));
}

/**
 * Pays a draft from the wallet, in the caller's transaction: the draft locked, each charge re-read (the
 * lines get what is actually paid), the posting (409 walletInsufficient from the ledger), then a pay
 * order per charge in ascending order id. A charge another payment paid first fails the whole
 * transaction with 409 naming its order, so nothing is posted.
 */
export async function payDraft(tx: Tx, tenantId: number, userId: number, paymentId: number): Promise<void> {
  const payment = await lockPayment(tx, tenantId, paymentId);
  if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, 'pay');
  const lines = await tx.select({ orderId: paymentLines.orderId, amount: paymentLines.amount }).from(paymentLines).where(eq(paymentLines.paymentId, paymentId));
  const charges = await loadCharges(
    tx,
    tenantId,
    lines.map((line) => line.orderId),
  );
  for (const charge of charges) {
    const refusal = whyNotPayable(charge);
    if (refusal) throw conflict(refusal.key, refusal.params);
    if (charge.freightCurrency !== payment.currency) throw conflict('paymentLineCurrency', { orderNo: charge.orderNo, currency: charge.freightCurrency ?? '', paymentCurrency: payment.currency });
  }
  await settle(tx, tenantId, userId, payment, charges, new Map(lines.map((line) => [line.orderId, line.amount])));
}

/**
 * Pays a draft's charges at their current amounts: pay orders, the posting, the lines and the payment.
 * `drafted` holds the amounts the lines carry, rewritten where a charge changed since.
 */
async function settle(tx: Tx, tenantId: number, userId: number, payment: { id: number; paymentNo: string; currency: CurrencyCode }, charges: Charge[], drafted: Map<number, bigint | null>) {
  const amountOf = (charge: Charge) => must(charge.freightCharge, 'charge');
  const total = charges.reduce((sum, charge) => sum + amountOf(charge), 0n);

  // the pay orders first, in ascending order (no cycle between two payments), before the wallet is
  // locked: the wallet lock comes last and is held for as few statements as possible. A charge another
  // payment has just paid is skipped by the unique index (after waiting for that payment to commit)
  const sorted = [...charges].sort((a, b) => a.id - b.id);
  const inserted = await tx
    .insert(payOrders)
    .values(
      sorted.map((charge) => ({
        tenantId,
        payOrderNo: financeNo('PO'),
        source: 'FREIGHT' as const,
        sourceId: charge.id,
        sourceNo: charge.orderNo,
        paymentId: payment.id,
        currency: payment.currency,
        amount: amountOf(charge),
      })),
    )
    .onConflictDoNothing({ target: [payOrders.tenantId, payOrders.source, payOrders.sourceId] })
    .returning({ sourceId: payOrders.sourceId, payOrderNo: payOrders.payOrderNo });
  if (inserted.length < sorted.length) {
    const taken = new Set(inserted.map((row) => row.sourceId));
    throw conflict('paymentChargePaid', { orderNo: sorted.filter((charge) => !taken.has(charge.id)).map((charge) => charge.orderNo).join(', ') });
  }

  for (const charge of charges) {
    if (drafted.get(charge.id) === amountOf(charge)) continue;
    await tx
      .update(paymentLines)
      .set({ amount: amountOf(charge) })
      .where(and(eq(paymentLines.paymentId, payment.id), eq(paymentLines.orderId, charge.id)));
  }
  const posted = await post(tx, { tenantId, kind: 'PAYMENT', refNo: payment.paymentNo, createdBy: userId }, [
    walletLeg(tenantId, payment.currency, -total),
    platformLeg('REVENUE', payment.currency, total),
  ]);
  await tx
    .update(payments)
    .set({ status: 'PAID', amount: total, journalId: posted.journalId, paidBy: userId, paidAt: posted.postedAt, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return { total, posted, payOrderNos: new Map(inserted.map((row) => [row.sourceId, row.payOrderNo])) };
}

/** The wallet balance of (tenant, currency): 0 without a wallet yet. */
export async function walletBalance(tx: Tx, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.balance ?? 0n;
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

export function paymentWhere(tenantId: number, filters: PaymentFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(payments.tenantId, tenantId)];
  if (filters.status) where.push(eq(payments.status, filters.status));
  if (filters.paymentNo) where.push(eq(payments.paymentNo, filters.paymentNo));
  if (filters.currency) where.push(eq(payments.currency, filters.currency));
  if (filters.createdBy) where.push(eq(payments.createdBy, filters.createdBy));
  if (filters.orderNo) {
    where.push(
      sql`exists (select 1 from ${paymentLines} join ${orders} on ${orders.id} = ${paymentLines.orderId}
        where ${paymentLines.paymentId} = ${payments.id} and ${orders.orderNo} = ${filters.orderNo} and ${orders.tenantId} = ${tenantId})`,
    );
  }
  where.push(...dateRange(payments.createdAt, filters.createdAt_begin, filters.createdAt_end));
  return and(...where);
}

export const paymentColumns = {
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

/** Payments as the contract's records: lines with their pay orders, people's names, the balance after. */
export async function toPaymentRecords(tx: Tx, rows: PaymentRow[]): Promise<PaymentRecord[]> {
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
export async function paymentRecord(tx: Tx, tenantId: number, id: number): Promise<PaymentRecord> {
  const rows = await tx
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.tenantId, tenantId)));
  const [record] = await toPaymentRecords(tx, rows);
  if (!record) throw notFound();
  return record;
}

/** The draft payment numbers holding each of these orders. */
export async function draftsHolding(tx: Tx, tenantId: number, orderIds: number[]): Promise<Map<number, string[]>> {
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
