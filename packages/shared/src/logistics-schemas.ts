/**
 * The logistics API contract: request and response schemas of /api/logistics/*, the
 * warehouse's /api/warehouse/* and the public /api/open/track. The server validates with them and
 * documents them in OpenAPI; the web imports their types only (`import type`), never zod itself.
 *
 * Units in JSON: money as decimal strings with its currency ("12.50" CNY), weights as kilograms with up
 * to 3 decimals ("1.250"), lengths as centimetres with up to 1 decimal ("30.5"), times as ISO 8601.
 */
import { z } from 'zod';
import { CURRENCY_CODES, decimalPattern } from './money.ts';
import { msg, type MessageKey } from './messages.ts';
import { PAGE_SIZE_MAX } from './api.ts';
import {
  COUNTRY_CODES,
  EXCEPTION_RESOLUTIONS,
  EXCEPTION_STATUS_VALUES,
  EXCEPTION_TYPES,
  ORDER_STATUSES,
  PARCEL_STATUSES,
  PICKUP_BATCH_STATUSES,
  SERVICE_TYPES,
  TRACKING_LOOKUP_MAX,
  TRACKING_SOURCES,
  WAREHOUSE_CODES,
} from './logistics.ts';

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
/** `rule` says in words what the value must be, where zod could only say "not in a valid format" */
const positiveDecimal = (scale: number, rule: MessageKey) =>
  z
    .string()
    .trim()
    .regex(decimalPattern(scale), { error: msg(rule) })
    .refine((value) => /[1-9]/.test(value), { error: msg(rule) });

export const weightKg = positiveDecimal(3, 'validationWeight');
export const lengthCm = positiveDecimal(1, 'validationLength');
/** an amount with 2 decimals at most; the currency's own exponent is checked by the server */
export const amount = z.string().trim().regex(decimalPattern(2), { error: msg('validationPrice') });
export const currencyCode = z.enum(CURRENCY_CODES);
export const orderStatus = z.enum(ORDER_STATUSES);
export const serviceType = z.enum(SERVICE_TYPES);
export const countryCode = z.enum(COUNTRY_CODES);
export const warehouseCode = z.enum(WAREHOUSE_CODES);
/** PostgreSQL has no year 0: refused here rather than by the database */
const afterYearZero = (value: string) => !value.startsWith('0000');
/**
 * Years 1 to 9999 of the instant in UTC, not as typed: 9999-12-31T23:00:00-05:00 is in year 10000,
 * which a JavaScript Date hands to the database as "+010000-..." and PostgreSQL refuses (22009), and
 * 0001-01-01T00:30:00+01:00 is in year 0, which PostgreSQL does not have.
 */
const inFourDigitYears = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
};
/** An ISO 8601 time with its offset, in the years PostgreSQL and JavaScript both write with four digits. */
export const isoTime = z.iso.datetime({ offset: true }).refine(afterYearZero).refine(inFourDigitYears);
/** the merchant's order number and other numbers people type: letters, digits, - and _ */
export const referenceNo = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: msg('validationReference') });

// ---------------------------------------------------------------- orders

export const orderItemInput = z.strictObject({
  name: trimmed(200),
  category: trimmed(64),
  quantity: z.number().int().min(1).max(100_000),
  specifications: optionalText(200),
  material: optionalText(100),
  unitPrice: amount,
});
export type OrderItemInput = z.input<typeof orderItemInput>;

export const recipientInput = z.strictObject({
  name: trimmed(100),
  phone: z.string().trim().min(5).max(32).regex(/^\+?[0-9][0-9 -]{3,30}$/, { error: msg('validationPhone') }),
  address: trimmed(300),
  province: optionalText(64),
  city: optionalText(64),
  district: optionalText(64),
  town: optionalText(64),
  postcode: optionalText(16),
});

export const orderInput = z.strictObject({
  merchantOrderNo: referenceNo,
  serviceType,
  destinationCountry: countryCode,
  warehouseCode,
  recipient: recipientInput,
  /** the declaration currency of every unit price */
  currency: currencyCode,
  items: z.array(orderItemInput).min(1).max(50),
  /** declared total weight, kg */
  weight: weightKg,
  length: lengthCm.optional(),
  width: lengthCm.optional(),
  height: lengthCm.optional(),
  remark: optionalText(500),
});
export type OrderInput = z.input<typeof orderInput>;

export const orderEditInput = orderInput.extend({ id: z.number().int().positive() });
export type OrderEditInput = z.input<typeof orderEditInput>;

/** Sort columns of the order list (an allow-list: DESIGN §3). */
export const ORDER_SORT_COLUMNS = ['createdAt', 'statusUpdatedAt', 'orderNo'] as const;

const dayOrTime = z.union([z.iso.date().refine(afterYearZero), isoTime]);

