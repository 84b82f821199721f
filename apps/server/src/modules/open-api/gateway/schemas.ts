import { z } from 'zod';
import { pageSchema } from '@portal/shared/api';
import { IDEMPOTENCY_KEY_MAX } from '@portal/shared/finance';
import { PARCEL_STATUSES } from '@portal/shared/logistics';
import { orderDetail, orderFilters, orderInput, orderRecord, pageQuery, parcelRecord, trackingEventRecord } from '@portal/shared/logistics-schemas';
import { walletBalance } from '@portal/shared/finance-schemas';
import { purchaseOrderFilters, purchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { getQuery } from '../../../lib/query.ts';

/*
 * The open API's request and answer schemas: the portal's own (the same rules as its screens), narrowed
 * to what a merchant's system needs, each with the example the OpenAPI document shows. The routes
 * validate with these very objects and document.ts turns them into the document.
 */

// ------------------------------------------------------------------ headers and paths

/** Creates and cancels: lowercase, as Fastify hands headers to validation; other headers pass. */
export const idempotentHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .regex(/^[\x21-\x7e]+$/)
    .meta({ description: 'Any unique value per intended operation (a UUID): a retry with the same value and body answers the first answer; with another body, 409 idempotency_key_reused.', example: '8e0f3c1a-6d2b-4f7e-9a51-2c4b6d8e0f13' }),
});

export const orderNoParams = z.strictObject({ orderNo: z.string().trim().min(1).max(32).meta({ description: 'The order number the create answered (orderNo)', example: 'LO26112700000123' }) });
export const purchaseNoParams = z.strictObject({ purchaseNo: z.string().trim().min(1).max(32).meta({ description: 'The purchase order number', example: 'PO26112700000007' }) });

const paging = { pageNo: pageQuery.pageNo, pageSize: pageQuery.pageSize, order: pageQuery.order.meta({ description: 'by creation time; newest first by default' }) };

// ------------------------------------------------------------------ orders

const ORDER_EXAMPLE = {
  merchantOrderNo: 'SHOP-20261127-0001',
  serviceType: 'BASE',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei' },
  currency: 'CNY',
  items: [{ name: 'Bluetooth earphones', category: 'Electronics', quantity: 3, unitPrice: '19.99' }],
  weight: '1.250',
};

/** The portal's order form, unchanged: the same validation as its create screen. */
export const openOrderInput = orderInput.meta({ example: ORDER_EXAMPLE });

const orderAnswerExample = {
  id: 1201,
  orderNo: 'LO26112700000123',
  merchantOrderNo: 'SHOP-20261127-0001',
  serviceType: 'BASE',
  status: 'CREATED',
  statusUpdatedAt: '2026-11-27T08:30:00.000Z',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  waybillNo: null,
  recipientName: 'Chen Mei-Ling',
  itemQuantity: 3,
  merchandiseValue: '59.97',
  currency: 'CNY',
  weight: '1.250',
  freight: '38.00',
  freightCurrency: 'CNY',
  createdAt: '2026-11-27T08:30:00.000Z',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.', province: '', city: 'Taipei', district: '', town: '', postcode: '' },
  items: [{ name: 'Bluetooth earphones', category: 'Electronics', categoryName: 'Electronics', quantity: 3, specifications: '', material: '', unitPrice: '19.99', currency: 'CNY' }],
  declaredWeight: '1.250',
  actualWeight: null,
  length: null,
  width: null,
  height: null,
  chargeableWeight: null,
  freightQuote: '38.00',
  freightCharge: null,
  remark: '',
  parcels: [],
  events: [{ id: 5001, occurredAt: '2026-11-27T08:30:00.000Z', status: 'CREATED', location: '', description: 'Order created', carrierCode: null, source: 'MANUAL' }],
  cancellable: true,
};

export const openOrder = orderDetail.omit({ editable: true }).meta({ example: orderAnswerExample });

export const orderListQuery = getQuery({
  status: orderFilters.status.meta({ description: 'one status or several separated by commas (CREATED,WHIN)', example: 'CREATED' }),
  merchantOrderNo: orderFilters.merchantOrderNo.meta({ description: 'your own order number, or its beginning' }),
  createdFrom: orderFilters.createdFrom.meta({ description: 'created at or after (a date: from that day on, server time zone)', example: '2026-11-01' }),
  createdTo: orderFilters.createdTo.meta({ description: 'created at or before (a date: that whole day)', example: '2026-11-30' }),
  ...paging,
});

