import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { isoTime } from './logistics-schemas.ts';
import { decimalPattern } from './money.ts';
import { msg } from './messages.ts';
import { preOrderLineRecord as merchantLineRecord } from './pre-order-schemas.ts';
import { PRE_ORDER_STATUSES, PURCHASE_ORDER_STATUSES, PURCHASE_PLATFORMS } from './purchase.ts';

/*
 * The purchaser's queue and purchase orders (docs/purchasing.md): request bodies the
 * server validates and the records it answers. Amounts are CNY decimal strings ("12.50").
 */

const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tenantField = z.number().int().nonnegative().max(2_147_483_647);
const tenantQuery = z.coerce.number().int().nonnegative().max(2_147_483_647);
const afterYearZero = (day: string) => day >= '1970-01-01' && day <= '9999-12-31';
const dayOrTime = z.union([z.iso.date().refine(afterYearZero), isoTime]);
const text = (max: number) => z.string().trim().max(max);

/** A CNY amount of zero or more with at most 2 decimals. */
export const cnyAmountField = z.string().trim().regex(decimalPattern(2), { error: msg('validationAmount') });

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  order: z.enum(['asc', 'desc']).optional(),
};

export const purchasePlatformField = z.enum(PURCHASE_PLATFORMS);
export const preOrderStatusField = z.enum(PRE_ORDER_STATUSES);
export const purchaseOrderStatusField = z.enum(PURCHASE_ORDER_STATUSES);

// ------------------------------------------------------------------ the queue

/** The statuses a pre-order has in the purchasers' queue. */
export const QUEUE_STATUSES = ['PAID', 'PURCHASING'] as const;

export const queueFilters = {
  tenantId: tenantQuery.optional(),
  platform: purchasePlatformField.optional(),
  status: z.enum(QUEUE_STATUSES).optional(),
  preOrderNo: text(32).optional(),
};
export const queueListQuery = { ...pageQuery, column: z.enum(['paidAt', 'preOrderNo']).optional(), ...queueFilters };

export const queueKey = z.strictObject({ tenantId: tenantField, id: idField });
export const queueKeyQuery = { tenantId: tenantQuery, id: idQuery };

export const queueSplitInput = z.strictObject({
  tenantId: tenantField,
  id: idField,
  /** how the lines are shared out; by default one purchase order per seller */
  orders: z
    .array(z.strictObject({ lines: z.array(z.strictObject({ lineId: idField, quantity: z.number().int().min(1).max(9999) })).min(1).max(100) }))
    .min(1)
    .max(100)
    .optional(),
});

export const queueCancelInput = z.strictObject({ tenantId: tenantField, id: idField, reason: z.string().trim().min(1, { error: msg('purchasingReasonRequired') }).max(500) });

/** A pre-purchase order's line as the purchaser sees it: the merchant's record without the line total. */
export const preOrderLineRecord = merchantLineRecord.omit({ amount: true });
export type PreOrderLineRecord = z.infer<typeof preOrderLineRecord>;

export const queueRecord = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  preOrderNo: z.string(),
  platform: purchasePlatformField,
  status: preOrderStatusField,
  goodsAmount: z.string(),
  expressFee: z.string(),
  serviceFee: z.string(),
  totalAmount: z.string(),
  actualAmount: z.string().nullable(),
  currency: z.string(),
  remark: z.string(),
  fallback: z.string(),
  warehouseCode: z.string(),
  cancelReason: z.string(),
  purchaserId: z.number().nullable(),
  purchaser: z.string(),
  paidAt: z.string().nullable(),
  lineCount: z.number(),
  createdAt: z.string(),
});
export type QueueRecord = z.infer<typeof queueRecord>;

// ------------------------------------------------------------------ purchase orders

export const purchaseOrderLineRecord = z.object({
  preOrderLineId: z.number(),
  title: z.string(),
  skuText: z.string(),
  imageUrl: z.string(),
  itemId: z.string(),
  skuId: z.string(),
  unitPrice: z.string(),
  quantity: z.number(),
});

export const purchaseOrderRecord = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  purchaseNo: z.string(),
  preOrderId: z.number(),
  preOrderNo: z.string(),
  platform: purchasePlatformField,
  status: purchaseOrderStatusField,
  externalPurchaseNo: z.string(),
  platformOrderId: z.string(),
  sellerId: z.string(),
  storeName: z.string(),
  purchaseAmount: z.string(),
  purchaseCurrency: z.string(),
  estimatedExpressFee: z.string(),
  domesticExpressFee: z.string().nullable(),
  actualPaymentAmount: z.string().nullable(),
  actualPaymentCurrency: z.string().nullable(),
  expressCompany: z.string(),
  expressNo: z.string().nullable(),
  warehouseCode: z.string(),
  remark: z.string(),
  purchaser: z.string(),
  /** an unpaid top-up the merchant owes for it (CNY), or null */
  topUpAmount: z.string().nullable(),
  topUpStatus: z.string().nullable(),
  placedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(purchaseOrderLineRecord),
});
export type PurchaseOrderRecord = z.infer<typeof purchaseOrderRecord>;

export const queueDetail = queueRecord.extend({ lines: z.array(preOrderLineRecord), purchaseOrders: z.array(purchaseOrderRecord) });
export type QueueDetail = z.infer<typeof queueDetail>;

/** Filters of both purchase order lists (the merchant's has no tenant). */
export const purchaseOrderFilters = {
  status: purchaseOrderStatusField.optional(),
  purchaseNo: text(32).optional(),
  preOrderNo: text(32).optional(),
  externalPurchaseNo: text(64).optional(),
  platformOrderId: text(64).optional(),
  sellerId: text(64).optional(),
  expressNo: text(64).optional(),
  /** the list toolkit's date range */
  createdAt_begin: dayOrTime.optional(),
  createdAt_end: dayOrTime.optional(),
};

export const purchasingOrderFilters = { tenantId: tenantQuery.optional(), platform: purchasePlatformField.optional(), ...purchaseOrderFilters };
export const purchasingOrderListQuery = { ...pageQuery, column: z.enum(['createdAt', 'purchaseNo']).optional(), ...purchasingOrderFilters };

export const merchantOrderListQuery = { ...pageQuery, column: z.enum(['createdAt', 'purchaseNo']).optional(), ...purchaseOrderFilters };

export const orderKey = queueKey;

export const orderConfirmInput = z.strictObject({
  tenantId: tenantField,
  id: idField,
  externalPurchaseNo: z.string().trim().min(1, { error: msg('purchasingExternalNoRequired') }).max(64),
  platformOrderId: text(64).default(''),
  domesticExpressFee: cnyAmountField,
  actualPaymentAmount: cnyAmountField,
});

export const orderShipInput = z.strictObject({
  tenantId: tenantField,
  id: idField,
  expressCompany: z.string().trim().min(1, { error: msg('purchasingExpressCompanyRequired') }).max(64),
  expressNo: z
    .string()
    .trim()
    .min(1, { error: msg('purchasingExpressNoRequired') })
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, { error: msg('purchasingExpressNoFormat') }),
});

export const orderCancelInput = z.strictObject({ tenantId: tenantField, id: idField, outOfStock: z.boolean().default(false), reason: z.string().trim().min(1, { error: msg('purchasingReasonRequired') }).max(500) });

export const merchantOrderKey = z.strictObject({ id: idField });

export const reconcileResult = z.object({ checked: z.number(), purchased: z.number(), cancelled: z.number(), waiting: z.number(), failed: z.number() });
export type ReconcileResult = z.infer<typeof reconcileResult>;
