import type { Db } from '../../../db/client.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, convertMinor, parseRate, trimDecimal, type CurrencyCode } from '@portal/shared/money';
import type { PayPreview } from '@portal/shared/pre-order-schemas';
import type { PurchaseChargeKind } from '@portal/shared/purchase';
import { preOrders, purchaseCharges, purchaseOrders } from '../../../db/schema/purchase.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { walletBalance } from '../../finance/convert/repository.ts';
import { memoOf } from '../../finance/ledger/model.ts';
import { amountText } from '../../finance/money.ts';
import { payPurchaseCharge } from '../../finance/payment/service.ts';
import { currentRate, type AppliedRate } from '../../finance/rates/service.ts';

/*
 * Paying purchase charges from the wallet (docs/finance.md "Accounts and postings"). Charges
 * are in CNY; the wallet pays in its own currency at the rate applying now (the rate table's, else the
 * inverse of the opposite pair; CNY→CNY is 1), each charge rounded half to even to the currency's minor
 * unit. Per charge, finance records in this transaction (payPurchaseCharge) a fin_payment (PAID), a
 * fin_pay_order (source PURCHASE, source id = the charge: the unique (source, source id) makes paying it
 * twice impossible) and one PAYMENT journal, WALLET(currency) −P, PURCHASE(currency) +P. The money merchants pay for goods is not revenue: it waits
 * in the PURCHASE account for the purchaser to spend it, and settlement refunds go back from there
 * (PURCHASE −R, WALLET +R, posted by the purchase orders' settlement).
 */

export type PayScope = { tenantId: number; userId: number; chargeIds: number[]; currency: CurrencyCode; expectedRate: string };

type Charge = { id: number; preOrderId: number; preOrderNo: string; kind: PurchaseChargeKind; amount: bigint; purchaseNo: string | null; status: string };

export type PaidCharges = {
  rate: AppliedRate;
  currency: CurrencyCode;
  /** CNY fen */
  amount: bigint;
  payAmount: bigint;
  balanceAfter: bigint;
  paymentNos: string[];
  paidAt: Date;
  preOrderIds: number[];
};

/** The rate applying now from CNY to the wallet's currency: 409 rateNotFound without one. */
export async function purchaseRate(tx: Db, currency: CurrencyCode): Promise<AppliedRate> {
  const rate = await currentRate(tx, 'CNY', currency);
  if (!rate) throw conflict('rateNotFound', { from: 'CNY', to: currency });
  return rate;
}

/** What a CNY charge takes from a wallet at `rate`; one that rounds to nothing is refused (400). */
export function payAmountOf(amount: bigint, currency: CurrencyCode, rate: string): bigint {
  const paid = convertMinor(amount, CURRENCY_EXPONENTS.CNY, CURRENCY_EXPONENTS[currency], rate).amount;
  if (paid <= 0n) throw badRequest('purchasePayTooSmall', { field: 'currency', amount: amountText(amount, 'CNY'), rate, to: currency });
  return paid;
}

/** "0.13810" and "0.1381" are the same rate: compared as numbers, never as floats. */
function sameRate(a: string, b: string): boolean {
  const x = parseRate(a);
  const y = parseRate(b);
  return x.numerator === y.numerator && x.places === y.places;
}

/** The tenant's charges among `ids` with their pre-order's number, in ascending id; `lock` locks their pre-orders, then them. */
async function chargesOf(tx: Db, tenantId: number, ids: number[], lock: boolean): Promise<Charge[]> {
  if (lock) {
    // the pre-orders first, as cancelling does: two payments or a payment and a cancellation never wait in a cycle
    const owners = await tx
      .selectDistinct({ preOrderId: purchaseCharges.preOrderId })
      .from(purchaseCharges)
      .where(and(eq(purchaseCharges.tenantId, tenantId), inArray(purchaseCharges.id, ids)));
    if (owners.length > 0) {
      await tx
        .select({ id: preOrders.id })
        .from(preOrders)
        .where(and(eq(preOrders.tenantId, tenantId), inArray(preOrders.id, owners.map((owner) => owner.preOrderId))))
        .orderBy(asc(preOrders.id))
        .for('update');
    }
  }
  const query = tx
    .select({
      id: purchaseCharges.id,
      preOrderId: purchaseCharges.preOrderId,
      preOrderNo: preOrders.preOrderNo,
      kind: purchaseCharges.kind,
      amount: purchaseCharges.amount,
      status: purchaseCharges.status,
      purchaseNo: purchaseOrders.purchaseNo,
    })
    .from(purchaseCharges)
    .innerJoin(preOrders, and(eq(preOrders.tenantId, purchaseCharges.tenantId), eq(preOrders.id, purchaseCharges.preOrderId)))
    .leftJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, purchaseCharges.tenantId), eq(purchaseOrders.id, purchaseCharges.purchaseOrderId)))
    .where(and(eq(purchaseCharges.tenantId, tenantId), inArray(purchaseCharges.id, ids)))
    .orderBy(asc(purchaseCharges.id));
  const rows = await (lock ? query.for('update', { of: purchaseCharges }) : query);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** What paying the charges from the `currency` wallet would take now, changing nothing. */
