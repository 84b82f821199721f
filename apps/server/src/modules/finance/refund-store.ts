import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RefundKind, RefundStatus } from '@portal/shared/finance';
import type { z } from 'zod';
import type { PayOrderRecord, RefundRecord, refundInput } from '@portal/shared/finance-schemas';
import { REFUND_STATUS_TEXTS } from '@portal/shared/messages-finance';
import { PAYMENT_ACTION_TEXTS } from '@portal/shared/messages-payment';
import type { CurrencyCode } from '@portal/shared/money';
import { accounts, journals, payOrders, refunds } from '../../db/schema/finance.ts';
import { conflict, notFound, type AppError } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { dateRange } from '../../lib/list.ts';
import { platformLeg, walletLeg } from './ledger/model.ts';
import { financeNo, type Tx } from './ledger/repository.ts';
import { post } from './ledger/service.ts';
import { amountText, minorOf } from './money.ts';
import { iso, tenantNames, userNames } from './repository.ts';

/*
 * Refunds: a BALANCE refund pays wallet money back to the merchant's bank, a CHARGE refund returns
 * (part of) a paid charge to the wallet. Submitting reserves nothing in the ledger but is checked
 * against what is free (balance less pending balance refunds; paid less refunded less pending charge
 * refunds) under a row lock, so two submissions cannot both pass; money moves only when finance verifies.
 */

/** amount - refunded - the pay order's charge refunds awaiting review, as a column of a query on fin_pay_order */
export const refundableOfPayOrder = sql<string>`(${payOrders.amount} - ${payOrders.refunded} - (select coalesce(sum(${refunds.amount}), 0) from ${refunds}
  where ${refunds.payOrderId} = ${payOrders.id} and ${refunds.kind} = 'CHARGE' and ${refunds.status} = 'SUBMITTED'))`;

/** Checks and records a refund request (status SUBMITTED); answers its id. */
export async function submitRefund(tx: Tx, tenantId: number, userId: number, input: z.infer<typeof refundInput>): Promise<number> {
  let values: { kind: RefundKind; currency: CurrencyCode; amount: bigint; payOrderId: number | null; payeeName: string; payeeAccount: string; payeeBank: string };
  if (input.kind === 'BALANCE') {
    const amount = minorOf('amount', input.amount, input.currency);
    // the wallet row lock serialises submissions against each other (and against postings)
    const [wallet] = await tx
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, input.currency)))
      .for('update');
    const [pending] = await tx
      .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.currency, input.currency), eq(refunds.kind, 'BALANCE'), eq(refunds.status, 'SUBMITTED')));
    const available = (wallet?.balance ?? 0n) - BigInt(pending?.sum ?? '0');
    if (amount > available) {
      throw conflict('refundBalanceExceeded', { currency: input.currency, available: amountText(available > 0n ? available : 0n, input.currency), amount: amountText(amount, input.currency) });
    }
    values = { kind: 'BALANCE', currency: input.currency, amount, payOrderId: null, payeeName: input.payeeName, payeeAccount: input.payeeAccount, payeeBank: input.payeeBank };
  } else {
    const [payOrder] = await tx
      .select({ id: payOrders.id, currency: payOrders.currency, amount: payOrders.amount, refunded: payOrders.refunded })
      .from(payOrders)
      .where(and(eq(payOrders.payOrderNo, input.payOrderNo), eq(payOrders.tenantId, tenantId)))
      .for('update');
    if (!payOrder) throw notFound('refundPayOrderNotFound', { payOrderNo: input.payOrderNo });
    const amount = minorOf('amount', input.amount, payOrder.currency);
    const [pending] = await tx
      .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
      .from(refunds)
      .where(and(eq(refunds.payOrderId, payOrder.id), eq(refunds.kind, 'CHARGE'), eq(refunds.status, 'SUBMITTED')));
    const refundable = payOrder.amount - payOrder.refunded - BigInt(pending?.sum ?? '0');
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
  const [created] = await tx
    .insert(refunds)
    .values({ tenantId, refundNo: financeNo('RF'), status: 'SUBMITTED', ...values, reason: input.reason, createdBy: userId })
    .returning({ id: refunds.id });
  return must(created, 'refund').id;
}

