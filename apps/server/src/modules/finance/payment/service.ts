import { iso } from '../../../lib/iso.ts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentStatus } from '@portal/shared/finance';
import type { paymentEditInput, paymentInput, PaymentPreview, paymentPreviewInput, PaymentRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { PAYMENT_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { PAYMENT_ACTION_TEXTS, paymentExportTexts } from '@portal/shared/messages-payment';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound, type AppError } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { memoOf, platformLeg, walletKey, walletLeg } from '../ledger/model.ts';
import { once } from '../../../lib/idempotency.ts';
import { post } from '../ledger/service.ts';
import { WALLET } from '../access.ts';
import { walletBalance } from '../convert/repository.ts';
import { amountText, PLATFORM_PAYEE } from '../money.ts';
import { userNames } from '../repository.ts';
import { paymentColumnsFor } from './export.ts';
import {
  chargesOf,
  countPayments,
  deletePayment,
  draftLines,
  findPayment,
  insertDraft,
  insertPaidPayment,
  insertPayOrders,
  markPaid,
  paymentExportBatch,
  paymentRecord,
  rewriteDraft,
  setLineAmount,
  type Charge,
  type Draft,
  type PaymentFilters,
} from './repository.ts';

/*
 * Paying charges (the freight of logistics orders) from the wallet: what can be paid, drafts, paying.
 * Paying is one transaction: the pay orders first, whose unique (source, source_id) makes paying the
 * same charge twice impossible even when two payments race, then the ledger (the wallet row lock
 * serialises a tenant's payments). docs/finance.md. Purchasing's charges are paid here too, one at a time
 * in purchasing's transaction (payPurchaseCharge).
 */

type Caller = { tenantId: number; userId: number };
/** A call made once per Idempotency-Key. */
type KeyedCall = Caller & { key: string };
type Refusal = { key: MessageKey; params: MessageParams };

/** Why a charge cannot be paid, or null when it can. */
function whyNotPayable(charge: Charge): Refusal | null {
  if (charge.payOrderNo) return { key: 'paymentChargePaid', params: { orderNo: charge.orderNo } };
  if (charge.status === 'CANCEL') return { key: 'paymentOrderCancelled', params: { orderNo: charge.orderNo } };
  if (charge.freightCharge === null || charge.freightCharge <= 0n || !charge.freightCurrency) return { key: 'paymentChargeMissing', params: { orderNo: charge.orderNo } };
  return null;
}

/** The caller tenant's orders as charges, in ascending id order: the same order twice is 400, any id not the tenant's 404 naming it. */
async function loadCharges(tx: Db, tenantId: number, orderIds: number[]): Promise<Charge[]> {
  const seen = new Set<number>();
  for (const id of orderIds) {
    if (seen.has(id)) throw badRequest('paymentOrderRepeated', { orderId: id });
    seen.add(id);
  }
  const charges = await chargesOf(tx, tenantId, orderIds);
  const found = new Set(charges.map((charge) => charge.id));
  const missing = orderIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('paymentOrderNotFound', { orderIds: missing.join(', ') });
  return charges;
}

/** The one currency of charges that are all payable; several is 400 naming the orders outside the first one. */
function currencyOfCharges(charges: Charge[]): CurrencyCode {
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
async function payableCharges(tx: Db, tenantId: number, orderIds: number[]): Promise<{ charges: Charge[]; currency: CurrencyCode; total: bigint }> {
  const charges = await loadCharges(tx, tenantId, orderIds);
  for (const charge of charges) {
    const refusal = whyNotPayable(charge);
    if (refusal) throw conflict(refusal.key, refusal.params);
  }
  const currency = currencyOfCharges(charges);
  return { charges, currency, total: charges.reduce((sum, charge) => sum + (charge.freightCharge ?? 0n), 0n) };
}

const notInStatus = (record: string, status: PaymentStatus, action: keyof typeof PAYMENT_ACTION_TEXTS): AppError =>
  conflict('financeRecordNotInStatus', { record, status: PAYMENT_STATUS_TEXTS[status], action: PAYMENT_ACTION_TEXTS[action] });

/** A draft may be changed, deleted or paid; anything else is 409. */
async function lockDraft(tx: Db, tenantId: number, id: number, action: keyof typeof PAYMENT_ACTION_TEXTS, scope?: SQL) {
  const payment = await findPayment(tx, tenantId, id, true, scope);
  if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, action);
  return payment;
}

// ------------------------------------------------------------------ the preview

/**
 * What paying a draft or these charges would do now, changing nothing: each line payable or why not
 * (in the caller's language), the total, the balance before and after.
 */
export async function previewPayment(db: Db, tenantId: number, body: z.infer<typeof paymentPreviewInput>, lang: Language): Promise<PaymentPreview> {
  let orderIds: number[];
  let currency: CurrencyCode | null = null;
  if ('id' in body) {
    const payment = await findPayment(db, tenantId, body.id);
    if (payment.status !== 'DRAFT') throw notInStatus(payment.paymentNo, payment.status, 'pay');
    currency = payment.currency;
    orderIds = (await draftLines(db, body.id)).map((line) => line.orderId);
  } else {
    orderIds = body.orderIds;
  }
  const charges = await loadCharges(db, tenantId, orderIds);
  if (!currency) {
    // the currency of what can be paid; with nothing payable, of whatever has one
    const payable = charges.filter((charge) => !whyNotPayable(charge));
    currency = currencyOfCharges(payable.length > 0 ? payable : charges);
  }
  const paymentCurrency = currency;
  let total = 0n;
  const lines: PaymentPreview['lines'] = charges.map((charge) => {
    const refusal =
      whyNotPayable(charge) ??
      (charge.freightCurrency !== paymentCurrency ? { key: 'paymentLineCurrency' as const, params: { orderNo: charge.orderNo, currency: charge.freightCurrency ?? '', paymentCurrency } } : null);
    const amount = charge.freightCharge ?? 0n;
    if (!refusal) total += amount;
    return {
      orderId: charge.id,
      orderNo: charge.orderNo,
      amount: amountText(amount, charge.freightCurrency ?? paymentCurrency),
      payable: !refusal,
      reason: refusal ? formatMessage(lang, refusal.key, refusal.params) : '',
    };
  });
  const balance = await walletBalance(db, tenantId, paymentCurrency);
  return {
    currency: paymentCurrency,
    amount: amountText(total, paymentCurrency),
    balance: amountText(balance, paymentCurrency),
    balanceAfter: amountText(balance - total, paymentCurrency),
    sufficient: balance >= total,
    lines,
  };
}

// ------------------------------------------------------------------ drafts and paying

/** A new draft holding these charges at their amounts of now. */
async function createDraft(tx: Db, tenantId: number, userId: number, input: { orderIds: number[]; remark: string }): Promise<Draft & { charges: Charge[] }> {
  const lines = await payableCharges(tx, tenantId, input.orderIds);
  const draft = await insertDraft(tx, tenantId, userId, lines, input.remark);
  return { ...draft, charges: lines.charges };
}

/**
 * A new payment of charges in one currency, once per key: a draft, or (`draft` false) paid at once, the
 * draft made and settled in one transaction and the answer built from what it holds, so that the
 * wallet stays locked for as few statements as possible.
 */
export async function submitPayment(db: Db, call: KeyedCall, body: z.infer<typeof paymentInput>): Promise<PaymentRecord> {
  const { tenantId, userId } = call;
  return once(db, { tenantId, userId, key: call.key, route: `${WALLET}/payment/submit`, body }, async (tx) => {
    if (!body.draft) return payNow(tx, tenantId, userId, body);
    const draft = await createDraft(tx, tenantId, userId, body);
    return paymentRecord(tx, tenantId, draft.id);
  });
}

async function payNow(tx: Db, tenantId: number, userId: number, input: { orderIds: number[]; remark: string }): Promise<PaymentRecord> {
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

/** Changes the charges and remark of a draft, once per key. */
export async function editPayment(db: Db, call: KeyedCall, body: z.infer<typeof paymentEditInput>): Promise<PaymentRecord> {
  const { tenantId, userId } = call;
  return once(db, { tenantId, userId, key: call.key, route: `${WALLET}/payment/edit`, body }, async (tx) => {
    await lockDraft(tx, tenantId, body.id, 'edit');
    await rewriteDraft(tx, tenantId, body.id, await payableCharges(tx, tenantId, body.orderIds), body.remark);
    return paymentRecord(tx, tenantId, body.id);
  });
}

export async function deleteDraft(db: Db, tenantId: number, id: number, scope?: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const payment = await lockDraft(tx, tenantId, id, 'delete', scope);
    await deletePayment(tx, payment.id);
  });
}

