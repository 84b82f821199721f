import { z } from 'zod';
import { JOURNAL_KINDS, REFUND_KINDS } from './finance.ts';
import { EXCEPTION_RESOLUTIONS, EXCEPTION_STATUS_VALUES, EXCEPTION_TYPES, PICKUP_BATCH_STATUSES } from './logistics.ts';
import { CURRENCY_CODES } from './money.ts';
import { PUSH_TEST_TYPE, type PushMessageType, type PushType } from './open-api.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { PURCHASE_ORDER_STATUSES } from './purchase.ts';

/*
 * The `data` of each pushed event (docs/push-events.md). Business numbers, never internal ids
 * (the test event names its endpoint, which has no other number); money as decimal strings with their
 * currency; times as ISO 8601 in UTC. The server builds these in modules/push/events.ts and the tests
 * check every message against them; the open API's document may show them with their examples.
 */

const at = z.iso.datetime().describe('when it happened (ISO 8601, UTC)');
/** A decimal amount, negative when money leaves the wallet. */
const amount = z.string().regex(/^-?\d{1,15}(\.\d{1,4})?$/);
const currency = z.enum(CURRENCY_CODES);
/** Kilograms with 3 decimals, as the scale measured them. */
const kg = z.string().regex(/^\d{1,9}\.\d{3}$/);
const orderStatus = z.enum(ORDER_STATUSES);
const description = z.object({ 'zh-TW': z.string().nullable(), 'zh-CN': z.string().nullable(), 'en-US': z.string().nullable() });

export const orderStatusData = z.object({
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  /** null when the order was just created */
  from: orderStatus.nullable(),
  to: orderStatus,
  at,
});

export const trackingEventData = z.object({
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  waybillNo: z.string().nullable(),
  /** the order's status this event moved it to; null for a scan on the way that moves nothing */
  status: orderStatus.nullable(),
  /** the carrier's own event code, when a carrier reported it */
  carrierCode: z.string().nullable(),
  description,
  /** the carrier's own words, as it sent them */
  rawText: z.string().nullable(),
  location: z.string(),
  occurredAt: at,
});

const parcelData = z.object({
  trackingNo: z.string(),
  orderNo: z.string().nullable(),
  weight: kg.nullable(),
  warehouseCode: z.string().nullable(),
  at,
});
export const parcelWhinData = parcelData;
export const parcelWhoutData = parcelData;

export const pickupStatusData = z.object({
  batchNo: z.string(),
  from: z.enum(PICKUP_BATCH_STATUSES).nullable(),
  /** CANCELLED: the merchant cancelled it, or none of its orders was left to collect */
  to: z.enum([...PICKUP_BATCH_STATUSES, 'CANCELLED']),
  at,
});

export const exceptionData = z.object({
  exceptionNo: z.string(),
  orderNo: z.string(),
  type: z.enum(EXCEPTION_TYPES),
  /** 0 pending, 1 handled by the merchant, 2 awaiting the merchant, 3 closed, 4 cancelled; from is null when raised */
  from: z.enum(EXCEPTION_STATUS_VALUES).nullable(),
  to: z.enum(EXCEPTION_STATUS_VALUES),
  description: z.string(),
  resolution: z.enum(EXCEPTION_RESOLUTIONS).nullable(),
  merchantRemark: z.string(),
  platformRemark: z.string(),
  at,
});

export const purchaseStatusData = z.object({
  purchaseNo: z.string(),
  from: z.enum(PURCHASE_ORDER_STATUSES).nullable(),
  to: z.enum(PURCHASE_ORDER_STATUSES),
  at,
});

export const walletChangeData = z.object({
  currency,
  amount,
  balance: amount,
  journalKind: z.enum(JOURNAL_KINDS),
  /** the number of what moved the money: a recharge, payment, refund or conversion */
  refNo: z.string(),
  at,
});

export const rechargeResultData = z.object({
  rechargeNo: z.string(),
  /** REVERSED: finance took back a confirmed recharge */
  result: z.enum(['CONFIRMED', 'REJECTED', 'REVERSED']),
  transferAmount: amount,
  transferCurrency: currency,
  /** what reached the wallet: null unless confirmed */
  creditedAmount: amount.nullable(),
  creditedCurrency: currency,
  rate: z.string().nullable(),
  reason: z.string(),
  at,
});

export const refundResultData = z.object({
  refundNo: z.string(),
  kind: z.enum(REFUND_KINDS),
  result: z.enum(['APPROVED', 'REJECTED']),
  amount,
  currency,
  reason: z.string(),
  at,
});

