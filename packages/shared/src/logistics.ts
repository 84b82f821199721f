/**
 * Logistics constants both sides share: statuses, the lifecycle, sources. No zod here, so the web can
 * import it (the request and response schemas are in logistics-schemas.ts). The lifecycle is described
 * in docs/logistics-lifecycle.md.
 */
import { ORDER_STATUSES, SERVICE_TYPES, type OrderStatus, type ServiceType } from './order-status.ts';

export { ORDER_STATUSES, SERVICE_TYPES, type OrderStatus, type ServiceType };

/** The normal path, in order: the public page's milestone bar. */
export const NORMAL_PATH: readonly OrderStatus[] = ['CREATED', 'WAIT_COLLECT', 'WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE'];

/** Statuses an order leaves no more. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['DONE', 'CANCEL', 'RETURN', 'LOST'];

/** Statuses shown as an exception banner on the tracking page. */
export const EXCEPTION_STATUSES: readonly OrderStatus[] = ['CANCEL', 'RETURN', 'LOST'];

/**
 * Every legal move. Forward along the normal path one step at a time (a parcel received without a
 * pick-up goes CREATED -> WHIN); CANCEL only before warehouse-in; RETURN and LOST from warehouse-in on,
 * until delivered.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  CREATED: ['WAIT_COLLECT', 'WHIN', 'CANCEL'],
  WAIT_COLLECT: ['WHIN', 'CANCEL'],
  WHIN: ['WHOUT', 'RETURN', 'LOST'],
  WHOUT: ['CROSS_BORDER', 'RETURN', 'LOST'],
  CROSS_BORDER: ['OVERSEA_WH', 'RETURN', 'LOST'],
  OVERSEA_WH: ['END_DELIVERY', 'RETURN', 'LOST'],
  END_DELIVERY: ['DONE', 'RETURN', 'LOST'],
  DONE: [],
  CANCEL: [],
  RETURN: [],
  LOST: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** Only a new order may be edited. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['CREATED'];

/** Where a tracking event came from. */
export const TRACKING_SOURCES = ['WAREHOUSE', 'CARRIER', 'MANUAL', 'API'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/** A parcel's own state: forecast by the merchant, in the warehouse, shipped out with its order. */
export const PARCEL_STATUSES = ['FORECAST', 'IN_WAREHOUSE', 'SHIPPED'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** Pick-up batch statuses in order (COLOrderStatusEnum). */
export const PICKUP_BATCH_STATUSES = ['WAIT_PREPARE_GOODS', 'WAIT_TAKE_GOODS', 'WAIT_CONFIRM_TAKE', 'FINISH_TAKE_GOODS'] as const;
export type PickupBatchStatus = (typeof PICKUP_BATCH_STATUSES)[number];

/** Collection-order exception statuses (CollectionOrderExceptionConstant): 0 pending, 1 handled, 2 awaiting the merchant, 3 closed, 4 cancelled. */
export const EXCEPTION_STATUS_VALUES = ['0', '1', '2', '3', '4'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUS_VALUES)[number];
/** Exceptions still waiting for someone: pending ('0') or awaiting the merchant's reply ('2'); the home page counts these. */
export const OPEN_EXCEPTION_STATUSES: readonly ExceptionStatus[] = ['0', '2'];
/** The exception lists' status filter: one status, or 'OPEN' for OPEN_EXCEPTION_STATUSES (where the home page's figure leads). */
export const EXCEPTION_STATUS_FILTERS = [...EXCEPTION_STATUS_VALUES, 'OPEN'] as const;
export type ExceptionStatusFilter = (typeof EXCEPTION_STATUS_FILTERS)[number];
/** Spec §4: the Deal button is hidden for these. */
export const DEAL_HIDDEN_STATUSES: readonly ExceptionStatus[] = ['1', '3', '4'];
export const EXCEPTION_TYPES = ['DAMAGED', 'OVERWEIGHT', 'PROHIBITED', 'MISSING_LABEL', 'ADDRESS', 'OTHER'] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
/** What a merchant may decide when dealing with an exception. */
export const EXCEPTION_RESOLUTIONS = ['CONTINUE', 'RESHIP', 'RETURN', 'DESTROY'] as const;
export type ExceptionResolution = (typeof EXCEPTION_RESOLUTIONS)[number];

/** The platform's warehouses (dictionary LogisticsWarehouse). */
export const WAREHOUSE_CODES = ['SZ01', 'GZ01', 'YW01'] as const;
export type WarehouseCode = (typeof WAREHOUSE_CODES)[number];

/** Order numbers: LO + yymmdd + 8 digits of a sequence. */
export const ORDER_NO_PATTERN = /^LO\d{14}$/;

/** The public tracking page: at most this many numbers in one lookup. */
export const TRACKING_LOOKUP_MAX = 40;

/** A merchant's order list counts its matches no further than this: `total` is at most this much (the status counts stay exact). */
export const LIST_COUNT_CAP = 10_000;

/** Largest export the server writes in one file. */
export const EXPORT_ROWS_MAX = 100_000;
/** Largest import file: rows and bytes. */
export const IMPORT_ROWS_MAX = 2_000;
export const IMPORT_BYTES_MAX = 5 * 1024 * 1024;

/** Destinations (the CountryType dictionary's values; the dictionary holds their names). */
export const COUNTRY_CODES = ['TW', 'HK', 'MO', 'CN', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'KH', 'IN', 'JP', 'KR', 'US', 'CA', 'MX', 'BR', 'AU', 'NZ', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'AE', 'SA'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