/** Filters of the order list, the status counts and the export (every listed field). */
export const orderFilters = {
  orderNo: z.string().trim().max(32).optional(),
  merchantOrderNo: z.string().trim().max(64).optional(),
  waybillNo: z.string().trim().max(64).optional(),
  /** one status, or several separated by commas */
  status: z
    .string()
    .max(200)
    .regex(/^[A-Z_]+(,[A-Z_]+)*$/)
    .optional(),
  destinationCountry: countryCode.optional(),
  warehouseCode: warehouseCode.optional(),
  serviceType: serviceType.optional(),
  recipientName: z.string().trim().max(100).optional(),
  createdFrom: dayOrTime.optional(),
  createdTo: dayOrTime.optional(),
  statusUpdatedFrom: dayOrTime.optional(),
  statusUpdatedTo: dayOrTime.optional(),
};

export const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  order: z.enum(['asc', 'desc']).optional(),
};

export const orderRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  serviceType,
  status: orderStatus,
  statusUpdatedAt: z.string(),
  destinationCountry: z.string(),
  warehouseCode: z.string(),
  waybillNo: z.string().nullable(),
  recipientName: z.string(),
  itemQuantity: z.number(),
  merchandiseValue: z.string(),
  currency: z.string(),
  /** declared weight, or the measured one once received, kg */
  weight: z.string(),
  freight: z.string().nullable(),
  freightCurrency: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const statusCount = z.object({ status: orderStatus, count: z.number() });
export type StatusCount = z.infer<typeof statusCount>;

export const trackingEventRecord = z.object({
  id: z.number(),
  occurredAt: z.string(),
  status: orderStatus.nullable(),
  location: z.string(),
  /** in the caller's language, or the carrier's raw text */
  description: z.string(),
  carrierCode: z.string().nullable(),
  source: z.enum(TRACKING_SOURCES),
});
export type TrackingEventRecord = z.infer<typeof trackingEventRecord>;

export const parcelRecord = z.object({
  id: z.number(),
  trackingNo: z.string(),
  orderId: z.number().nullable(),
  logisticsOrderNo: z.string().nullable(),
  status: z.enum(PARCEL_STATUSES),
  weight: z.string().nullable(),
  length: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  warehouseCode: z.string().nullable(),
  storageTime: z.string().nullable(),
  shipmentTime: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
});
export type ParcelRecord = z.infer<typeof parcelRecord>;

export const orderDetail = orderRecord.extend({
  recipient: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    province: z.string(),
    city: z.string(),
    district: z.string(),
    town: z.string(),
    postcode: z.string(),
  }),
  items: z.array(
    z.object({
      name: z.string(),
      category: z.string(),
      /** what the category shows as: the category dictionary's name in the caller's language when `category` is one of its codes (C0102), else `category` as typed */
      categoryName: z.string(),
      quantity: z.number(),
      specifications: z.string(),
      material: z.string(),
      unitPrice: z.string(),
      currency: z.string(),
    }),
  ),
  declaredWeight: z.string(),
  actualWeight: z.string().nullable(),
  length: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  chargeableWeight: z.string().nullable(),
  freightQuote: z.string().nullable(),
  freightCharge: z.string().nullable(),
  remark: z.string(),
  parcels: z.array(parcelRecord),
  events: z.array(trackingEventRecord),
  /** what the caller may do now (the server decides; the screen follows) */
  editable: z.boolean(),
  cancellable: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const cancelInput = z.strictObject({ id: z.number().int().positive(), reason: optionalText(200) });

/** One refused row of an import: its row number in the sheet, the column, and what is wrong. */
export const importRowError = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;
export const importResult = z.object({ imported: z.number(), errors: z.array(importRowError) });
export type ImportResult = z.infer<typeof importResult>;

// ---------------------------------------------------------------- parcels (package management)

export const parcelInput = z.strictObject({
  trackingNo: referenceNo,
  /** the order the parcel belongs to, by its order number; may be linked later */
  orderNo: z.string().trim().max(32).optional(),
  weight: weightKg.optional(),
  length: lengthCm.optional(),
  width: lengthCm.optional(),
  height: lengthCm.optional(),
  remark: optionalText(500),
});
export const parcelEditInput = parcelInput.extend({ id: z.number().int().positive() });

// ---------------------------------------------------------------- pick-up batches

