import { and, asc, eq, gte, inArray, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import { LIST_COUNT_CAP, ORDER_STATUSES, type OrderStatus, type ServiceType } from '@portal/shared/logistics';
import type { ORDER_SORT_COLUMNS, OrderDetail, OrderRecord, ParcelRecord, TrackingEventRecord } from '@portal/shared/logistics-schemas';
import { CURRENCY_EXPONENTS, fromMinor, gramsToKg, isCurrency, mmToCm } from '@portal/shared/money';
import { canTransition, EDITABLE_STATUSES } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { orderItems, orderStatusCounts, orders, parcels, trackingEvents } from '../../db/schema/logistics.ts';
import { badRequest } from '../../lib/errors.ts';
import { eventDescription } from './order-lifecycle.ts';

/*
 * Reading orders: the filters of the lists, counts and exports (every one scoped to the caller's
 * tenant), the sort, the pages, the detail. Each list query is served by an index of
 * schema/logistics.ts that leads with tenant_id (measured in docs/performance.md):
 *   no filter / dates       log_order_tenant_created_idx  (tenant, created desc, id desc)
 *   status                  log_order_tenant_status_created_idx
 *   destination country     log_order_tenant_country_created_idx
 *   status-updated dates    log_order_tenant_status_updated_idx
 *   orderNo, merchantOrderNo, waybillNo: their own (unique) indexes, then the tenant is checked.
 * Warehouse, service type and recipient name have no index of their own: they filter the rows the
 * tenant's index walks, which is cheap when they match often and is bounded by the tenant's size.
 */

export type SortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export type OrderFilterInput = {
  orderNo?: string;
  merchantOrderNo?: string;
  waybillNo?: string;
  status?: string;
  destinationCountry?: string;
  warehouseCode?: string;
  serviceType?: ServiceType;
  recipientName?: string;
  createdFrom?: string;
  createdTo?: string;
  statusUpdatedFrom?: string;
  statusUpdatedTo?: string;
};

/** A filter field that was given: an empty string is a cleared form field. */
const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/** "Logistics order management" lists orders on their way, and the finished ones, unless a status is asked for. */
export const LOG_ORDER_STATUSES: readonly OrderStatus[] = ['WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE', 'RETURN', 'LOST'];

/**
 * A list reports at most LIST_COUNT_CAP matches in `total` (and so in `pages`): counting up to 100,000
 * index entries took 20 ms on PostgreSQL and limited the list under load, up to 10,000 takes 1.6 ms,
 * and nobody pages past the 10,000th order. The status counts stay exact (bench: docs/performance.md).
 */
export { LIST_COUNT_CAP };

/** Whether any filter but the status narrows the list: without one, the status counts come from log_order_status_count. */
export const filtersStatusAside = (filters: OrderFilterInput): boolean =>
  [
    filters.orderNo,
    filters.merchantOrderNo,
    filters.waybillNo,
    filters.destinationCountry,
    filters.warehouseCode,
    filters.serviceType,
    filters.recipientName,
    filters.createdFrom,
    filters.createdTo,
    filters.statusUpdatedFrom,
    filters.statusUpdatedTo,
  ].some((value) => present(value));

/** Dates before or after these are typing mistakes, and some would not fit a PostgreSQL timestamp. */
const YEAR_MIN = 1900;
const YEAR_MAX = 2999;

// LIKE wildcards typed by the user are searched for literally (backslash is PostgreSQL's default escape)
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** "CREATED,WHIN" -> the statuses; an unknown one is a 400 naming the field. */
export function parseStatuses(text: string): OrderStatus[] {
  const statuses = [...new Set(text.split(',').map((part) => part.trim()))];
  for (const status of statuses) {
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) throw badRequest('validationOneOf', { field: 'status', values: ORDER_STATUSES.join(', ') });
  }
  return statuses as OrderStatus[];
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkYear(value: string, field: string) {
  const year = Number(value.slice(0, 4));
  if (year < YEAR_MIN || year > YEAR_MAX) throw badRequest('dateOutOfRange', { field, min: YEAR_MIN, max: YEAR_MAX });
}

/** Midnight starting the given day (plus `days`) in the server's time zone. */
function localMidnight(day: string, days: number): Date {
  const [, year, month, date] = PLAIN_DATE.exec(day) ?? [];
  const value = new Date(0);
  value.setFullYear(Number(year), Number(month) - 1, Number(date) + days);
  value.setHours(0, 0, 0, 0);
  return value;
}

/**
 * A range bound as a condition. A time with its offset is taken as it is (both ends inclusive); a
 * plain date (YYYY-MM-DD) means that whole day in the server's time zone: From is its first instant,
 * To is everything before the next day's midnight.
 */
export function rangeBound(value: string, end: 'from' | 'to', field: string): { at: Date; inclusive: boolean } {
  checkYear(value, field);
  if (PLAIN_DATE.test(value)) return end === 'from' ? { at: localMidnight(value, 0), inclusive: true } : { at: localMidnight(value, 1), inclusive: false };
  return { at: new Date(value), inclusive: true };
}

/**
 * The WHERE of a list, count or export: always the caller's tenant, then every filter given. Empty
 * strings (a cleared form field) filter nothing. `defaultStatuses` applies when no status is asked for;
 * `withStatus` false leaves the status out (the status counts answer every status).
 */
export function orderConditions(tenantId: number, filters: OrderFilterInput, options: { defaultStatuses?: readonly OrderStatus[]; withStatus?: boolean } = {}): SQL {
  const conditions: SQL[] = [eq(orders.tenantId, tenantId)];
  // the numbers are matched exactly: each has an index, and a merchant looks one up by copying it
  if (present(filters.orderNo)) conditions.push(eq(orders.orderNo, filters.orderNo));
  if (present(filters.merchantOrderNo)) conditions.push(eq(orders.merchantOrderNo, filters.merchantOrderNo));
  if (present(filters.waybillNo)) conditions.push(eq(orders.waybillNo, filters.waybillNo));
  if (options.withStatus !== false) {
    const statuses = present(filters.status) ? parseStatuses(filters.status) : options.defaultStatuses;
    if (statuses?.length === 1 && statuses[0]) conditions.push(eq(orders.status, statuses[0]));
    else if (statuses && statuses.length > 1) conditions.push(inArray(orders.status, [...statuses]));
  }
  if (present(filters.destinationCountry)) conditions.push(eq(orders.destinationCountry, filters.destinationCountry));
  if (present(filters.warehouseCode)) conditions.push(eq(orders.warehouseCode, filters.warehouseCode));
  if (filters.serviceType) conditions.push(eq(orders.serviceType, filters.serviceType));
  // a prefix match (what the name starts with, case-sensitive), not a substring: a prefix can stop early
  // and could use a pattern index; a substring search would have to read every name of the tenant
  if (present(filters.recipientName)) conditions.push(like(orders.recipientName, `${escapeLike(filters.recipientName)}%`));
  const ranges: [string | undefined, 'from' | 'to', string, typeof orders.createdAt | typeof orders.statusUpdatedAt][] = [
    [filters.createdFrom, 'from', 'createdFrom', orders.createdAt],
    [filters.createdTo, 'to', 'createdTo', orders.createdAt],
    [filters.statusUpdatedFrom, 'from', 'statusUpdatedFrom', orders.statusUpdatedAt],
    [filters.statusUpdatedTo, 'to', 'statusUpdatedTo', orders.statusUpdatedAt],
  ];
  for (const [value, end, field, column] of ranges) {
    if (!present(value)) continue;
    const bound = rangeBound(value, end, field);
    conditions.push(end === 'from' ? gte(column, bound.at) : bound.inclusive ? lte(column, bound.at) : lt(column, bound.at));
  }
  return and(...conditions) ?? sql`false`;
}

/**
 * ORDER BY terms that the indexes serve: they are (tenant, time desc nulls last, id desc nulls last),
 * and PostgreSQL only walks them for exactly that ordering or its reverse (a bare "desc" means nulls
 * first and falls back to sorting the tenant's rows: 116 ms instead of 0.1 ms at 300,000 orders). The
 * id breaks ties so that pages never repeat or skip an order. Order numbers are unique: no tie-break.
 */
export function orderingOf(column: SortColumn, direction: SortDirection): SQL[] {
  if (column === 'orderNo') return [direction === 'asc' ? asc(orders.orderNo) : sql`${orders.orderNo} desc`];
  const time = column === 'createdAt' ? orders.createdAt : orders.statusUpdatedAt;
  return direction === 'desc'
    ? [sql`${time} desc nulls last`, sql`${orders.id} desc nulls last`]
    : [sql`${time} asc nulls first`, sql`${orders.id} asc nulls first`];
}

/** The columns an order record is built from (the platform's lists add the tenant's name). */
export const orderRecordColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  merchantOrderNo: orders.merchantOrderNo,
  serviceType: orders.serviceType,
  status: orders.status,
  statusUpdatedAt: orders.statusUpdatedAt,
  destinationCountry: orders.destinationCountry,
  warehouseCode: orders.warehouseCode,
  waybillNo: orders.waybillNo,
  recipientName: orders.recipientName,
  itemQuantity: orders.itemQuantity,
  merchandiseValue: orders.merchandiseValue,
  merchandiseCurrency: orders.merchandiseCurrency,
  declaredWeight: orders.declaredWeight,
  actualWeight: orders.actualWeight,
  freightQuote: orders.freightQuote,
  freightCharge: orders.freightCharge,
  freightCurrency: orders.freightCurrency,
  createdAt: orders.createdAt,
};