/** Pays a draft, once per key. */
export async function payDraft(db: Db, call: KeyedCall, body: { id: number }): Promise<PaymentRecord> {
  const { tenantId, userId } = call;
  return once(db, { tenantId, userId, key: call.key, route: `${WALLET}/payment/confirm/submit`, body }, async (tx) => {
    await payDraftIn(tx, tenantId, userId, body.id);
    return paymentRecord(tx, tenantId, body.id);
  });
}

/**
 * Pays a draft from the wallet, in the caller's transaction: the draft locked, each charge re-read (the
 * lines get what is actually paid), the posting (409 walletInsufficient from the ledger), then a pay
 * order per charge in ascending order id. A charge another payment paid first fails the whole
 * transaction with 409 naming its order, so nothing is posted.
 */
async function payDraftIn(tx: Db, tenantId: number, userId: number, paymentId: number): Promise<void> {
  const payment = await lockDraft(tx, tenantId, paymentId, 'pay');
  const lines = await draftLines(tx, paymentId);
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
async function settle(tx: Db, tenantId: number, userId: number, payment: { id: number; paymentNo: string; currency: CurrencyCode }, charges: Charge[], drafted: Map<number, bigint | null>) {
  const amountOf = (charge: Charge) => must(charge.freightCharge, 'charge');
  const total = charges.reduce((sum, charge) => sum + amountOf(charge), 0n);

  // the pay orders first, in ascending order (no cycle between two payments), before the wallet is
  // locked: the wallet lock comes last and is held for as few statements as possible
  const sorted = [...charges].sort((a, b) => a.id - b.id);
  const inserted = await insertPayOrders(
    tx,
    tenantId,
    payment,
    sorted.map((charge) => ({ source: 'FREIGHT', sourceId: charge.id, sourceNo: charge.orderNo, amount: amountOf(charge) })),
  );
  if (inserted.length < sorted.length) {
    const taken = new Set(inserted.map((row) => row.sourceId));
    throw conflict('paymentChargePaid', { orderNo: sorted.filter((charge) => !taken.has(charge.id)).map((charge) => charge.orderNo).join(', ') });
  }

  for (const charge of charges) {
    if (drafted.get(charge.id) === amountOf(charge)) continue;
    await setLineAmount(tx, payment.id, charge.id, amountOf(charge));
  }
  // the summary: the orders whose charges it paid
  const posted = await post(tx, { tenantId, kind: 'PAYMENT', refNo: payment.paymentNo, memo: memoOf([], sorted.map((charge) => charge.orderNo)), createdBy: userId }, [
    walletLeg(tenantId, payment.currency, -total),
    platformLeg('REVENUE', payment.currency, total),
  ]);
  await markPaid(tx, payment.id, { amount: total, journalId: posted.journalId, paidBy: userId, paidAt: posted.postedAt });
  return { total, posted, payOrderNos: new Map(inserted.map((row) => [row.sourceId, row.payOrderNo])) };
}

// ------------------------------------------------------------------ a purchase charge

/** A purchase charge (decision 0024) to pay from the wallet: `amount` in the wallet's currency, already converted by purchasing. */
export type PurchaseCharge = { tenantId: number; userId: number; chargeId: number; preOrderNo: string; currency: CurrencyCode; amount: bigint; remark: string; memo: string };
export type PaidPurchaseCharge = { payOrderId: number; paymentNo: string; journalId: number; postedAt: Date; balanceAfter: bigint };

/**
 * Pays one purchase charge in the caller's transaction, the way freight is paid: a PAID payment, the
 * charge's pay order (source PURCHASE) and one PAYMENT journal, WALLET −P, PURCHASE +P (what merchants pay
 * for goods is held for the purchaser, it is not revenue). Null when the charge already has its pay order:
 * the caller refuses, and its transaction takes the payment back. 409 walletInsufficient from the ledger.
 */
export async function payPurchaseCharge(tx: Db, charge: PurchaseCharge): Promise<PaidPurchaseCharge | null> {
  const { tenantId, userId, currency, amount } = charge;
  const payment = await insertPaidPayment(tx, tenantId, userId, { currency, amount, remark: charge.remark });
  const [payOrder] = await insertPayOrders(tx, tenantId, { id: payment.id, currency }, [{ source: 'PURCHASE', sourceId: charge.chargeId, sourceNo: charge.preOrderNo, amount }]);
  if (!payOrder) return null;
  const posted = await post(tx, { tenantId, kind: 'PAYMENT', refNo: payment.paymentNo, memo: charge.memo, createdBy: userId }, [
    walletLeg(tenantId, currency, -amount),
    platformLeg('PURCHASE', currency, amount),
  ]);
  await markPaid(tx, payment.id, { amount, journalId: posted.journalId, paidBy: userId, paidAt: posted.postedAt });
  const balanceAfter = must(posted.balances.get(walletKey(tenantId, currency)), 'wallet balance');
  return { payOrderId: payOrder.id, paymentNo: payment.paymentNo, journalId: posted.journalId, postedAt: posted.postedAt, balanceAfter };
}

// ------------------------------------------------------------------ export

/** The filtered payment list as a spreadsheet in `lang`, newest first: 400 past the export limit. */
export async function paymentExport(db: Db, tenantId: number, filters: PaymentFilters, lang: Language, timeZone: string, scope?: SQL) {
  assertExportSize(await countPayments(db, tenantId, filters, scope));
  return {
    title: paymentExportTexts.paymentTitle[lang],
    asciiTitle: 'payments',
    timeZone,
    columns: paymentColumnsFor(lang, timeZone),
    batches: keysetBatches((after, limit) => paymentExportBatch(db, tenantId, filters, after, limit, scope)),
  };
}