// a list's record: the order without its detail
const recordExample: Partial<typeof orderAnswerExample> = { ...orderAnswerExample };
for (const detailOnly of ['recipient', 'items', 'parcels', 'events', 'declaredWeight', 'actualWeight', 'length', 'width', 'height', 'chargeableWeight', 'freightQuote', 'freightCharge', 'remark', 'cancellable'] as const) delete recordExample[detailOnly];
export const orderPage = pageSchema(orderRecord).meta({ example: { records: [{ ...recordExample }], total: 1, current: 1, size: 10, pages: 1 } });

export const cancelBody = z
  .strictObject({ reason: z.string().trim().max(200).optional().meta({ description: 'shown in the order\'s tracking event' }) })
  // no body at all is no reason
  .nullish()
  .meta({ example: { reason: 'The buyer changed the order' } });

export const orderTracking = z
  .object({ orderNo: z.string(), status: orderRecord.shape.status, waybillNo: z.string().nullable(), events: z.array(trackingEventRecord) })
  .meta({ example: { orderNo: 'LO26112700000123', status: 'WHIN', waybillNo: null, events: orderAnswerExample.events } });

// ------------------------------------------------------------------ parcels

export const parcelListQuery = getQuery({
  trackingNo: z.string().trim().max(64).optional().meta({ description: 'the parcel\'s tracking number, or its beginning' }),
  orderNo: z.string().trim().max(32).optional().meta({ description: 'the logistics order it belongs to' }),
  status: z.enum(PARCEL_STATUSES).optional(),
  ...paging,
});

export const parcelPage = pageSchema(parcelRecord).meta({
  example: {
    records: [{ id: 301, trackingNo: 'SF1234567890', orderId: 1201, logisticsOrderNo: 'LO26112700000123', status: 'FORECAST', weight: null, length: null, width: null, height: null, warehouseCode: 'SZ01', storageTime: null, shipmentTime: null, remark: '', createdAt: '2026-11-27T09:00:00.000Z' }],
    total: 1,
    current: 1,
    size: 10,
    pages: 1,
  },
});

// ------------------------------------------------------------------ wallet

export const walletBalances = z
  .object({ wallets: z.array(walletBalance) })
  .meta({ example: { wallets: [{ currency: 'CNY', balance: '1250.00', unrecharged: '0.00', pendingRefund: '0.00', available: '1250.00', updatedAt: '2026-11-27T08:00:00.000Z' }] } });

// ------------------------------------------------------------------ purchase orders

export const purchaseListQuery = getQuery({
  status: purchaseOrderFilters.status,
  purchaseNo: purchaseOrderFilters.purchaseNo.meta({ description: 'the purchase number, or its beginning' }),
  createdAt_begin: purchaseOrderFilters.createdAt_begin.meta({ description: 'created on or after', example: '2026-11-01' }),
  createdAt_end: purchaseOrderFilters.createdAt_end.meta({ description: 'created on or before', example: '2026-11-30' }),
  ...paging,
});

const PURCHASE_EXAMPLE = {
  id: 88,
  purchaseNo: 'PO26112700000007',
  preOrderId: 41,
  preOrderNo: 'PP26112600000012',
  platform: 'TAOBAO',
  status: 'PURCHASED',
  externalPurchaseNo: '3928475610293847',
  platformOrderId: '3928475610293847',
  sellerId: 'tb-seller-1024',
  storeName: 'Shenzhen Audio Store',
  purchaseAmount: '24.68',
  purchaseCurrency: 'CNY',
  estimatedExpressFee: '3.00',
  domesticExpressFee: '3.00',
  actualPaymentAmount: '27.68',
  actualPaymentCurrency: 'CNY',
  expressCompany: '',
  expressNo: null,
  warehouseCode: 'SZ01',
  remark: '',
  purchaser: 'purchaser',
  topUpAmount: null,
  topUpStatus: null,
  placedAt: '2026-11-27T02:00:00.000Z',
  confirmedAt: '2026-11-27T02:10:00.000Z',
  settledAt: '2026-11-27T02:10:00.000Z',
  shippedAt: null,
  reconciledAt: null,
  createdAt: '2026-11-27T01:55:00.000Z',
  lines: [{ preOrderLineId: 301, title: 'Bluetooth earphones', skuText: 'Black', imageUrl: '', itemId: '6423', skuId: '6423-1', unitPrice: '12.34', quantity: 2 }],
};

/** A purchase order as the merchant's own screens show it, without the platform-side tenant columns. */
export const openPurchaseOrder = purchaseOrderRecord.omit({ tenantId: true, tenantName: true }).meta({ example: PURCHASE_EXAMPLE });
export const purchasePage = pageSchema(openPurchaseOrder).meta({ example: { records: [PURCHASE_EXAMPLE], total: 1, current: 1, size: 10, pages: 1 } });