export const pickupBatchInput = z.strictObject({
  orderIds: z.array(z.number().int().positive()).min(1).max(500),
  expectedPickupAt: isoTime,
  contactName: trimmed(100),
  contactPhone: z.string().trim().min(5).max(32),
  pickupAddress: trimmed(300),
  remark: optionalText(500),
});
export const pickupBatchRecord = z.object({
  id: z.number(),
  batchNo: z.string(),
  status: z.enum(PICKUP_BATCH_STATUSES),
  cancelled: z.boolean(),
  shipmentTotal: z.number(),
  estimatedWeight: z.string(),
  actualWeight: z.string().nullable(),
  expectedPickupAt: z.string(),
  estimatedPickupAt: z.string().nullable(),
  actualPickupAt: z.string().nullable(),
  plate: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  pickupAddress: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type PickupBatchRecord = z.infer<typeof pickupBatchRecord>;

// ---------------------------------------------------------------- collection exceptions

export const exceptionRecord = z.object({
  id: z.number(),
  exceptionNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  type: z.enum(EXCEPTION_TYPES),
  description: z.string(),
  status: z.enum(EXCEPTION_STATUS_VALUES),
  resolution: z.enum(EXCEPTION_RESOLUTIONS).nullable(),
  merchantRemark: z.string(),
  platformRemark: z.string(),
  dealtAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExceptionRecord = z.infer<typeof exceptionRecord>;
export const exceptionDealInput = z.strictObject({ id: z.number().int().positive(), resolution: z.enum(EXCEPTION_RESOLUTIONS), remark: optionalText(1000) });

// ---------------------------------------------------------------- warehouse (platform)

/**
 * The largest measure a scan may record: a pallet, not a container. Beyond this the number is a typo; the
 * server refuses it and the receive form says so before sending.
 */
export const RECEIVE_MAX_WEIGHT_KG = 1_000;
export const RECEIVE_MAX_SIDE_CM = 500;

/** Warehouse-in: the parcel's or the order's number, and what the warehouse measured. */
export const receiveInput = z.strictObject({
  /** a parcel tracking number, an order number or a merchant's order number is not enough: it must be unique */
  number: trimmed(64),
  warehouseCode,
  weight: weightKg,
  length: lengthCm,
  width: lengthCm,
  height: lengthCm,
});
export const shipOutInput = z.strictObject({ orderNos: z.array(trimmed(32)).min(1).max(500), waybillNo: referenceNo.optional() });

/** An event the platform records: a move to `status` (checked against the lifecycle) or a scan that moves nothing. */
export const trackingEventInput = z.strictObject({
  orderNo: trimmed(32),
  status: orderStatus.optional(),
  carrierCode: z.string().trim().max(32).optional(),
  occurredAt: isoTime,
  location: optionalText(200),
  description: z
    .strictObject({ 'zh-TW': optionalText(500), 'zh-CN': optionalText(500), 'en-US': optionalText(500) })
    .optional(),
  rawText: z.string().trim().max(1000).optional(),
  source: z.enum(TRACKING_SOURCES).default('MANUAL'),
});
export type TrackingEventInput = z.input<typeof trackingEventInput>;

export const rateCardInput = z.strictObject({
  destinationCountry: countryCode,
  serviceType,
  currency: currencyCode,
  firstWeight: weightKg,
  firstPrice: amount,
  stepWeight: weightKg,
  stepPrice: amount,
  volumetricDivisor: z.number().int().min(1000).max(10_000).default(6000),
  active: z.boolean().default(true),
  remark: optionalText(500),
});
export const rateCardRecord = z.object({
  id: z.number(),
  destinationCountry: z.string(),
  serviceType,
  currency: z.string(),
  firstWeight: z.string(),
  firstPrice: z.string(),
  stepWeight: z.string(),
  stepPrice: z.string(),
  volumetricDivisor: z.number(),
  active: z.boolean(),
  remark: z.string(),
});
export type RateCardRecord = z.infer<typeof rateCardRecord>;

// ---------------------------------------------------------------- public tracking

export const trackQuery = {
  /** tracking numbers, waybill numbers or order numbers, separated by commas, spaces or new lines */
  numbers: z.string().trim().min(1).max(TRACKING_LOOKUP_MAX * 66),
};

/** What the public page shows of one number: no merchant, recipient or money data. */
export const trackResult = z.object({
  number: z.string(),
  found: z.boolean(),
  orderNo: z.string().nullable(),
  status: orderStatus.nullable(),
  destinationCountry: z.string().nullable(),
  events: z.array(z.object({ occurredAt: z.string(), status: orderStatus.nullable(), location: z.string(), description: z.string() })),
});
export type TrackResult = z.infer<typeof trackResult>;

// ---------------------------------------------------------------- home figures

/**
 * The home page's figures. Each is null for a reader without the right of the list it summarises, and
 * counts only the rows their data rules on that list let through.
 */
export const logisticsSummary = z.object({
  byStatus: z.array(statusCount).nullable(),
  parcelsInWarehouse: z.number().nullable(),
  openExceptions: z.number().nullable(),
  /** the last 30 days, oldest first, every day present */
  ordersPerDay: z.array(z.object({ date: z.string(), count: z.number() })).nullable(),
});
export type LogisticsSummary = z.infer<typeof logisticsSummary>;
