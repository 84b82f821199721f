import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, numeric, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '@portal/shared/money';
import type { PreOrderStatus, PurchaseChargeKind, PurchaseChargeStatus, PurchaseFallback, PurchaseOrderStatus, PurchasePlatform, StockStatus } from '@portal/shared/purchase';
import { tenants, users } from './sys.ts';
import { currencies, orders } from './logistics.ts';
import { journals, payOrders } from './finance.ts';

/*
 * Purchasing (states and money in docs/purchasing.md). Goods are priced in CNY minor units
 * (fen); what a wallet paid is in its own currency with the rate of the moment. Tables by tenant
 * (decision 0010) but for the platforms' credentials, which are the platform's own (a global table).
 */

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
const platform = () => varchar({ length: 8 }).$type<PurchasePlatform>().notNull();
const rate = () => numeric({ precision: 24, scale: 10 });

/** The number part of PP (pre-purchase), PC (purchase) numbers: unique across tenants by construction. */
export const purchaseNoSequence = pgSequence('pur_no_seq', { startWith: 1, cache: 20 });

/**
 * The platform's own app at Taobao's global open platform and at 1688: its key, and its secret and OAuth
 * tokens encrypted with PURCHASE_SECRET_KEY (AES-256-GCM; never answered after saving).
 */