export const pingData = z.object({ endpointId: z.number().int(), message: z.string() });

export const PUSH_EVENT_SCHEMAS = {
  ORDER_STATUS: orderStatusData,
  TRACKING_EVENT: trackingEventData,
  PARCEL_WHIN: parcelWhinData,
  PARCEL_WHOUT: parcelWhoutData,
  PICKUP_STATUS: pickupStatusData,
  EXCEPTION: exceptionData,
  PURCHASE_STATUS: purchaseStatusData,
  WALLET_CHANGE: walletChangeData,
  RECHARGE_RESULT: rechargeResultData,
  REFUND_RESULT: refundResultData,
  [PUSH_TEST_TYPE]: pingData,
} as const satisfies Record<PushMessageType, z.ZodType>;

export type PushEventData<T extends PushMessageType> = z.infer<(typeof PUSH_EVENT_SCHEMAS)[T]>;

const AT = '2026-05-04T08:30:00.000Z';

/** One example per type (the documents show them; a test checks each against its schema). */
export const PUSH_EVENT_EXAMPLES: { [T in PushMessageType]: PushEventData<T> } = {
  ORDER_STATUS: { orderNo: 'LO26050400000123', merchantOrderNo: 'SHOP-10023', from: 'CREATED', to: 'WHIN', at: AT },
  TRACKING_EVENT: {
    orderNo: 'LO26050400000123',
    merchantOrderNo: 'SHOP-10023',
    waybillNo: 'UPS1Z999AA10123456784',
    status: null,
    carrierCode: 'AR',
    description: { 'zh-TW': null, 'zh-CN': null, 'en-US': null },
    rawText: 'Arrived at facility',
    location: 'Los Angeles, US',
    occurredAt: AT,
  },
  PARCEL_WHIN: { trackingNo: 'SF1234567890', orderNo: 'LO26050400000123', weight: '1.250', warehouseCode: 'SZ01', at: AT },
  PARCEL_WHOUT: { trackingNo: 'SF1234567890', orderNo: 'LO26050400000123', weight: '1.250', warehouseCode: 'SZ01', at: AT },
  PICKUP_STATUS: { batchNo: 'PB260504000012', from: 'WAIT_PREPARE_GOODS', to: 'WAIT_TAKE_GOODS', at: AT },
  EXCEPTION: {
    exceptionNo: 'EX260504000007',
    orderNo: 'LO26050400000123',
    type: 'DAMAGED',
    from: null,
    to: '0',
    description: 'Outer box crushed on arrival',
    resolution: null,
    merchantRemark: '',
    platformRemark: '',
    at: AT,
  },
  PURCHASE_STATUS: { purchaseNo: 'PC2605040000001', from: 'SELLER_SHIPPED', to: 'IN_STOCK', at: AT },
  WALLET_CHANGE: { currency: 'USD', amount: '-12.50', balance: '487.50', journalKind: 'PAYMENT', refNo: 'PY26050400000031', at: AT },
  RECHARGE_RESULT: {
    rechargeNo: 'RC26050400000004',
    result: 'CONFIRMED',
    transferAmount: '500.00',
    transferCurrency: 'USD',
    creditedAmount: '500.00',
    creditedCurrency: 'USD',
    rate: '1',
    reason: '',
    at: AT,
  },
  REFUND_RESULT: { refundNo: 'RF26050400000002', kind: 'BALANCE', result: 'APPROVED', amount: '100.00', currency: 'USD', reason: '', at: AT },
  [PUSH_TEST_TYPE]: { endpointId: 3, message: 'This is a test event.' },
};

/** When each type is sent, in a sentence (docs/push-events.md says the same at more length). */
export const PUSH_EVENT_WHEN: Record<PushType, string> = {
  ORDER_STATUS: 'an order was created or its status moved (cancellation included)',
  TRACKING_EVENT: 'a tracking event was added to an order',
  PARCEL_WHIN: 'a parcel was received at the warehouse',
  PARCEL_WHOUT: 'a parcel left the warehouse',
  PICKUP_STATUS: 'a pick-up batch was created, moved or cancelled',
  EXCEPTION: 'an exception was raised on an order or its status changed',
  PURCHASE_STATUS: 'a purchase order was created or its status moved',
  WALLET_CHANGE: 'a posting changed a wallet balance',
  RECHARGE_RESULT: 'finance confirmed, rejected or reversed a recharge',
  REFUND_RESULT: 'finance approved or rejected a refund',
};
