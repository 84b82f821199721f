import type { CurrencyCode } from './money.ts';

/** Finance: the wallet's constants both sides share. Meanings in docs/finance.md. */

/**
 * WALLET: a merchant's money per currency; the others are the platform's own accounts (tenant 0).
 * PURCHASE holds what merchants paid for goods the platform buys for them: not revenue.
 */
export const ACCOUNT_KINDS = ['WALLET', 'BANK', 'REVENUE', 'FX', 'ROUNDING', 'PURCHASE'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What a journal records: a confirmed recharge, a payment, a verified refund, a conversion between two wallets, or a reversal of one. */
export const JOURNAL_KINDS = ['RECHARGE', 'PAYMENT', 'REFUND', 'CONVERSION', 'REVERSAL'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** Spec §4 "Wallet record states appear as tabs and drafts". */
export const RECHARGE_STATUSES = ['DRAFT', 'SUBMITTED', 'CONFIRMED', 'REJECTED', 'REVERSED'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
/** What a pay order paid: a logistics order's freight, or a purchase charge (pur_charge). */
export const PAY_ORDER_SOURCES = ['FREIGHT', 'PURCHASE'] as const;
export type PayOrderSource = (typeof PAY_ORDER_SOURCES)[number];
export const PAYMENT_STATUSES = ['DRAFT', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REFUND_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** BALANCE: wallet money paid back out to the merchant's bank; CHARGE: a paid charge returned to the wallet. */
export const REFUND_KINDS = ['BALANCE', 'CHARGE'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const RATE_APPLY_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type RateApplyStatus = (typeof RATE_APPLY_STATUSES)[number];

/** Every money-moving request carries this header (the IETF Idempotency-Key draft's name). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 100;

/** Rates are exact decimals with at most this many decimals (numeric(24,10) in the database). */
export const RATE_SCALE = 10;

/** Bank vouchers: images and PDF, at most 5 MB each and 5 per recharge. */
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024;
export const VOUCHERS_PER_RECHARGE_MAX = 5;
export const VOUCHER_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/pdf': 'pdf' } as const;
export type VoucherType = keyof typeof VOUCHER_TYPES;

/** Payment lines per payment. */
export const PAYMENT_LINES_MAX = 100;

/** Statements and finance details count months and days in the business time zone. */
export const FINANCE_TIME_ZONE = 'Asia/Shanghai';

/** The platform's bank accounts a merchant wires a recharge to (the "receiving account and bank"). */
export const RECEIVING_ACCOUNTS: readonly { code: string; currency: CurrencyCode; bank: string; accountNo: string; holder: string }[] = [
  { code: 'CN-ICBC', currency: 'CNY', bank: '中國工商銀行 深圳福田支行', accountNo: '4000 0215 0920 0123 456', holder: '深圳跨境集運有限公司' },
  { code: 'HK-HSBC', currency: 'HKD', bank: 'HSBC Hong Kong', accountNo: '004-123-456789-838', holder: 'Cross Border Consolidation Ltd' },
  { code: 'TW-CTBC', currency: 'TWD', bank: '中國信託商業銀行 台北分行', accountNo: '822-5405-1234-5678', holder: '跨境集運股份有限公司' },
  { code: 'US-CITI', currency: 'USD', bank: 'Citibank N.A. Hong Kong', accountNo: '391-0098-765432', holder: 'Cross Border Consolidation Ltd' },
];
export const RECEIVING_ACCOUNT_CODES = RECEIVING_ACCOUNTS.map((account) => account.code) as [string, ...string[]];
