import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { isoTime } from './logistics-schemas.ts';
import { CURRENCY_CODES, decimalPattern } from './money.ts';
import { msg } from './messages.ts';
import {
  ACCOUNT_KINDS,
  JOURNAL_KINDS,
  PAYMENT_LINES_MAX,
  PAYMENT_STATUSES,
  RATE_APPLY_STATUSES,
  RATE_SCALE,
  RECEIVING_ACCOUNT_CODES,
  RECHARGE_STATUSES,
  REFUND_KINDS,
  REFUND_STATUSES,
} from './finance.ts';

/**
 * The wallet's contract: request bodies the server validates and records it answers. Amounts
 * are decimal strings in the currency's unit ("1234.50"); rates are decimal strings ("4.3825").
 * The web app imports the types only.
 */

export const currencyField = z.enum(CURRENCY_CODES);
/** A positive amount with at most 2 decimals; the server checks it against the currency's exponent. */
export const amountField = z
  .string()
  .trim()
  .regex(decimalPattern(2), { error: msg('validationAmount') })
  .refine((value) => /[1-9]/.test(value), { error: msg('validationAmount') });
export const rateField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,14}(\\.\\d{1,${RATE_SCALE}})?$`), { error: msg('validationRate') })
  .refine((value) => /[1-9]/.test(value), { error: msg('validationRate') });
export const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max).default('');
// an ISO 8601 time with an offset, in years PostgreSQL and people both take
const time = isoTime.refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
});

/** Lists take their page and filters in the POST body, like the wallet's other calls. */
export const pageBody = {
  pageNo: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  order: z.enum(['asc', 'desc']).optional(),
  /** ISO times; the end is read as "before the next second" */
  createdAt_begin: time.optional(),
  createdAt_end: time.optional(),
};

export const idBody = z.strictObject({ id: idField });
export const currencyBody = z.strictObject({ currency: currencyField });

// ------------------------------------------------------------------ wallet

export const walletBalance = z.object({
  currency: currencyField,
  balance: z.string(),
  /**
   * submitted recharges not yet confirmed, in this currency (the "unrecharged amount"): those of the reader's
   * recharge list (its data rules), null for a reader without that list
   */
  unrecharged: z.string().nullable(),
  /** balance refunds submitted and not yet verified: those of the reader's refund list, null for a reader without it */
  pendingRefund: z.string().nullable(),
  /**
   * what a balance refund may take now: the balance less every balance refund of the company awaiting
   * verification (the refund's own check); null for a reader who may not ask for a refund
   */
  available: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalance>;
export const walletDetails = z.object({ wallets: z.array(walletBalance) });

export const rateQuote = z.object({
  baseCurrency: currencyField,
  quoteCurrency: currencyField,
  /** 1 base = rate quote */
  rate: z.string(),
  /** 1 quote = inverseRate base, 10 decimals, half to even */
  inverseRate: z.string(),
  effectiveFrom: z.string(),
});
export type RateQuote = z.infer<typeof rateQuote>;
/** queryRate: the rates from `currency` to every other currency finance keeps, in both directions. */
export const rateTable = z.object({ currency: currencyField, rates: z.array(rateQuote) });
export type RateTable = z.infer<typeof rateTable>;

export const person = z.object({ id: z.number(), username: z.string(), realname: z.string() });
export type Person = z.infer<typeof person>;

// ------------------------------------------------------------------ recharge

export const voucherRecord = z.object({ id: z.number(), name: z.string(), mimeType: z.string(), size: z.number() });
export type VoucherRecord = z.infer<typeof voucherRecord>;

export const rechargeInput = z.strictObject({
  transferCurrency: currencyField,
  transferAmount: amountField,
  /** the wallet currency to credit; a different one converts at the rate of the day (or an approved application) */
  receivedCurrency: currencyField,
  receivingAccountCode: z.enum(RECEIVING_ACCOUNT_CODES),
  payerName: z.string().trim().min(1).max(100),
  payerAccount: text(64),
  transferredAt: time.optional(),
  rateApplyId: idField.optional(),
  remark: text(500),
  voucherIds: z.array(idField).max(5).default([]),
  /** true keeps it as a draft; false submits it for review (a voucher is then required) */
  draft: z.boolean().default(true),
});
export type RechargeInput = z.input<typeof rechargeInput>;
export const rechargeEditInput = rechargeInput.extend({ id: idField });

export const rechargeRecord = z.object({
  id: z.number(),
  rechargeNo: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  transferCurrency: currencyField,
  transferAmount: z.string(),
  receivedCurrency: currencyField,
  /** confirmed: what was credited; before: the estimate at today's rate (null when no rate is known) */
  receivedAmount: z.string().nullable(),
  rate: z.string().nullable(),
  inverseRate: z.string().nullable(),
  /** what is not yet in the wallet: the received amount until confirmed, then 0 */
  unrechargedAmount: z.string().nullable(),
  /** the merchant's rate application it converts at (its number: rateApplyNo); an edit that leaves it out takes it away */
  rateApplyId: z.number().nullable(),
  rateApplyNo: z.string().nullable(),
  payerName: z.string(),
  payerAccount: z.string(),
  receivingAccountCode: z.string(),
  receivingBank: z.string(),
  receivingAccountNo: z.string(),
  transferredAt: z.string().nullable(),
  remark: z.string(),
  rejectReason: z.string(),
  vouchers: z.array(voucherRecord),
  createdBy: z.string(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string(),
  decidedAt: z.string().nullable(),
  /** the posting time of a confirmed recharge */
  postedAt: z.string().nullable(),
  createdAt: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
});
export type RechargeRecord = z.infer<typeof rechargeRecord>;

export const rechargeListBody = z.strictObject({
  ...pageBody,
  status: z.enum(RECHARGE_STATUSES).optional(),
  rechargeNo: z.string().trim().max(32).optional(),
  transferCurrency: currencyField.optional(),
  createdBy: idField.optional(),
  /** platform lists only */
  tenantId: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type RechargeListBody = z.input<typeof rechargeListBody>;

/** recharge/confirm (platform): what confirming now would do, without doing it. */
export const rechargeReviewPreview = z.object({
  record: rechargeRecord,
  /** the rate confirming now would use (1 from = rate to); null when none is known */
  rate: z.string().nullable(),
  inverseRate: z.string().nullable(),
  /** the amount confirming now would credit to the wallet, in the received currency */
  creditAmount: z.string().nullable(),
  /** the merchant's rate application whose rate would be used; null for the rate table (or the same currency) */
  rateApplyNo: z.string().nullable(),
  /** why there is no rate, or why the application's rate does not apply; '' otherwise */
  reason: z.string(),
});
export type RechargeReviewPreview = z.infer<typeof rechargeReviewPreview>;

export const decisionInput = z.strictObject({
  id: idField,
  approve: z.boolean(),
  /** required when rejecting */
  reason: text(500),
});
export type DecisionInput = z.input<typeof decisionInput>;

// ------------------------------------------------------------------ payment

export const chargeRecord = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  orderStatus: z.string(),
  currency: currencyField,
  amount: z.string(),
  createdAt: z.string(),
  /** the draft payments that already hold this charge */
  draftPaymentNos: z.array(z.string()),
});
export type ChargeRecord = z.infer<typeof chargeRecord>;
export const chargeListBody = z.strictObject({ ...pageBody, orderNo: z.string().trim().max(32).optional(), currency: currencyField.optional() });

export const paymentInput = z.strictObject({
  orderIds: z.array(idField).min(1).max(PAYMENT_LINES_MAX),
  remark: text(500),
  /** true keeps it as a draft; false pays it from the balance now */
  draft: z.boolean().default(true),
});
export type PaymentInput = z.input<typeof paymentInput>;
export const paymentEditInput = z.strictObject({ id: idField, orderIds: z.array(idField).min(1).max(PAYMENT_LINES_MAX), remark: text(500) });

export const paymentLineRecord = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  amount: z.string(),
  /** the pay order of a paid line */
  payOrderNo: z.string().nullable(),
  refunded: z.string().nullable(),
});
export const paymentRecord = z.object({
  id: z.number(),
  paymentNo: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  currency: currencyField,
  amount: z.string(),
  /** the platform company paid (the payee) */
  payee: z.string(),
  remark: z.string(),
  lines: z.array(paymentLineRecord),
  createdBy: z.string(),
  paidBy: z.string(),
  paidAt: z.string().nullable(),
  /** the wallet balance just after the payment */
  balanceAfter: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;
export const paymentListBody = z.strictObject({
  ...pageBody,
  status: z.enum(PAYMENT_STATUSES).optional(),
  paymentNo: z.string().trim().max(32).optional(),
  orderNo: z.string().trim().max(32).optional(),
  currency: currencyField.optional(),
  createdBy: idField.optional(),
});

/** payment/confirm: what paying these charges (or this draft) would do, without doing it. */
export const paymentPreviewInput = z.union([z.strictObject({ id: idField }), z.strictObject({ orderIds: z.array(idField).min(1).max(PAYMENT_LINES_MAX) })]);
export const paymentPreview = z.object({
  currency: currencyField,
  amount: z.string(),
  balance: z.string(),
  balanceAfter: z.string(),
  sufficient: z.boolean(),
  lines: z.array(z.object({ orderId: z.number(), orderNo: z.string(), amount: z.string(), payable: z.boolean(), reason: z.string() })),
});
export type PaymentPreview = z.infer<typeof paymentPreview>;

// ------------------------------------------------------------------ refund

export const refundInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('BALANCE'),
    currency: currencyField,
    amount: amountField,
    payeeName: z.string().trim().min(1).max(100),
    payeeAccount: z.string().trim().min(1).max(64),
    payeeBank: z.string().trim().min(1).max(100),
    reason: text(500),
  }),
  z.strictObject({ kind: z.literal('CHARGE'), payOrderNo: z.string().trim().min(1).max(32), amount: amountField, reason: text(500) }),
]);
export type RefundInput = z.input<typeof refundInput>;

export const refundRecord = z.object({
  id: z.number(),
  refundNo: z.string(),
  status: z.enum(REFUND_STATUSES),
  kind: z.enum(REFUND_KINDS),
  currency: currencyField,
  amount: z.string(),
  payOrderNo: z.string().nullable(),
  orderNo: z.string().nullable(),
  payeeName: z.string(),
  payeeAccount: z.string(),
  payeeBank: z.string(),
  reason: z.string(),
  decisionRemark: z.string(),
  createdBy: z.string(),
  /** the finance user who verified or rejected it */
  refunder: z.string(),
  decidedAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  createdAt: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecord>;
export const refundListBody = z.strictObject({
  ...pageBody,
  status: z.enum(REFUND_STATUSES).optional(),
  kind: z.enum(REFUND_KINDS).optional(),
  refundNo: z.string().trim().max(32).optional(),
  currency: currencyField.optional(),
  createdBy: idField.optional(),
  tenantId: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** refund/payOrders: the tenant's paid charges that can still be refunded, newest first. */
export const payOrderListBody = z.strictObject({
  pageNo: pageBody.pageNo,
  pageSize: pageBody.pageSize,
  payOrderNo: z.string().trim().max(32).optional(),
  orderNo: z.string().trim().max(32).optional(),
});
export type PayOrderListBody = z.input<typeof payOrderListBody>;

/** What can still be refunded of a paid charge. */
export const payOrderRecord = z.object({
  payOrderNo: z.string(),
  orderNo: z.string(),
  currency: currencyField,
  amount: z.string(),
  refunded: z.string(),
  /** amount - refunded - refunds submitted and not yet decided */
  refundable: z.string(),
  paidAt: z.string(),
});
export type PayOrderRecord = z.infer<typeof payOrderRecord>;

// ------------------------------------------------------------------ rates

export const rateInput = z.strictObject({
  baseCurrency: currencyField,
  quoteCurrency: currencyField,
  rate: rateField,
  /** default now; a later time schedules the rate */
  effectiveFrom: time.optional(),
  remark: text(200),
});
export type RateInput = z.input<typeof rateInput>;
export const rateRecord = z.object({
  id: z.number(),
  baseCurrency: currencyField,
  quoteCurrency: currencyField,
  rate: z.string(),
  inverseRate: z.string(),
  effectiveFrom: z.string(),
  /** the one applying now for its pair */
  current: z.boolean(),
  remark: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RateRecord = z.infer<typeof rateRecord>;
export const rateListBody = z.strictObject({ ...pageBody, baseCurrency: currencyField.optional(), quoteCurrency: currencyField.optional(), currentOnly: z.boolean().optional() });

export const rateApplyInput = z.strictObject({
  baseCurrency: currencyField,
  quoteCurrency: currencyField,
  amount: amountField,
  requestedRate: rateField,
  reason: z.string().trim().min(1).max(500),
  draft: z.boolean().default(true),
});
export type RateApplyInput = z.input<typeof rateApplyInput>;
export const rateApplyEditInput = rateApplyInput.extend({ id: idField });
export const rateApplyDecisionInput = z.strictObject({
  id: idField,
  approve: z.boolean(),
  /** the rate granted (default: the one asked for) */
  approvedRate: rateField.optional(),
  /** default: 7 days from now */
  validUntil: time.optional(),
  reason: text(500),
});
export type RateApplyDecisionInput = z.input<typeof rateApplyDecisionInput>;
export const rateApplyRecord = z.object({
  id: z.number(),
  applyNo: z.string(),
  status: z.enum(RATE_APPLY_STATUSES),
  baseCurrency: currencyField,
  quoteCurrency: currencyField,
  amount: z.string(),
  requestedRate: z.string(),
  approvedRate: z.string().nullable(),
  /** today's rate for the pair, to compare with */
  marketRate: z.string().nullable(),
  validUntil: z.string().nullable(),
  reason: z.string(),
  decisionRemark: z.string(),
  createdBy: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
});
export type RateApplyRecord = z.infer<typeof rateApplyRecord>;
export const rateApplyListBody = z.strictObject({
  ...pageBody,
  status: z.enum(RATE_APPLY_STATUSES).optional(),
  applyNo: z.string().trim().max(32).optional(),
  tenantId: z.number().int().min(0).max(2_147_483_647).optional(),
});

// ------------------------------------------------------------------ finance details and statements

export const detailRecord = z.object({
  id: z.number(),
  journalId: z.number(),
  kind: z.enum(JOURNAL_KINDS),
  refNo: z.string(),
  memo: z.string(),
  currency: currencyField,
  /** signed: + into the wallet, - out of it */
  amount: z.string(),
  /** the running balance after this movement */
  balance: z.string(),
  postedAt: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
});
export type DetailRecord = z.infer<typeof detailRecord>;
/** A movement as the platform sees it: the platform's own accounts (tenant 0) keep no running balance. */
export const platformDetailRecord = detailRecord.extend({ balance: z.string().nullable(), accountKind: z.enum(ACCOUNT_KINDS) });
export type PlatformDetailRecord = z.infer<typeof platformDetailRecord>;
export const detailListBody = z.strictObject({
  ...pageBody,
  currency: currencyField.optional(),
  kind: z.enum(JOURNAL_KINDS).optional(),
  refNo: z.string().trim().max(32).optional(),
  postedAt_begin: time.optional(),
  postedAt_end: time.optional(),
  tenantId: z.number().int().min(0).max(2_147_483_647).optional(),
});

export const monthField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .refine((month) => month >= '2000-01', 'too early');
export const statementInput = z.strictObject({ month: monthField, currency: currencyField, remark: text(500) });
export const statementRecord = z.object({
  id: z.number(),
  month: z.string(),
  currency: currencyField,
  opening: z.string(),
  /** money in during the month (>= 0) */
  credits: z.string(),
  /** money out during the month, negative (<= 0): closing = opening + credits + debits */
  debits: z.string(),
  closing: z.string(),
  entryCount: z.number(),
  remark: z.string(),
  generatedBy: z.string(),
  generatedAt: z.string(),
});
export type StatementRecord = z.infer<typeof statementRecord>;
export const statementListBody = z.strictObject({ ...pageBody, currency: currencyField.optional(), month: monthField.optional() });
export const statementDetail = statementRecord.extend({ lines: z.array(detailRecord) });
export type StatementDetail = z.infer<typeof statementDetail>;

// ------------------------------------------------------------------ platform: accounts and reversals

export const accountRecord = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  currency: currencyField,
  balance: z.string(),
  updatedAt: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecord>;
export const accountListBody = z.strictObject({ ...pageBody, tenantId: z.number().int().min(0).max(2_147_483_647).optional(), currency: currencyField.optional(), kind: z.enum(ACCOUNT_KINDS).optional() });

export const reversalInput = z.strictObject({ rechargeId: idField, reason: z.string().trim().min(1).max(300) });

// ---- conversion

/** convert/preview: what converting `amount` of the `fromCurrency` wallet into the `toCurrency` wallet would give. */
export const conversionInput = z.strictObject({
  fromCurrency: currencyField,
  toCurrency: currencyField,
  /** in the from currency; the server checks it against that currency's exponent */
  amount: amountField,
});
export type ConversionInput = z.input<typeof conversionInput>;
export const conversionSubmitInput = conversionInput.extend({
  /** the rate the user saw (1 from = rate to): when the rate applying now differs, nothing moves (409) */
  expectedRate: rateField.optional(),
});
export type ConversionSubmitInput = z.input<typeof conversionSubmitInput>;

export const conversionPreview = z.object({
  fromCurrency: currencyField,
  toCurrency: currencyField,
  amount: z.string(),
  /** 1 from = rate to, as the rate table has it now */
  rate: z.string(),
  inverseRate: z.string(),
  /** what the to wallet would receive, rounded half to even to its minor unit */
  converted: z.string(),
  /** the from wallet's balance now, and after (negative when it does not cover the amount) */
  balance: z.string(),
  balanceAfter: z.string(),
  sufficient: z.boolean(),
  effectiveFrom: z.string(),
});
export type ConversionPreview = z.infer<typeof conversionPreview>;

export const conversionRecord = z.object({
  /** the journal's reference (CV + yymmdd + 8 digits) */
  conversionNo: z.string(),
  fromCurrency: currencyField,
  toCurrency: currencyField,
  amount: z.string(),
  converted: z.string(),
  rate: z.string(),
  inverseRate: z.string(),
  /** both wallets' balances just after the conversion */
  balanceFrom: z.string(),
  balanceTo: z.string(),
  postedAt: z.string(),
});
export type ConversionRecord = z.infer<typeof conversionRecord>;