export type OrderRecordRow = Pick<typeof orders.$inferSelect, keyof typeof orderRecordColumns>;

/** An amount of a currency as a decimal string; a currency we do not know (none is written) reads with 2 decimals. */
export const money = (minor: bigint | number, currency: string): string => fromMinor(minor, isCurrency(currency) ? CURRENCY_EXPONENTS[currency] : 2);

/** A list's record of an order: the charge once weighed in, else the quote made at creation. */
export function toOrderRecord(row: OrderRecordRow): OrderRecord {
  const freight = row.freightCharge ?? row.freightQuote;
  return {
    id: row.id,
    orderNo: row.orderNo,
    merchantOrderNo: row.merchantOrderNo,
    serviceType: row.serviceType,
    status: row.status,
    statusUpdatedAt: row.statusUpdatedAt.toISOString(),
    destinationCountry: row.destinationCountry,
    warehouseCode: row.warehouseCode,
    waybillNo: row.waybillNo,
    recipientName: row.recipientName,
    itemQuantity: row.itemQuantity,
    merchandiseValue: money(row.merchandiseValue, row.merchandiseCurrency),
    currency: row.merchandiseCurrency,
    weight: gramsToKg(row.actualWeight ?? row.declaredWeight),
    freight: freight !== null && row.freightCurrency ? money(freight, row.freightCurrency) : null,
    freightCurrency: freight !== null ? row.freightCurrency : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrderPage = { records: OrderRecord[]; total: number; current: number; size: number; pages: number };

/**
 * One page. The page's ids are found first on the index alone (an index-only scan skips deep
 * offsets without reading the table: 18 ms instead of 42 ms at offset 100,000), then only those
 * rows are read.
 */
export async function listOrders(
  db: Db,
  where: SQL,
  sort: { column: SortColumn; direction: SortDirection },
  page: { pageNo: number; pageSize: number },
  countCap = LIST_COUNT_CAP,
): Promise<OrderPage> {
  const ordering = orderingOf(sort.column, sort.direction);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...ordering)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const matching = db.select({ one: sql<number>`1`.as('one') }).from(orders).where(where).limit(countCap).as('matching');
  const [rows, counted] = await Promise.all([
    db.select(orderRecordColumns).from(orders).where(inArray(orders.id, pageIds)).orderBy(...ordering),
    db.select({ total: sql<number>`count(*)::int` }).from(matching),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { records: rows.map(toOrderRecord), total, current: page.pageNo, size: page.pageSize, pages: Math.ceil(total / page.pageSize) };
}

/** How many orders match, counting no further than `max` (the export refuses more than it writes). */
export async function countUpTo(db: Db, where: SQL, max: number): Promise<number> {
  const matching = db.select({ one: sql<number>`1`.as('one') }).from(orders).where(where).limit(max).as('matching');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.total ?? 0);
}

/** Every status in the spec's order with its count, zeros included. */
export async function statusCounts(db: Db, where: SQL): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await db.select({ status: orders.status, count: sql<number>`count(*)::int` }).from(orders).where(where).groupBy(orders.status);
  return inSpecOrder(rows);
}

/** The same for all of a tenant's orders, from the counters the triggers keep (migration 0004). */
export async function tenantStatusCounts(db: Db, tenantId: number): Promise<{ status: OrderStatus; count: number }[]> {
  const rows = await db.select({ status: orderStatusCounts.status, count: orderStatusCounts.count }).from(orderStatusCounts).where(eq(orderStatusCounts.tenantId, tenantId));
  return inSpecOrder(rows);
}

function inSpecOrder(rows: { status: OrderStatus; count: number | string }[]): { status: OrderStatus; count: number }[] {
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** A keyset position in an export: the sort column's value as text (microseconds kept) and the id. */
export type Cursor = { value: string; id: number };

/**
 * Rows of an export, `size` at a time after `cursor`, in the list's order. Keyset pages cost the
 * same at the end of 100,000 rows as at the start; timestamps travel as text so that the
 * microseconds PostgreSQL keeps (and a JavaScript Date drops) never skip or repeat a row.
 */
export async function exportChunk(
  db: Db,
  where: SQL,
  sort: { column: SortColumn; direction: SortDirection },
  cursor: Cursor | null,
  size: number,
): Promise<{ records: OrderRecord[]; next: Cursor | null }> {
  const { column, direction } = sort;
  const sortText =
    column === 'orderNo'
      ? sql<string>`${orders.orderNo}`
      : sql<string>`to_char(${column === 'createdAt' ? orders.createdAt : orders.statusUpdatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  let after: SQL | undefined;
  if (cursor) {
    const compare = direction === 'desc' ? sql`<` : sql`>`;
    after =
      column === 'orderNo'
        ? sql`${orders.orderNo} ${compare} ${cursor.value}`
        : sql`(${column === 'createdAt' ? orders.createdAt : orders.statusUpdatedAt}, ${orders.id}) ${compare} (${cursor.value}::timestamptz, ${cursor.id})`;
  }
  const rows = await db
    .select({ ...orderRecordColumns, sortText })
    .from(orders)
    .where(after ? and(where, after) : where)
    .orderBy(...orderingOf(column, direction))
    .limit(size);
  const last = rows[rows.length - 1];
  return { records: rows.map(toOrderRecord), next: rows.length === size && last ? { value: last.sortText, id: last.id } : null };
}

/** The caller tenant's order with its recipient, products, parcels and events; null when it is not theirs or does not exist. */
export async function orderDetailOf(db: Db, tenantId: number, id: number, language: Language): Promise<OrderDetail | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.tenantId, tenantId)));
  if (!row) return null;
  const [items, parcelRows, events] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.lineNo)),
    db
      .select()
      .from(parcels)
      .where(and(eq(parcels.orderId, row.id), eq(parcels.tenantId, tenantId)))
      .orderBy(asc(parcels.createdAt), asc(parcels.id)),
    db.select().from(trackingEvents).where(eq(trackingEvents.orderId, row.id)).orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id)),
  ]);
  const cm = (mm: number | null) => (mm === null ? null : mmToCm(mm));
  const freightOf = (minor: bigint | null) => (minor !== null && row.freightCurrency ? money(minor, row.freightCurrency) : null);
  return {
    ...toOrderRecord(row),
    recipient: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.recipientAddress,
      province: row.recipientProvince,
      city: row.recipientCity,
      district: row.recipientDistrict,
      town: row.recipientTown,
      postcode: row.recipientPostcode,
    },
    items: items.map((item) => ({
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      specifications: item.specifications,
      material: item.material,
      unitPrice: money(item.unitPrice, item.currency),
      currency: item.currency,
    })),
    declaredWeight: gramsToKg(row.declaredWeight),
    actualWeight: row.actualWeight === null ? null : gramsToKg(row.actualWeight),
    length: cm(row.length),
    width: cm(row.width),
    height: cm(row.height),
    chargeableWeight: row.chargeableWeight === null ? null : gramsToKg(row.chargeableWeight),
    freightQuote: freightOf(row.freightQuote),
    freightCharge: freightOf(row.freightCharge),
    remark: row.remark,
    parcels: parcelRows.map(
      (parcel): ParcelRecord => ({
        id: parcel.id,
        trackingNo: parcel.trackingNo,
        orderId: parcel.orderId,
        logisticsOrderNo: row.orderNo,
        status: parcel.status,
        weight: parcel.weight === null ? null : gramsToKg(parcel.weight),
        length: cm(parcel.length),
        width: cm(parcel.width),
        height: cm(parcel.height),
        warehouseCode: parcel.warehouseCode,
        storageTime: parcel.storageTime?.toISOString() ?? null,
        shipmentTime: parcel.shipmentTime?.toISOString() ?? null,
        remark: parcel.remark,
        createdAt: parcel.createdAt.toISOString(),
      }),
    ),
    events: events.map(
      (event): TrackingEventRecord => ({
        id: event.id,
        occurredAt: event.occurredAt.toISOString(),
        status: event.status,
        location: event.location,
        description: eventDescription(event, language),
        carrierCode: event.carrierCode,
        source: event.source,
      }),
    ),
    editable: EDITABLE_STATUSES.includes(row.status),
    cancellable: canTransition(row.status, 'CANCEL'),
  };
}
