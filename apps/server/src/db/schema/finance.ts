import { sql } from 'drizzle-orm';
import { bigint, check, customType, foreignKey, index, integer, jsonb, numeric, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '@portal/shared/money';
import type { AccountKind, JournalKind, PayOrderSource, PaymentStatus, RateApplyStatus, RechargeStatus, RefundKind, RefundStatus } from '@portal/shared/finance';
import { tenants, users } from './sys.ts';
import { currencies, orders } from './logistics.ts';

/*
 * Finance (design in docs/decisions/0007-ledger-design.md, meanings in docs/finance.md).
 * The ledger: accounts, journals and their entries. Entries are append-only and every journal balances
 * per currency (triggers in the migration). Money is bigint minor units of the row's currency.
 * Tables by tenant (docs/decisions/0010-tables-by-tenant.md): primary keys are (tenant_id, id), unique keys
 * and references between tenant tables include tenant_id; exchange rates are a reference table.
 */

const id = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** the id of a tenant table: unique by construction, the primary key is (tenant_id, id) */
const tenantRowId = () => bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  integer()
    .notNull()
    .references(() => tenants.id);
const money = () => bigint({ mode: 'bigint' });
const currency = () =>
  varchar({ length: 3 })
    .$type<CurrencyCode>()
    .references(() => currencies.code);
const userRef = () => integer().references(() => users.id);
/** exact decimal rates: 1 unit of the base currency = rate units of the quote currency */
const rate = () => numeric({ precision: 24, scale: 10 });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The number part of RC / PY / RF / RA numbers. */
export const financeNoSequence = pgSequence('fin_no_seq', { startWith: 1, cache: 20 });

export const accounts = pgTable(
  'fin_account',
  {
    id: tenantRowId(),
    /** the merchant tenant of a WALLET; 0 (the platform) for the platform's own accounts */
    tenantId: tenantId(),
    kind: varchar({ length: 16 }).$type<AccountKind>().notNull(),
    currency: currency().notNull(),
    /**
     * WALLET: the sum of the account's entries, kept in step by every posting (a cache the proofs check).
     * The platform's accounts are not cached (0 here): every payment of every merchant touches them, and
     * one hot row would serialise all payments. Their balance is the sum of their entries when asked.
     */
    balance: money().notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('fin_account_uq').on(t.tenantId, t.kind, t.currency),
    // the last line of defence: a wallet never goes below zero
    check('fin_account_wallet_not_negative', sql`${t.kind} <> 'WALLET' or ${t.balance} >= 0`),
  ],
);

export const journals = pgTable(
  'fin_journal',
  {
    id: tenantRowId(),
    /** the merchant the movement concerns */
    tenantId: tenantId(),
    kind: varchar({ length: 16 }).$type<JournalKind>().notNull(),
    /** the business record that caused it: RC / PY / RF number */
    refNo: varchar({ length: 32 }).notNull(),
    memo: varchar({ length: 300 }).notNull().default(''),
    /** the exchange rate a converting journal used (1 from = rate to); null when nothing converted */
    rate: rate(),
    /** a reversal names the journal it reverses; a journal is reversed at most once */
    reversesId: bigint({ mode: 'number' }),
    createdBy: userRef(),
    postedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('fin_journal_reverses_uq').on(t.tenantId, t.reversesId), index('fin_journal_tenant_posted_idx').on(t.tenantId, t.postedAt.desc(), t.id.desc()), index('fin_journal_ref_idx').on(t.refNo)],
);

/**
 * A line of a journal on one account. It belongs to the account's tenant, which for the platform's accounts
 * (tenant 0) is not the journal's: so the journal is not a foreign key (it would span two tenants); the
 * deferred balance trigger refuses an entry whose journal does not exist (migration 0006, decision 0010).
 */
export const entries = pgTable(
  'fin_entry',
  {
    id: tenantRowId(),
    journalId: bigint({ mode: 'number' }).notNull(),
    accountId: bigint({ mode: 'number' }).notNull(),
    /** copied from the account, so a tenant's lines are found without a join */
    tenantId: tenantId(),
    currency: currency().notNull(),
    /** signed: + into the account, - out of it */
    amount: money().notNull(),
    /** a wallet's balance just after this entry (the running balance of finance details); null on platform accounts */
    balanceAfter: money(),
    /** taken when the entry is written, with its wallet locked: per account it follows the order of the postings */
    postedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_entry_account_fk', columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    index('fin_entry_account_idx').on(t.accountId, t.postedAt, t.id),
    index('fin_entry_tenant_idx').on(t.tenantId, t.id.desc()),
    index('fin_entry_journal_idx').on(t.journalId),
    check('fin_entry_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** One row per money-moving request: the same key and body answers the first answer. */
export const idempotencyKeys = pgTable(
  'fin_idempotency',
  {
    tenantId: integer().notNull(),
    key: varchar({ length: 100 }).notNull(),
    userId: userRef(),
    /** sha-256 of the route and the request body */
    requestHash: varchar({ length: 64 }).notNull(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** Exchange rates kept by finance; history is kept, the newest effective one applies. */
export const rates = pgTable(
  'fin_rate',
  {
    id: id(),
    baseCurrency: currency().notNull(),
    quoteCurrency: currency().notNull(),
    rate: rate().notNull(),
    effectiveFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    remark: varchar({ length: 200 }).notNull().default(''),
    createdBy: userRef(),
    createdAt: createdAt(),
  },
  (t) => [index('fin_rate_pair_idx').on(t.baseCurrency, t.quoteCurrency, t.effectiveFrom.desc(), t.id.desc()), check('fin_rate_positive', sql`${t.rate} > 0`)],
);

/** A merchant's application for its own rate on a currency pair (the exchange rate application screen). */
export const rateApplications = pgTable(
  'fin_rate_apply',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    applyNo: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<RateApplyStatus>().notNull().default('DRAFT'),
    baseCurrency: currency().notNull(),
    quoteCurrency: currency().notNull(),
    /** what the merchant expects to transfer, in the base currency */
    amount: money().notNull(),
    /** the rate asked for, and the one finance granted */
    requestedRate: rate().notNull(),
    approvedRate: rate(),
    validUntil: timestamp({ withTimezone: true }),
    reason: varchar({ length: 500 }).notNull().default(''),
    decisionRemark: varchar({ length: 500 }).notNull().default(''),
    createdBy: userRef(),
    decidedBy: userRef(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('fin_rate_apply_no_uq').on(t.tenantId, t.applyNo),
    // finance's lists filter by number across tenants
    index('fin_rate_apply_no_idx').on(t.applyNo),
    index('fin_rate_apply_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()), index('fin_rate_apply_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export const recharges = pgTable(
  'fin_recharge',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    rechargeNo: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<RechargeStatus>().notNull().default('DRAFT'),
    /** what the merchant wired */
    transferCurrency: currency().notNull(),
    transferAmount: money().notNull(),
    /** the wallet currency credited */
    receivedCurrency: currency().notNull(),
    /** set at confirmation: the transfer converted at `rate` */
    receivedAmount: money(),
    rate: rate(),
    rateApplyId: bigint({ mode: 'number' }),
    payerName: varchar({ length: 100 }).notNull().default(''),
    payerAccount: varchar({ length: 64 }).notNull().default(''),
    /** the platform account it was wired to (FINANCE_RECEIVING_ACCOUNTS) */
    receivingAccountCode: varchar({ length: 16 }).notNull(),
    transferredAt: timestamp({ withTimezone: true }),
    remark: varchar({ length: 500 }).notNull().default(''),
    rejectReason: varchar({ length: 500 }).notNull().default(''),
    journalId: bigint({ mode: 'number' }),
    createdBy: userRef(),
    submittedBy: userRef(),
    submittedAt: timestamp({ withTimezone: true }),
    decidedBy: userRef(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_recharge_rate_apply_fk', columns: [t.tenantId, t.rateApplyId], foreignColumns: [rateApplications.tenantId, rateApplications.id] }),
    foreignKey({ name: 'fin_recharge_journal_fk', columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    uniqueIndex('fin_recharge_no_uq').on(t.tenantId, t.rechargeNo),
    index('fin_recharge_no_idx').on(t.rechargeNo),
    index('fin_recharge_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('fin_recharge_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('fin_recharge_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    check('fin_recharge_amount_positive', sql`${t.transferAmount} > 0`),
  ],
);

/** Bank vouchers of a recharge: images and PDF, kept in the database so app servers stay stateless. */
export const vouchers = pgTable(
  'fin_voucher',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    /** null until a recharge is saved with it */
    /** deleting the recharge clears only this column (ON DELETE SET NULL (recharge_id), migration 0006) */
    rechargeId: bigint({ mode: 'number' }),
    /** server-chosen: a random id and the extension the content type gives */
    storedName: varchar({ length: 64 }).notNull(),
    /** the uploader's file name, shown only, never used as a path */
    originalName: varchar({ length: 200 }).notNull(),
    mimeType: varchar({ length: 64 }).notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdBy: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_voucher_recharge_fk', columns: [t.tenantId, t.rechargeId], foreignColumns: [recharges.tenantId, recharges.id] }).onDelete('set null'),
    uniqueIndex('fin_voucher_stored_uq').on(t.tenantId, t.storedName),
    index('fin_voucher_recharge_idx').on(t.tenantId, t.rechargeId),
    index('fin_voucher_tenant_idx').on(t.tenantId, t.createdAt.desc()),
  ],
);

export const payments = pgTable(
  'fin_payment',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    paymentNo: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<PaymentStatus>().notNull().default('DRAFT'),
    currency: currency().notNull(),
    /** the sum of the lines: as drafted, then as paid */
    amount: money().notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    journalId: bigint({ mode: 'number' }),
    createdBy: userRef(),
    paidBy: userRef(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_payment_journal_fk', columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    uniqueIndex('fin_payment_no_uq').on(t.tenantId, t.paymentNo),
    index('fin_payment_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('fin_payment_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The charges a payment (draft or paid) covers: the freight of logistics orders. */
export const paymentLines = pgTable(
  'fin_payment_line',
  {
    tenantId: tenantId(),
    paymentId: bigint({ mode: 'number' }).notNull(),
    orderId: bigint({ mode: 'number' }).notNull(),
    amount: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.tenantId, t.orderId] }),
    foreignKey({ name: 'fin_payment_line_payment_fk', columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }).onDelete('cascade'),
    foreignKey({ name: 'fin_payment_line_order_fk', columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    index('fin_payment_line_order_idx').on(t.orderId),
  ],
);

/**
 * A paid charge. unique (source, source_id) is what makes paying the same charge twice impossible;
 * refunded never exceeds amount (a check).
 */
export const payOrders = pgTable(
  'fin_pay_order',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    payOrderNo: varchar({ length: 32 }).notNull(),
    source: varchar({ length: 16 }).$type<PayOrderSource>().notNull(),
    sourceId: bigint({ mode: 'number' }).notNull(),
    sourceNo: varchar({ length: 32 }).notNull(),
    paymentId: bigint({ mode: 'number' }).notNull(),
    currency: currency().notNull(),
    amount: money().notNull(),
    refunded: money().notNull().default(sql`0`),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_pay_order_payment_fk', columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    uniqueIndex('fin_pay_order_no_uq').on(t.tenantId, t.payOrderNo),
    uniqueIndex('fin_pay_order_source_uq').on(t.tenantId, t.source, t.sourceId),
    index('fin_pay_order_tenant_idx').on(t.tenantId, t.paidAt.desc(), t.id.desc()),
    index('fin_pay_order_payment_idx').on(t.paymentId),
    check('fin_pay_order_refund_within', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

export const refunds = pgTable(
  'fin_refund',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    refundNo: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<RefundStatus>().notNull().default('SUBMITTED'),
    kind: varchar({ length: 16 }).$type<RefundKind>().notNull(),
    currency: currency().notNull(),
    amount: money().notNull(),
    /** the paid charge refunded (kind CHARGE) */
    payOrderId: bigint({ mode: 'number' }),
    /** where a balance refund is paid out */
    payeeName: varchar({ length: 100 }).notNull().default(''),
    payeeAccount: varchar({ length: 64 }).notNull().default(''),
    payeeBank: varchar({ length: 100 }).notNull().default(''),
    reason: varchar({ length: 500 }).notNull().default(''),
    decisionRemark: varchar({ length: 500 }).notNull().default(''),
    journalId: bigint({ mode: 'number' }),
    createdBy: userRef(),
    /** the refunder: the finance user who verified it */
    decidedBy: userRef(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'fin_refund_pay_order_fk', columns: [t.tenantId, t.payOrderId], foreignColumns: [payOrders.tenantId, payOrders.id] }),
    foreignKey({ name: 'fin_refund_journal_fk', columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    uniqueIndex('fin_refund_no_uq').on(t.tenantId, t.refundNo),
    index('fin_refund_no_idx').on(t.refundNo),
    index('fin_refund_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('fin_refund_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    index('fin_refund_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('fin_refund_pay_order_idx').on(t.tenantId, t.payOrderId),
    check('fin_refund_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A monthly statement as last generated; its figures are recomputed from the entries every time. */
export const statements = pgTable(
  'fin_statement',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    currency: currency().notNull(),
    /** YYYY-MM in the business time zone (Asia/Shanghai) */
    month: varchar({ length: 7 }).notNull(),
    opening: money().notNull(),
    credits: money().notNull(),
    debits: money().notNull(),
    closing: money().notNull(),
    entryCount: integer().notNull(),
    remark: text().notNull().default(''),
    generatedBy: userRef(),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('fin_statement_uq').on(t.tenantId, t.currency, t.month), index('fin_statement_tenant_idx').on(t.tenantId, t.month.desc(), t.id.desc())],
);
