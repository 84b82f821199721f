/**
 * The contract of purchased goods in the warehouse: the warehouse's receipt by the
 * seller's express number (/api/warehouse/purchase/*) and the merchant's stock (/api/purchase/stock/*).
 * Amounts are CNY decimal strings ("12.50"), times ISO 8601.
 */
import { z } from 'zod';
import { orderInput, warehouseCode } from './logistics-schemas.ts';
import { PURCHASE_ORDER_STATUSES, PURCHASE_PLATFORMS, STOCK_STATUSES } from './purchase.ts';

/** The statuses the receiving screen shows: awaiting the goods, and received. */
export const RECEIVE_STATUSES = ['SELLER_SHIPPED', 'IN_STOCK'] as const;
export type ReceiveStatus = (typeof RECEIVE_STATUSES)[number];

/** The scan at the warehouse: the seller's domestic express number and where the goods are put. */
export const purchaseReceiveInput = z.strictObject({
  expressNo: z.string().trim().min(1).max(64),
  warehouseCode,
});
export type PurchaseReceiveInput = z.input<typeof purchaseReceiveInput>;

export const purchaseReceiveResult = z.object({
  expressNo: z.string(),
  tenantName: z.string(),
  purchaseNos: z.array(z.string()),
  /** stock items made (one per purchased line) and their pieces */
  itemCount: z.number(),
  quantity: z.number(),
});
export type PurchaseReceiveResult = z.infer<typeof purchaseReceiveResult>;

/** A purchase order as the receiving screen lists it, with whose it is. */
export const warehousePurchaseRecord = z.object({
  id: z.number(),
  purchaseNo: z.string(),
  preOrderNo: z.string(),
  tenantId: z.number(),
  tenantName: z.string(),
  platform: z.enum(PURCHASE_PLATFORMS),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  storeName: z.string(),
  expressCompany: z.string(),
  expressNo: z.string().nullable(),
  warehouseCode: z.string(),
  lineCount: z.number(),
  quantity: z.number(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WarehousePurchaseRecord = z.infer<typeof warehousePurchaseRecord>;

/** One of the merchant's stock items. */
export const stockItemRecord = z.object({
  id: z.number(),
  title: z.string(),
  skuText: z.string(),
  imageUrl: z.string(),
  quantity: z.number(),
  /** CNY */
  unitPrice: z.string(),
  warehouseCode: z.string(),
  status: z.enum(STOCK_STATUSES),
  purchaseNo: z.string(),
  preOrderNo: z.string(),
  platform: z.enum(PURCHASE_PLATFORMS),
  logisticsOrderId: z.number().nullable(),
  logisticsOrderNo: z.string().nullable(),
  receivedAt: z.string(),
});
export type StockItemRecord = z.infer<typeof stockItemRecord>;

/** Stock items on one international order at most (the order's own limit of products). */
export const STOCK_SHIP_ITEMS_MAX = 50;

/**
 * An international order from stock: the logistics order's own fields but its products (the stock
 * items), its warehouse (theirs) and its currency (CNY, what the goods cost).
 */
export const stockShipOrder = orderInput.omit({ items: true, warehouseCode: true, currency: true });
export const stockShipInput = z.strictObject({
  stockItemIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(STOCK_SHIP_ITEMS_MAX),
  order: stockShipOrder,
});
export type StockShipInput = z.input<typeof stockShipInput>;

export const stockShipResult = z.object({ orderId: z.number(), orderNo: z.string(), itemCount: z.number() });
export type StockShipResult = z.infer<typeof stockShipResult>;
