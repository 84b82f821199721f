import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { isoTime } from './logistics-schemas.ts';
import { WAREHOUSE_CODES } from './logistics.ts';
import { CURRENCY_CODES } from './money.ts';
import { RATE_SCALE } from './finance.ts';
import { msg } from './messages.ts';
import {
  PRE_ORDER_LINES_MAX,
  PRE_ORDER_QUANTITY_MAX,
  PRE_ORDER_STATUSES,
  PURCHASE_CHARGE_KINDS,
  PURCHASE_CHARGE_STATUSES,
  PURCHASE_FALLBACKS,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_PLATFORMS,
  type PurchasePlatform,
} from './purchase.ts';

/*
 * Pre-purchase orders: the basket, submission, the lists and the payment from the
 * wallet. Amounts of goods are CNY decimal strings ("12.50"); what a wallet paid is in its own currency.
 * Prices never come from a client: the server reads them from the platform.
 */

/** The path segment of each platform: `/api/purchase/{segment}/...`. */
export const PLATFORM_SEGMENTS = { TAOBAO: 'taobao', '1688': '1688' } as const satisfies Record<PurchasePlatform, string>;
export type PlatformSegment = (typeof PLATFORM_SEGMENTS)[PurchasePlatform];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max).default('');
const currency = z.enum(CURRENCY_CODES);
const quantity = z.number().int().min(1).max(PRE_ORDER_QUANTITY_MAX);
/** the platforms' item and SKU ids are digits */
const platformId = z.string().trim().regex(/^\d{1,32}$/, { error: msg('preOrderIdFormat') });
const rate = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,14}(\\.\\d{1,${RATE_SCALE}})?$`), { error: msg('validationRate') })
  .refine((value) => /[1-9]/.test(value), { error: msg('validationRate') });
const time = isoTime.refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
});

// ------------------------------------------------------------------ the basket

export const basketAddInput = z.strictObject({
  itemId: platformId,
  /** empty for an item without SKUs */
  skuId: z.union([platformId, z.literal('')]).default(''),
  quantity,
  remark: text(500),
});
export type BasketAddInput = z.input<typeof basketAddInput>;
export const basketEditInput = z.strictObject({ lineId: id, quantity, remark: text(500) });
export type BasketEditInput = z.input<typeof basketEditInput>;
export const basketDeleteInput = z.strictObject({ lineIds: z.array(id).min(1).max(PRE_ORDER_LINES_MAX) });
export type BasketDeleteInput = z.input<typeof basketDeleteInput>;

export const preOrderLineRecord = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.string(),
  skuId: z.string(),
  title: z.string(),
  skuText: z.string(),
  imageUrl: z.string(),
  itemUrl: z.string(),
  sellerId: z.string(),
  storeName: z.string(),
  /** CNY */
  unitPrice: z.string(),
  expressFee: z.string(),
  quantity: z.number().int(),
  /** unit price × quantity, CNY */
  amount: z.string(),
  remark: z.string(),
});
export type PreOrderLineRecord = z.infer<typeof preOrderLineRecord>;

/** goods + express (per seller, the highest of its lines) + service fee = total, CNY */
export const preOrderEstimate = z.object({ goodsAmount: z.string(), expressFee: z.string(), serviceFee: z.string(), totalAmount: z.string(), currency: z.literal('CNY') });
export type PreOrderEstimate = z.infer<typeof preOrderEstimate>;

export const basketRecord = z.object({
  /** null until the first line is added */
  id: z.number().int().nullable(),
  platform: z.enum(PURCHASE_PLATFORMS),
  lines: z.array(preOrderLineRecord),
  estimate: preOrderEstimate,
  /** the platform's client is the embedded demo catalogue */
  demo: z.boolean(),
});
export type BasketRecord = z.infer<typeof basketRecord>;

export const preOrderSubmitInput = z.strictObject({
  remark: text(500),
  fallback: z.enum(PURCHASE_FALLBACKS),
  warehouseCode: z.enum(WAREHOUSE_CODES),
});
export type PreOrderSubmitInput = z.input<typeof preOrderSubmitInput>;

// ------------------------------------------------------------------ pre-purchase orders

export const preOrderRecord = z.object({
  id: z.number().int(),
  preOrderNo: z.string(),
  platform: z.enum(PURCHASE_PLATFORMS),
  status: z.enum(PRE_ORDER_STATUSES),
  goodsAmount: z.string(),
  expressFee: z.string(),
  serviceFee: z.string(),
  totalAmount: z.string(),
  /** what the goods actually cost once every purchase order is settled, CNY */
  actualAmount: z.string().nullable(),
  /** what the wallet paid for the estimate (the GOODS charge), in its currency */
  paidAmount: z.string().nullable(),
  paidCurrency: currency.nullable(),
  remark: z.string(),
  fallback: z.enum(PURCHASE_FALLBACKS),
  warehouseCode: z.string(),
  cancelReason: z.string(),
  lineCount: z.number().int(),
  quantity: z.number().int(),
  /** the first line's title and image, for the list */
  firstTitle: z.string(),
  firstImageUrl: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type PreOrderRecord = z.infer<typeof preOrderRecord>;

export const preOrderChargeRecord = z.object({
  id: z.number().int(),
  kind: z.enum(PURCHASE_CHARGE_KINDS),
  status: z.enum(PURCHASE_CHARGE_STATUSES),
  /** CNY */
  amount: z.string(),
  purchaseOrderId: z.number().int().nullable(),
  purchaseNo: z.string().nullable(),
  /** how it was paid: the wallet, the rate (1 CNY = payRate payCurrency), the amount taken */
  payCurrency: currency.nullable(),
  payRate: z.string().nullable(),
  payAmount: z.string().nullable(),
  payOrderNo: z.string().nullable(),
  paymentNo: z.string().nullable(),
  /** what came back to the wallet of it, in payCurrency */
  refunded: z.string().nullable(),
  paidBy: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PreOrderChargeRecord = z.infer<typeof preOrderChargeRecord>;

export const preOrderPurchaseRecord = z.object({
  id: z.number().int(),
  purchaseNo: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  externalPurchaseNo: z.string(),
  platformOrderId: z.string(),
  sellerId: z.string(),
  storeName: z.string(),
  purchaseAmount: z.string(),
  purchaseCurrency: currency,
  estimatedExpressFee: z.string(),
  domesticExpressFee: z.string().nullable(),
  actualPaymentAmount: z.string().nullable(),
  actualPaymentCurrency: currency.nullable(),
  expressCompany: z.string(),
  expressNo: z.string().nullable(),
  createdAt: z.string(),
});
export type PreOrderPurchaseRecord = z.infer<typeof preOrderPurchaseRecord>;

export const preOrderDetail = preOrderRecord.extend({
  lines: z.array(preOrderLineRecord),
  charges: z.array(preOrderChargeRecord),
  purchaseOrders: z.array(preOrderPurchaseRecord),
});
export type PreOrderDetail = z.infer<typeof preOrderDetail>;

export const PRE_ORDER_SORT_COLUMNS = ['createdAt', 'preOrderNo', 'totalAmount', 'submittedAt', 'paidAt'] as const;
export type PreOrderSortColumn = (typeof PRE_ORDER_SORT_COLUMNS)[number];
/** The list's tabs: the submitted ones (never the basket). */
export const PRE_ORDER_LIST_STATUSES = ['SUBMITTED', 'PAID', 'PURCHASING', 'DONE', 'CANCELLED'] as const;

/** The list's and the export's filters (GET query strings). */
export const preOrderFilters = {
  preOrderNo: z.string().trim().max(32).optional(),
  status: z.enum(PRE_ORDER_LIST_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
  createdAt_begin: time.optional(),
  createdAt_end: time.optional(),
};
export const preOrderListQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  column: z.enum(PRE_ORDER_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  ...preOrderFilters,
};
export const preOrderIdQuery = { id: idQuery };

// ------------------------------------------------------------------ paying from the wallet

export const preOrderIdInput = z.strictObject({ id });
export const payPreviewInput = z.strictObject({ id, currency });
export type PayPreviewInput = z.input<typeof payPreviewInput>;
/** `expectedRate`: the rate the user saw (1 CNY = rate currency); when the rate applying now differs, nothing moves (409) */
export const payInput = payPreviewInput.extend({ expectedRate: rate });
export type PayInput = z.input<typeof payInput>;

export const payPreview = z.object({
  currency,
  /** 1 CNY = rate currency, applying now */
  rate: z.string(),
  inverseRate: z.string(),
  effectiveFrom: z.string(),
  charges: z.array(z.object({ id: z.number().int(), kind: z.enum(PURCHASE_CHARGE_KINDS), amount: z.string(), payAmount: z.string() })),
  /** the charges' sum, CNY */
  amount: z.string(),
  /** what the wallet pays: each charge converted half to even, summed */
  payAmount: z.string(),
  balance: z.string(),
  balanceAfter: z.string(),
  sufficient: z.boolean(),
});
export type PayPreview = z.infer<typeof payPreview>;

export const payResult = z.object({
  preOrderId: z.number().int(),
  preOrderNo: z.string(),
  status: z.enum(PRE_ORDER_STATUSES),
  currency,
  rate: z.string(),
  amount: z.string(),
  payAmount: z.string(),
  balanceAfter: z.string(),
  paymentNos: z.array(z.string()),
  paidAt: z.string(),
});
export type PayResult = z.infer<typeof payResult>;