export const platformCredentials = pgTable(
  'pur_platform_credential',
  {
    platform: platform().primaryKey(),
    appKey: varchar({ length: 64 }).notNull(),
    appSecretEnc: text().notNull(),
    /** where the platform's OAuth sends the code back to */
    redirectUri: varchar({ length: 500 }).notNull().default(''),
    accessTokenEnc: text(),
    refreshTokenEnc: text(),
    accessExpiresAt: timestamp({ withTimezone: true }),
    refreshExpiresAt: timestamp({ withTimezone: true }),
    /** the account at the platform that authorised the app */
    accountName: varchar({ length: 100 }).notNull().default(''),
    authorizedAt: timestamp({ withTimezone: true }),
    /** the OAuth state of the authorisation under way (sha-256 of it) and when it lapses */
    oauthStateHash: varchar({ length: 64 }),
    oauthStateExpiresAt: timestamp({ withTimezone: true }),
    lastRefreshAt: timestamp({ withTimezone: true }),
    /** what the platform answered the last refresh that failed, for the screen's warning */
    lastRefreshError: varchar({ length: 500 }).notNull().default(''),
    updatedBy: userRef(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('pur_platform_credential_platform_ck', sql`${t.platform} in ('TAOBAO','1688')`)],
);

/**
 * A pre-purchase order (PP…): what the merchant wants bought on one platform. DRAFT is the basket; the
 * estimate is fixed at submission; `paid*` is what the wallet paid for its GOODS charge.
 */
export const preOrders = pgTable(
  'pur_pre_order',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    preOrderNo: varchar({ length: 32 }).notNull(),
    platform: platform(),
    status: varchar({ length: 16 }).$type<PreOrderStatus>().notNull().default('DRAFT'),
    /** the estimate in CNY fen: goods, domestic express (per seller), service fee, and their sum */
    goodsAmount: money().notNull().default(sql`0`),
    expressFee: money().notNull().default(sql`0`),
    serviceFee: money().notNull().default(sql`0`),
    totalAmount: money().notNull().default(sql`0`),
    /** what the goods actually cost, once every purchase order is settled */
    actualAmount: money(),
    remark: varchar({ length: 500 }).notNull().default(''),
    fallback: varchar({ length: 24 }).$type<PurchaseFallback>().notNull().default('CONTACT_ME'),
    /** the warehouse the goods are sent to */
    warehouseCode: varchar({ length: 16 }).notNull(),
    /** the platform's reason when it cancelled a paid pre-purchase order */
    cancelReason: varchar({ length: 500 }).notNull().default(''),
    createdBy: userRef(),
    submittedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /** the purchaser working it */
    purchaserId: userRef(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pur_pre_order_no_uq').on(t.tenantId, t.preOrderNo),
    index('pur_pre_order_no_idx').on(t.preOrderNo),
    index('pur_pre_order_tenant_no_search_idx').using('btree', t.tenantId, sql`upper(${t.preOrderNo}) text_pattern_ops`),
    index('pur_pre_order_tenant_platform_idx').on(t.tenantId, t.platform, t.createdAt.desc(), t.id.desc()),
    index('pur_pre_order_tenant_platform_status_idx').on(t.tenantId, t.platform, t.status, t.createdAt.desc(), t.id.desc()),
    // the purchasers' queue: every tenant's paid ones, oldest payment first
    index('pur_pre_order_status_paid_idx').on(t.status, t.paidAt, t.id),
    // one basket per user and platform
    uniqueIndex('pur_pre_order_draft_uq').on(t.tenantId, t.createdBy, t.platform).where(sql`${t.status} = 'DRAFT'`),
    check('pur_pre_order_status_ck', sql`${t.status} in ('DRAFT','SUBMITTED','PAID','PURCHASING','DONE','CANCELLED')`),
    check('pur_pre_order_amounts_ck', sql`${t.goodsAmount} >= 0 and ${t.expressFee} >= 0 and ${t.serviceFee} >= 0 and ${t.totalAmount} = ${t.goodsAmount} + ${t.expressFee} + ${t.serviceFee}`),
  ],
);

/** A SKU the merchant wants, as the platform showed it when it was added. */
export const preOrderLines = pgTable(
  'pur_pre_order_line',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    preOrderId: bigint({ mode: 'number' }).notNull(),
    lineNo: smallint().notNull(),
    itemId: varchar({ length: 32 }).notNull(),
    skuId: varchar({ length: 32 }).notNull().default(''),
    title: varchar({ length: 300 }).notNull(),
    /** the SKU's properties as the platform names them: "顏色:紅;尺碼:M" */
    skuText: varchar({ length: 300 }).notNull().default(''),
    imageUrl: varchar({ length: 500 }).notNull().default(''),
    itemUrl: varchar({ length: 500 }).notNull().default(''),
    sellerId: varchar({ length: 64 }).notNull(),
    storeName: varchar({ length: 200 }).notNull().default(''),
    /** CNY fen */
    unitPrice: money().notNull(),
    /** the seller's domestic express fee for this item, CNY fen (the estimate takes the highest per seller) */
    expressFee: money().notNull().default(sql`0`),
    quantity: integer().notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'pur_pre_order_line_pre_order_fk', columns: [t.tenantId, t.preOrderId], foreignColumns: [preOrders.tenantId, preOrders.id] }).onDelete('cascade'),
    uniqueIndex('pur_pre_order_line_no_uq').on(t.tenantId, t.preOrderId, t.lineNo),
    check('pur_pre_order_line_ck', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.expressFee} >= 0`),
  ],
);

/**
 * What the merchant owes for a pre-purchase order: the estimate (GOODS) at submission, a TOPUP when a
 * purchase cost more. Paid from one wallet through the ledger: its pay order (source PURCHASE, source id
 * = this id) makes paying it twice impossible, and its `refunded` is what came back.
 */
export const purchaseCharges = pgTable(
  'pur_charge',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    preOrderId: bigint({ mode: 'number' }).notNull(),
    kind: varchar({ length: 8 }).$type<PurchaseChargeKind>().notNull(),
    status: varchar({ length: 12 }).$type<PurchaseChargeStatus>().notNull().default('UNPAID'),
    /** CNY fen */
    amount: money().notNull(),
    /** the purchase order whose actual cost raised a top-up */
    purchaseOrderId: bigint({ mode: 'number' }),
    /** the wallet it was paid from, at which rate (1 CNY = payRate payCurrency), and how much */
    payCurrency: currency(),
    payRate: rate(),
    payAmount: money(),
    payOrderId: bigint({ mode: 'number' }),
    journalId: bigint({ mode: 'number' }),
    paidBy: userRef(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'pur_charge_pre_order_fk', columns: [t.tenantId, t.preOrderId], foreignColumns: [preOrders.tenantId, preOrders.id] }),
    foreignKey({ name: 'pur_charge_pay_order_fk', columns: [t.tenantId, t.payOrderId], foreignColumns: [payOrders.tenantId, payOrders.id] }),
    foreignKey({ name: 'pur_charge_journal_fk', columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    index('pur_charge_pre_order_idx').on(t.tenantId, t.preOrderId),
    // the merchant's charges to pay
    index('pur_charge_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc()),
    // one estimate per pre-purchase order
    uniqueIndex('pur_charge_goods_uq').on(t.tenantId, t.preOrderId).where(sql`${t.kind} = 'GOODS'`),
    check('pur_charge_ck', sql`${t.amount} > 0 and ${t.kind} in ('GOODS','TOPUP') and ${t.status} in ('UNPAID','PAID','CANCELLED')`),
    check('pur_charge_paid_ck', sql`${t.status} <> 'PAID' or (${t.payOrderId} is not null and ${t.payAmount} is not null and ${t.payRate} is not null)`),
  ],
);

/**
 * A purchase order (PC…) at the platform, for one seller's goods of one pre-purchase order (spec §3
 * "purchase"). `estimatedAmount` is its share of what the merchant paid (goods and express); the actual
 * payment settles against it once, when it is confirmed (`settledAt`).
 */
export const purchaseOrders = pgTable(
  'pur_order',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    purchaseNo: varchar({ length: 32 }).notNull(),
    preOrderId: bigint({ mode: 'number' }).notNull(),
    platform: platform(),
    status: varchar({ length: 24 }).$type<PurchaseOrderStatus>().notNull().default('PLACING'),
    /** the platform's purchase number (1688's order id, Taobao global's purchase id) */
    externalPurchaseNo: varchar({ length: 64 }).notNull().default(''),
    /** the Taobao (or 1688) trade order id the seller sees */
    platformOrderId: varchar({ length: 64 }).notNull().default(''),
    sellerId: varchar({ length: 64 }).notNull(),
    storeName: varchar({ length: 200 }).notNull().default(''),
    /** goods at the prices the merchant saw, and the express fee estimated, CNY fen */
    purchaseAmount: money().notNull(),
    purchaseCurrency: currency().notNull(),
    estimatedExpressFee: money().notNull().default(sql`0`),
    /** as the platform confirmed it: the domestic express fee and what was actually paid (goods + express) */
    domesticExpressFee: money(),
    actualPaymentAmount: money(),
    actualPaymentCurrency: currency(),
    /** the seller's domestic express, by which the warehouse receives the goods */
    expressCompany: varchar({ length: 64 }).notNull().default(''),
    expressNo: varchar({ length: 64 }),
    warehouseCode: varchar({ length: 16 }).notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    purchaserId: userRef(),
    placedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    receivedBy: userRef(),
    /** the last reconciliation pass that asked the platform about it */
    reconciledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'pur_order_pre_order_fk', columns: [t.tenantId, t.preOrderId], foreignColumns: [preOrders.tenantId, preOrders.id] }),
    uniqueIndex('pur_order_no_uq').on(t.tenantId, t.purchaseNo),
    index('pur_order_no_idx').on(t.purchaseNo),
    index('pur_order_pre_order_idx').on(t.tenantId, t.preOrderId),
    index('pur_order_tenant_platform_idx').on(t.tenantId, t.platform, t.createdAt.desc(), t.id.desc()),
    index('pur_order_tenant_platform_status_idx').on(t.tenantId, t.platform, t.status, t.createdAt.desc(), t.id.desc()),
    // the purchasers' list across tenants, and the reconciliation pass over the unconfirmed
    index('pur_order_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // the warehouse receives by the seller's express number
    index('pur_order_express_no_idx').on(sql`upper(${t.expressNo})`),
    index('pur_order_external_idx').on(t.platform, t.externalPurchaseNo),
    check(
      'pur_order_status_ck',
      sql`${t.status} in ('PLACING','AWAITING_CONFIRMATION','PURCHASED','SELLER_SHIPPED','IN_STOCK','CANCELLED','OUT_OF_STOCK','REFUNDED')`,
    ),
    check('pur_order_amounts_ck', sql`${t.purchaseAmount} >= 0 and ${t.estimatedExpressFee} >= 0 and coalesce(${t.domesticExpressFee}, 0) >= 0 and coalesce(${t.actualPaymentAmount}, 0) >= 0`),
  ],
);

/** Which pre-purchase order lines (and how many of each) a purchase order buys. */
export const purchaseOrderLines = pgTable(
  'pur_order_line',
  {
    tenantId: tenantId(),
    purchaseOrderId: bigint({ mode: 'number' }).notNull(),
    preOrderLineId: bigint({ mode: 'number' }).notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.purchaseOrderId, t.preOrderLineId] }),
    foreignKey({ name: 'pur_order_line_order_fk', columns: [t.tenantId, t.purchaseOrderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'pur_order_line_pre_line_fk', columns: [t.tenantId, t.preOrderLineId], foreignColumns: [preOrderLines.tenantId, preOrderLines.id] }),
    index('pur_order_line_pre_line_idx').on(t.tenantId, t.preOrderLineId),
    check('pur_order_line_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * The merchant's goods in the warehouse, one row per purchased line received. An international order
 * made from stock takes the rows (ALLOCATED, its order id), and they are SHIPPED when it leaves.
 */
export const stockItems = pgTable(
  'pur_stock_item',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    purchaseOrderId: bigint({ mode: 'number' }).notNull(),
    preOrderLineId: bigint({ mode: 'number' }).notNull(),
    title: varchar({ length: 300 }).notNull(),
    skuText: varchar({ length: 300 }).notNull().default(''),
    imageUrl: varchar({ length: 500 }).notNull().default(''),
    quantity: integer().notNull(),
    /** CNY fen, the price the goods were bought at: the declaration's default */
    unitPrice: money().notNull(),
    warehouseCode: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 12 }).$type<StockStatus>().notNull().default('IN_STOCK'),
    logisticsOrderId: bigint({ mode: 'number' }),
    receivedBy: userRef(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'pur_stock_item_order_fk', columns: [t.tenantId, t.purchaseOrderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }),
    foreignKey({ name: 'pur_stock_item_pre_line_fk', columns: [t.tenantId, t.preOrderLineId], foreignColumns: [preOrderLines.tenantId, preOrderLines.id] }),
    // deleting (cancelling) the international order puts the goods back: the service clears the column first
    foreignKey({ name: 'pur_stock_item_logistics_order_fk', columns: [t.tenantId, t.logisticsOrderId], foreignColumns: [orders.tenantId, orders.id] }),
    uniqueIndex('pur_stock_item_line_uq').on(t.tenantId, t.purchaseOrderId, t.preOrderLineId),
    index('pur_stock_item_tenant_status_idx').on(t.tenantId, t.status, t.receivedAt.desc(), t.id.desc()),
    index('pur_stock_item_logistics_order_idx').on(t.tenantId, t.logisticsOrderId),
    check('pur_stock_item_ck', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.status} in ('IN_STOCK','ALLOCATED','SHIPPED')`),
    check('pur_stock_item_allocated_ck', sql`(${t.status} = 'IN_STOCK') = (${t.logisticsOrderId} is null)`),
  ],
);
