import type { Db } from '../../../db/client.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, convertMinor, invertRate, type CurrencyCode } from '@portal/shared/money';
import { PURCHASE_CURRENCY } from '@portal/shared/purchase';
import { purchaseCharges, purchaseOrders } from '../../../db/schema/purchase.ts';
import { must } from '../../../lib/must.ts';
import { memoOf } from '../../finance/ledger/model.ts';
import { payOrderHolds, refundPurchaseCharge } from '../../finance/refund/service.ts';

/*
 * The one place where purchase orders move money (docs/purchasing.md "Settlement"). Everything runs in
 * the caller's transaction, with the purchase order's row locked by the caller: money returns to the
 * wallet through a CHARGE refund per paid charge (GOODS first, then paid top-ups), a higher actual cost
 * raises a TOPUP charge the merchant pays.
 */

const CNY = PURCHASE_CURRENCY as CurrencyCode;

/** Who settles: the purchaser, a merchant, or the reconciliation job (null). */
export type Settler = { userId: number | null };

type LockedOrder = { tenantId: number; id: number; preOrderId: number; purchaseNo: string; purchaseAmount: bigint; estimatedExpressFee: bigint; actualPaymentAmount: bigint | null; settledAt: Date | null };

/** What the merchant paid towards a purchase order: its goods and the estimated express fee. */
export const estimateOf = (order: Pick<LockedOrder, 'purchaseAmount' | 'estimatedExpressFee'>): bigint => order.purchaseAmount + order.estimatedExpressFee;

/**
 * Returns `cny` (CNY fen) of what the pre-order's charges paid to the wallet: each paid charge in turn
 * (GOODS, then paid top-ups by id) gives back the CNY converted at its own rate (half to even), capped at
 * what its pay order still holds. Answers the CNY that could not be returned (0 unless every pay order
 * is exhausted). One fin_refund row and one REFUND journal per pay order touched.
 */
export async function returnToWallet(tx: Db, order: Pick<LockedOrder, 'tenantId' | 'preOrderId' | 'purchaseNo'>, cny: bigint, reason: string, by: Settler): Promise<bigint> {
  let left = cny;
  if (left <= 0n) return 0n;
  for (const charge of await paidCharges(tx, order.tenantId, order.preOrderId)) {
    if (left <= 0n) break;
    const currency = must(charge.payCurrency, 'pay currency');
    const rate = must(charge.payRate, 'pay rate');
    const payOrderId = must(charge.payOrderId, 'pay order');
    const holds = await payOrderHolds(tx, order.tenantId, payOrderId);
    if (holds === null || holds <= 0n) continue;
    const wanted = convertMinor(left, CURRENCY_EXPONENTS[CNY], CURRENCY_EXPONENTS[currency], rate).amount;
    const amount = wanted < holds ? wanted : holds;
    if (amount <= 0n) continue;
    await refundCharge(tx, order, { payOrderId, currency, amount }, reason, by);
    if (amount === wanted) {
      left = 0n;
    } else {
      // capped: what this pay order gave back, in CNY at its rate, is taken off; the rest goes to the next charge
      const covered = convertMinor(amount, CURRENCY_EXPONENTS[currency], CURRENCY_EXPONENTS[CNY], invertRate(rate)).amount;
      left = covered >= left ? 0n : left - covered;
    }
  }
  return left;
}

/** Everything a pre-order's charges still hold goes back to the wallet, in their own currencies (a cancelled pre-order). */
export async function returnEverything(tx: Db, order: Pick<LockedOrder, 'tenantId' | 'preOrderId' | 'purchaseNo'>, reason: string, by: Settler): Promise<void> {
  for (const charge of await paidCharges(tx, order.tenantId, order.preOrderId)) {
    const payOrderId = must(charge.payOrderId, 'pay order');
    const holds = await payOrderHolds(tx, order.tenantId, payOrderId);
    if (holds === null || holds <= 0n) continue;
    await refundCharge(tx, order, { payOrderId, currency: must(charge.payCurrency, 'pay currency'), amount: holds }, reason, by);
  }
}

/** The pre-order's paid charges, GOODS first, then top-ups in the order they were raised. */
async function paidCharges(tx: Db, tenantId: number, preOrderId: number) {
  return tx
    .select({ id: purchaseCharges.id, payOrderId: purchaseCharges.payOrderId, payCurrency: purchaseCharges.payCurrency, payRate: purchaseCharges.payRate })
    .from(purchaseCharges)
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.preOrderId, preOrderId), eq(purchaseCharges.status, 'PAID')))
    .orderBy(sql`case when ${purchaseCharges.kind} = 'GOODS' then 0 else 1 end`, asc(purchaseCharges.id));
}

/** One approved CHARGE refund of the pay order, through finance: its refunded raised (never past what was paid) and its REFUND journal PURCHASE → WALLET. */
async function refundCharge(tx: Db, order: Pick<LockedOrder, 'tenantId' | 'purchaseNo'>, money: { payOrderId: number; currency: CurrencyCode; amount: bigint }, reason: string, by: Settler): Promise<void> {
  await refundPurchaseCharge(tx, { tenantId: order.tenantId, ...money, reason: memoOf([order.purchaseNo, reason]).slice(0, 500), userId: by.userId });
}

/**
 * Settles a purchased order once (settledAt): the actual payment against the estimate. Lower returns the
 * difference to the wallet, higher raises a TOPUP charge (UNPAID, CNY) for the difference. A second call
 * does nothing (false).
 */
export async function settlePurchase(tx: Db, order: LockedOrder, by: Settler): Promise<boolean> {
  if (order.settledAt) return false;
  const actual = must(order.actualPaymentAmount, 'actual payment');
  const estimate = estimateOf(order);
  if (actual < estimate) {
    await returnToWallet(tx, order, estimate - actual, 'actual cost lower', by);
  } else if (actual > estimate) {
    await tx.insert(purchaseCharges).values({ tenantId: order.tenantId, preOrderId: order.preOrderId, kind: 'TOPUP', status: 'UNPAID', amount: actual - estimate, purchaseOrderId: order.id });
  }
  await markSettled(tx, order);
  return true;
}

/** Marks the order settled now (a cancellation settles too: nothing more is owed either way). */
export async function markSettled(tx: Db, order: Pick<LockedOrder, 'tenantId' | 'id'>): Promise<void> {
  await tx
    .update(purchaseOrders)
    .set({ settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.id, order.id)));
}

/** The order's top-up still unpaid, cancelled: its amount (0 when none). */
export async function cancelUnpaidTopUps(tx: Db, tenantId: number, where: { purchaseOrderId?: number; preOrderId?: number }): Promise<bigint> {
  const cancelled = await tx
    .update(purchaseCharges)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(purchaseCharges.tenantId, tenantId),
        eq(purchaseCharges.kind, 'TOPUP'),
        eq(purchaseCharges.status, 'UNPAID'),
        where.purchaseOrderId === undefined ? undefined : eq(purchaseCharges.purchaseOrderId, where.purchaseOrderId),
        where.preOrderId === undefined ? undefined : eq(purchaseCharges.preOrderId, where.preOrderId),
      ),
    )
    .returning({ amount: purchaseCharges.amount });
  return cancelled.reduce((sum, row) => sum + row.amount, 0n);
}
