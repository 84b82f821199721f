/*
 * Purchasing: buying goods on Taobao and 1688 for merchants. The states and their moves are
 * docs/purchasing.md; amounts of goods are CNY (the platforms' currency), paid from a wallet at the rate
 * of the moment.
 */

export const PURCHASE_PLATFORMS = ['TAOBAO', '1688'] as const;
export type PurchasePlatform = (typeof PURCHASE_PLATFORMS)[number];

/** The platforms sell in yuan: every goods price, express fee and service fee is CNY. */
export const PURCHASE_CURRENCY = 'CNY';

/**
 * A pre-purchase order: DRAFT is the merchant's basket (one per platform), SUBMITTED waits for payment,
 * PAID waits for a purchaser, PURCHASING has purchase orders being placed, DONE when every purchase order
 * is settled (bought or cancelled), CANCELLED before payment by the merchant or after it by the platform.
 */
export const PRE_ORDER_STATUSES = ['DRAFT', 'SUBMITTED', 'PAID', 'PURCHASING', 'DONE', 'CANCELLED'] as const;
export type PreOrderStatus = (typeof PRE_ORDER_STATUSES)[number];

/**
 * A purchase order at one platform for one seller's goods:
 * PLACING (made by the purchaser, not yet at the platform) → AWAITING_CONFIRMATION (sent, the platform
 * has not confirmed: a timeout lands here, never in a refund) → PURCHASED (confirmed, the actual cost is
 * known and settled) → SELLER_SHIPPED (domestic express number known) → IN_STOCK (received at the
 * warehouse: the merchant's stock). CANCELLED and OUT_OF_STOCK return the estimate to the wallet;
 * REFUNDED is a purchased order the seller refunded (the actual payment returns to the wallet).
 */
export const PURCHASE_ORDER_STATUSES = ['PLACING', 'AWAITING_CONFIRMATION', 'PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'CANCELLED', 'OUT_OF_STOCK', 'REFUNDED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The moves a purchase order may make; anything else is 409. */
export const PURCHASE_ORDER_MOVES: Readonly<Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]>> = {
  PLACING: ['AWAITING_CONFIRMATION', 'PURCHASED', 'CANCELLED', 'OUT_OF_STOCK'],
  AWAITING_CONFIRMATION: ['PURCHASED', 'CANCELLED', 'OUT_OF_STOCK'],
  PURCHASED: ['SELLER_SHIPPED', 'REFUNDED'],
  SELLER_SHIPPED: ['IN_STOCK', 'REFUNDED'],
  IN_STOCK: [],
  CANCELLED: [],
  OUT_OF_STOCK: [],
  REFUNDED: [],
};

/** Final for the money: the actual cost is known (bought) or nothing was spent (returned in full). */
export const PURCHASE_ORDER_SETTLED: readonly PurchaseOrderStatus[] = ['PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'CANCELLED', 'OUT_OF_STOCK', 'REFUNDED'];

/** What the merchant wants when a line cannot be bought as chosen. */
export const PURCHASE_FALLBACKS = ['CANCEL_LINE', 'SIMILAR_SAME_SELLER', 'CONTACT_ME'] as const;
export type PurchaseFallback = (typeof PURCHASE_FALLBACKS)[number];

/** A charge of a pre-purchase order: the estimate paid at submission, or a top-up when the goods cost more. */
export const PURCHASE_CHARGE_KINDS = ['GOODS', 'TOPUP'] as const;
export type PurchaseChargeKind = (typeof PURCHASE_CHARGE_KINDS)[number];
export const PURCHASE_CHARGE_STATUSES = ['UNPAID', 'PAID', 'CANCELLED'] as const;
export type PurchaseChargeStatus = (typeof PURCHASE_CHARGE_STATUSES)[number];

/** Goods received from a purchase: in the warehouse, put on an international order, shipped with it. */
export const STOCK_STATUSES = ['IN_STOCK', 'ALLOCATED', 'SHIPPED'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/**
 * The platform's service fee: a percentage of the goods with a floor, in CNY minor units (fen).
 * 5 % and at least 5.00 CNY per pre-purchase order.
 */
export const SERVICE_FEE_PERCENT = 5;
export const SERVICE_FEE_MIN_FEN = 500n;

/** Lines per pre-purchase order and quantity per line. */
export const PRE_ORDER_LINES_MAX = 100;
export const PRE_ORDER_QUANTITY_MAX = 9999;

/** The platforms' OAuth tokens: warn this long before the refresh token runs out; refresh this long before the access token does. */
export const TOKEN_REFRESH_WARNING_DAYS = 14;
export const TOKEN_REFRESH_AHEAD_MINUTES = 30;