export const notInStatus = (record: string, status: RefundStatus): AppError =>
  conflict('financeRecordNotInStatus', { record, status: REFUND_STATUS_TEXTS[status], action: PAYMENT_ACTION_TEXTS.review });

/**
 * Finance's decision, in the caller's transaction: the refund locked, SUBMITTED only, never by its
 * submitter. Approving moves the money: a balance refund leaves the wallet for the bank (409 when the
 * balance was spent meanwhile), a charge refund first raises the pay order's refunded (never past what
 * was paid), then returns the money from revenue to the wallet.
 */
export async function decideRefund(tx: Tx, userId: number, decision: { id: number; approve: boolean; reason: string }): Promise<void> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, decision.id)).for('update');
  if (!refund) throw notFound();
  if (refund.status !== 'SUBMITTED') throw notInStatus(refund.refundNo, refund.status);
  if (refund.createdBy === userId) throw conflict('sameUserDecision');
  let journalId: number | null = null;
  if (decision.approve) {
    const head = { tenantId: refund.tenantId, kind: 'REFUND' as const, refNo: refund.refundNo, createdBy: userId };
    if (refund.kind === 'BALANCE') {
      journalId = (await post(tx, head, [walletLeg(refund.tenantId, refund.currency, -refund.amount), platformLeg('BANK', refund.currency, refund.amount)])).journalId;
    } else {
      const payOrderId = must(refund.payOrderId, 'pay order of a charge refund');
      const raised = await tx
        .update(payOrders)
        .set({ refunded: sql`${payOrders.refunded} + ${refund.amount}` })
        .where(and(eq(payOrders.id, payOrderId), sql`${payOrders.refunded} + ${refund.amount} <= ${payOrders.amount}`))
        .returning({ id: payOrders.id });
      if (raised.length === 0) {
        const [payOrder] = await tx.select().from(payOrders).where(eq(payOrders.id, payOrderId));
        const current = must(payOrder, 'pay order');
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
  await tx
    .update(refunds)
    .set({ status: decision.approve ? 'APPROVED' : 'REJECTED', decisionRemark: decision.reason, journalId, decidedBy: userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(refunds.id, refund.id));
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

/** Within one tenant (merchant calls) or across all (platform calls: `tenantId` null unless it filters). */
export function refundWhere(tenantId: number | null, filters: RefundFilters): SQL | undefined {
  return and(
    tenantId === null ? undefined : eq(refunds.tenantId, tenantId),
    filters.status ? eq(refunds.status, filters.status) : undefined,
    filters.kind ? eq(refunds.kind, filters.kind) : undefined,
    filters.refundNo ? eq(refunds.refundNo, filters.refundNo) : undefined,
    filters.currency ? eq(refunds.currency, filters.currency) : undefined,
    filters.createdBy ? eq(refunds.createdBy, filters.createdBy) : undefined,
    ...dateRange(refunds.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

export const refundColumns = {
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
export const refundsJoined = (tx: Tx) =>
  tx.select(refundColumns).from(refunds).leftJoin(payOrders, eq(payOrders.id, refunds.payOrderId)).leftJoin(journals, eq(journals.id, refunds.journalId));

export async function toRefundRecords(tx: Tx, rows: RefundRow[]): Promise<RefundRecord[]> {
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
export async function refundRecord(tx: Tx, tenantId: number | null, id: number): Promise<RefundRecord> {
  const rows = await refundsJoined(tx).where(and(eq(refunds.id, id), tenantId === null ? undefined : eq(refunds.tenantId, tenantId)));
  const [record] = await toRefundRecords(tx, rows);
  if (!record) throw notFound();
  return record;
}

export type PayOrderRow = { payOrderNo: string; orderNo: string; currency: CurrencyCode; amount: bigint; refunded: bigint; refundable: string; paidAt: Date };

export const toPayOrderRecord = (row: PayOrderRow): PayOrderRecord => ({
  payOrderNo: row.payOrderNo,
  orderNo: row.orderNo,
  currency: row.currency,
  amount: amountText(row.amount, row.currency),
  refunded: amountText(row.refunded, row.currency),
  refundable: amountText(BigInt(row.refundable), row.currency),
  paidAt: must(iso(row.paidAt), 'paidAt'),
});