export async function previewCharges(tx: Db, tenantId: number, chargeIds: number[], currency: CurrencyCode): Promise<PayPreview> {
  const rate = await purchaseRate(tx, currency);
  const charges = await chargesOf(tx, tenantId, chargeIds, false);
  const lines = charges.map((charge) => ({ id: Number(charge.id), kind: charge.kind, cny: charge.amount, paid: payAmountOf(charge.amount, currency, rate.rate) }));
  const amount = lines.reduce((sum, line) => sum + line.cny, 0n);
  const payAmount = lines.reduce((sum, line) => sum + line.paid, 0n);
  const balance = await walletBalance(tx, tenantId, currency);
  return {
    currency,
    rate: rate.rate,
    inverseRate: rate.inverseRate,
    effectiveFrom: rate.effectiveFrom.toISOString(),
    charges: lines.map((line) => ({ id: line.id, kind: line.kind, amount: amountText(line.cny, 'CNY'), payAmount: amountText(line.paid, currency) })),
    amount: amountText(amount, 'CNY'),
    payAmount: amountText(payAmount, currency),
    balance: amountText(balance, currency),
    balanceAfter: amountText(balance - payAmount, currency),
    sufficient: balance >= payAmount,
  };
}

/**
 * Pays UNPAID charges of the tenant from one wallet, in the caller's transaction (run it inside `once`).
 * 409 when the rate is not `expectedRate`, when a charge is not UNPAID, or when the wallet is short
 * (walletInsufficient): then nothing moves. A GOODS charge paid moves its pre-order SUBMITTED → PAID.
 */
export async function payCharges(tx: Db, scope: PayScope): Promise<PaidCharges> {
  const { tenantId, userId, currency } = scope;
  const rate = await purchaseRate(tx, currency);
  if (!sameRate(scope.expectedRate, rate.rate)) throw conflict('purchasePayRateChanged', { to: currency, expected: trimDecimal(scope.expectedRate), rate: rate.rate });
  const charges = await chargesOf(tx, tenantId, scope.chargeIds, true);
  const paying = charges.map((charge) => {
    if (charge.status !== 'UNPAID') throw conflict('purchaseChargePaid', { preOrderNo: charge.preOrderNo });
    return { ...charge, payAmount: payAmountOf(charge.amount, currency, rate.rate) };
  });
  const total = paying.reduce((sum, charge) => sum + charge.payAmount, 0n);
  // the whole sum named at once, before anything is written (the ledger refuses it again, race-proof)
  const balance = await walletBalance(tx, tenantId, currency);
  if (balance < total) throw conflict('walletInsufficient', { currency, balance: amountText(balance, currency), amount: amountText(total, currency) });

  const paymentNos: string[] = [];
  let balanceAfter = balance;
  let paidAt = new Date();
  for (const charge of paying) {
    const remark = [charge.preOrderNo, charge.purchaseNo].filter(Boolean).join(' ');
    const memo = memoOf([charge.preOrderNo, charge.purchaseNo, `${amountText(charge.amount, 'CNY')} CNY @ ${rate.rate}`]);
    const posted = await payPurchaseCharge(tx, { tenantId, userId, chargeId: charge.id, preOrderNo: charge.preOrderNo, currency, amount: charge.payAmount, remark, memo });
    if (!posted) throw conflict('purchaseChargePaid', { preOrderNo: charge.preOrderNo });
    await tx
      .update(purchaseCharges)
      .set({ status: 'PAID', payCurrency: currency, payRate: rate.rate, payAmount: charge.payAmount, payOrderId: posted.payOrderId, journalId: posted.journalId, paidBy: userId, paidAt: posted.postedAt })
      .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.id, charge.id)));
    if (charge.kind === 'GOODS') {
      await tx
        .update(preOrders)
        .set({ status: 'PAID', paidAt: posted.postedAt, updatedAt: sql`now()` })
        .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, charge.preOrderId), eq(preOrders.status, 'SUBMITTED')));
    }
    paymentNos.push(posted.paymentNo);
    balanceAfter = posted.balanceAfter;
    paidAt = posted.postedAt;
  }
  return {
    rate,
    currency,
    amount: paying.reduce((sum, charge) => sum + charge.amount, 0n),
    payAmount: total,
    balanceAfter,
    paymentNos,
    paidAt,
    preOrderIds: [...new Set(paying.map((charge) => charge.preOrderId))],
  };
}

/** The ids of the UNPAID charges of a pre-order (the estimate, and any top-up raised since). */
export async function unpaidChargesOfPreOrder(tx: Db, tenantId: number, preOrderId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: purchaseCharges.id })
    .from(purchaseCharges)
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.preOrderId, preOrderId), eq(purchaseCharges.status, 'UNPAID')))
    .orderBy(asc(purchaseCharges.id));
  return rows.map((row) => row.id);
}

/** The UNPAID top-ups a purchase order raised. */
export async function unpaidTopUpsOf(tx: Db, tenantId: number, purchaseOrderId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: purchaseCharges.id })
    .from(purchaseCharges)
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.purchaseOrderId, purchaseOrderId), eq(purchaseCharges.kind, 'TOPUP'), eq(purchaseCharges.status, 'UNPAID')))
    .orderBy(asc(purchaseCharges.id));
  return rows.map((row) => row.id);
}
