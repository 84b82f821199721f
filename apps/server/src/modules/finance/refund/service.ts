import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { emitRefundResult } from '../../../lib/push-events.ts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RefundStatus } from '@portal/shared/finance';
import type { CurrencyCode } from '@portal/shared/money';
import type { decisionInput, refundInput, RefundRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { REFUND_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { PAYMENT_ACTION_TEXTS, paymentExportTexts } from '@portal/shared/messages-payment';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound, type AppError } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { memoOf, platformLeg, walletLeg } from '../ledger/model.ts';
import { once } from '../../../lib/idempotency.ts';
import { post } from '../ledger/service.ts';
import { WALLET } from '../access.ts';
import { amountText, minorOf } from '../money.ts';
import { refundColumnsFor } from './export.ts';
import {
  countRefunds,
  insertApprovedRefund,
  insertRefund,
  lockedWalletBalance,
  lockPayOrder,
  lockPayOrderByNo,
  lockRefund,
  markDecided,
  payOrderById,
  pendingBalanceRefunds,
  pendingChargeRefunds,
  raiseRefunded,
  refundExportBatch,
  refundRecord,
  setRefundJournal,
  type RefundFilters,
  type RefundValues,
} from './repository.ts';

/*
 * Refunds: a BALANCE refund pays wallet money back to the merchant's bank, a CHARGE refund returns
 * (part of) a paid charge to the wallet. Submitting reserves nothing in the ledger but is checked
 * against what is free (balance less pending balance refunds; paid less refunded less pending charge
 * refunds) under a row lock, so two submissions cannot both pass; money moves only when finance verifies.
 */

/** Asks for a refund, once per key; nothing moves until finance verifies. */
export async function submitRefund(db: Db, call: { tenantId: number; userId: number; key: string }, body: z.infer<typeof refundInput>): Promise<RefundRecord> {
  const { tenantId, userId } = call;
  return once(db, { tenantId, userId, key: call.key, route: `${WALLET}/refund/submit`, body }, async (tx) => refundRecord(tx, tenantId, await recordRequest(tx, tenantId, userId, body)));
}

/** Checks and records a refund request (status SUBMITTED); answers its id. */
async function recordRequest(tx: Db, tenantId: number, userId: number, input: z.infer<typeof refundInput>): Promise<number> {
  let values: RefundValues;
  if (input.kind === 'BALANCE') {
    const amount = minorOf('amount', input.amount, input.currency);
    const balance = await lockedWalletBalance(tx, tenantId, input.currency);
    const available = balance - (await pendingBalanceRefunds(tx, tenantId, input.currency));
    if (amount > available) {
      throw conflict('refundBalanceExceeded', { currency: input.currency, available: amountText(available > 0n ? available : 0n, input.currency), amount: amountText(amount, input.currency) });
    }
    values = { kind: 'BALANCE', currency: input.currency, amount, payOrderId: null, payeeName: input.payeeName, payeeAccount: input.payeeAccount, payeeBank: input.payeeBank };
  } else {
    const payOrder = await lockPayOrderByNo(tx, tenantId, input.payOrderNo);
    if (!payOrder) throw notFound('refundPayOrderNotFound', { payOrderNo: input.payOrderNo });
    const amount = minorOf('amount', input.amount, payOrder.currency);
    const refundable = payOrder.amount - payOrder.refunded - (await pendingChargeRefunds(tx, payOrder.id));
    if (amount > refundable) {
      throw conflict('refundChargeExceeded', {
        payOrderNo: input.payOrderNo,
        currency: payOrder.currency,
        refundable: amountText(refundable > 0n ? refundable : 0n, payOrder.currency),
        amount: amountText(amount, payOrder.currency),
      });
    }
    values = { kind: 'CHARGE', currency: payOrder.currency, amount, payOrderId: payOrder.id, payeeName: '', payeeAccount: '', payeeBank: '' };
  }
  return insertRefund(tx, tenantId, userId, values, input.reason);
}

const notInStatus = (record: string, status: RefundStatus): AppError =>
  conflict('financeRecordNotInStatus', { record, status: REFUND_STATUS_TEXTS[status], action: PAYMENT_ACTION_TEXTS.review });

/**
 * Finance's decision, once per key. A rejection needs a reason, checked before the key is read
 * (`key`), so that a request missing both is told about the reason.
 */
export async function verifyRefund(db: Db, userId: number, body: z.infer<typeof decisionInput>, key: () => string): Promise<RefundRecord> {
  if (!body.approve && !body.reason) throw badRequest('rejectReasonRequired');
  return once(db, { tenantId: PLATFORM_TENANT, userId, key: key(), route: `${WALLET}/refund/verify`, body }, async (tx) => {
    await decide(tx, userId, body);
    return refundRecord(tx, null, body.id);
  });
}

/** The summary of a refund's posting: the bank it goes to (a balance refund) or the charge it returns, and the reason. */
async function refundMemo(tx: Db, refund: Awaited<ReturnType<typeof lockRefund>>): Promise<string> {
  if (refund.kind === 'BALANCE') return memoOf([refund.payeeName, refund.payeeBank, refund.payeeAccount, refund.reason]);
  const payOrder = await payOrderById(tx, must(refund.payOrderId, 'pay order of a charge refund'));
  return memoOf([payOrder.sourceNo, payOrder.payOrderNo, refund.reason]);
}

/**
 * The decision, in the caller's transaction: the refund locked, SUBMITTED only, never by its
 * submitter. Approving moves the money: a balance refund leaves the wallet for the bank (409 when the
 * balance was spent meanwhile), a charge refund first raises the pay order's refunded (never past what
 * was paid), then returns the money from revenue to the wallet.
 */
async function decide(tx: Db, userId: number, decision: { id: number; approve: boolean; reason: string }): Promise<void> {
  const refund = await lockRefund(tx, decision.id);
  if (refund.status !== 'SUBMITTED') throw notInStatus(refund.refundNo, refund.status);
  if (refund.createdBy === userId) throw conflict('sameUserDecision');
  let journalId: number | null = null;
  if (decision.approve) {
    const head = { tenantId: refund.tenantId, kind: 'REFUND' as const, refNo: refund.refundNo, memo: await refundMemo(tx, refund), createdBy: userId };
    if (refund.kind === 'BALANCE') {
      journalId = (await post(tx, head, [walletLeg(refund.tenantId, refund.currency, -refund.amount), platformLeg('BANK', refund.currency, refund.amount)])).journalId;
    } else {
      const payOrderId = must(refund.payOrderId, 'pay order of a charge refund');
      if (!(await raiseRefunded(tx, payOrderId, refund.amount))) {
        const current = await payOrderById(tx, payOrderId);
        throw conflict('refundChargeOverPaid', {
          payOrderNo: current.payOrderNo,
          paid: amountText(current.amount, current.currency),
          refunded: amountText(current.refunded, current.currency),
          amount: amountText(refund.amount, refund.currency),
        });
      }
      journalId = (await post(tx, head, [platformLeg('REVENUE', refund.currency, -refund.amount), walletLeg(refund.tenantId, refund.currency, refund.amount)])).journalId;
    }
  }
  await markDecided(tx, refund.id, { approve: decision.approve, reason: decision.reason, journalId, userId });
  await emitRefundResult(tx, refund, decision.approve, decision.reason);
}

// ------------------------------------------------------------------ a purchase order's settlement

/** What a pay order still holds (paid less refunded), its row locked until the transaction ends; null when the tenant has none with the id. */
export async function payOrderHolds(tx: Db, tenantId: number, payOrderId: number): Promise<bigint | null> {
  const payOrder = await lockPayOrder(tx, tenantId, payOrderId);
  return payOrder ? payOrder.amount - payOrder.refunded : null;
}

/** A purchase charge's money going back (decision 0024): `amount` of its pay order, in the currency it was paid in. */
export type PurchaseRefund = { tenantId: number; payOrderId: number; currency: CurrencyCode; amount: bigint; reason: string; userId: number | null };

/**
 * Returns part of a paid purchase charge to the wallet in the caller's transaction (a purchase order's
 * settlement; the caller holds the pay order's lock): the pay order's refunded raised, never past what was
 * paid, one approved CHARGE refund, and its REFUND journal PURCHASE −R, WALLET +R with the reason as memo.
 */
export async function refundPurchaseCharge(tx: Db, refund: PurchaseRefund): Promise<void> {
  const { tenantId, currency, amount } = refund;
  if (!(await raiseRefunded(tx, refund.payOrderId, amount))) throw new Error(`pay order ${refund.payOrderId} would be refunded past what was paid`);
  const created = await insertApprovedRefund(tx, tenantId, refund);
  const posted = await post(tx, { tenantId, kind: 'REFUND', refNo: created.refundNo, memo: refund.reason, createdBy: refund.userId }, [
    platformLeg('PURCHASE', currency, -amount),
    walletLeg(tenantId, currency, amount),
  ]);
  await setRefundJournal(tx, tenantId, created.id, posted.journalId);
}

/**
 * The filtered refunds (of one tenant, or of every tenant with a tenant column first) as a spreadsheet
 * in `lang`, newest first: 400 past the export limit.
 */
export async function refundExport(db: Db, scope: { tenantId: number | null; withTenant: boolean; rules?: SQL }, filters: RefundFilters, lang: Language, timeZone: string) {
  const { tenantId, withTenant, rules } = scope;
  assertExportSize(await countRefunds(db, tenantId, filters, rules));
  return {
    title: paymentExportTexts.refundTitle[lang],
    asciiTitle: 'refunds',
    timeZone,
    columns: refundColumnsFor(lang, timeZone, withTenant),
    batches: keysetBatches((after, limit) => refundExportBatch(db, tenantId, filters, withTenant, after, limit, rules)),
  };
}
