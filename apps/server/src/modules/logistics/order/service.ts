import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import { LANGUAGES, type Language, type Texts } from '@portal/shared/languages';
import { EDITABLE_STATUSES, ORDER_STATUSES, type OrderStatus, type ServiceType } from '@portal/shared/logistics';
import type { OrderDetail, OrderRecord, orderEditInput } from '@portal/shared/logistics-schemas';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { priceFor, type Price } from '../../freight/service.ts';
import { createOrders, moveOrder, type CreatedOrderRows } from './lifecycle.ts';
import { orderProblems, pathText, prepareOrder, statusEventText, type ParsedOrder, type PreparedOrder } from './model.ts';
import { categoryNamesFor, chargeOrder, openBatchOf, orderDetailOf, orderIdOfNo, ownOrder, type ReceivedCharge, replaceItems, setWaybill, takenMerchantNos, toOrderDetail, updateIfCreated } from './repository.ts';
import { listOrders, newestOrders, orderConditions, statusCounts, tenantStatusCounts, type OrderFilter, type OrderSort, type SortColumn, type SortDirection, type TimeBound } from './list-repository.ts';

/*
 * The merchant's orders: what may happen to them and in which order. Every use case works in the
 * caller's tenant; another tenant's order answers 404 like a missing one.
 */

/** "Logistics order management" lists orders on their way, and the finished ones, unless a status is asked for. */
export const LOG_ORDER_STATUSES: readonly OrderStatus[] = ['WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE', 'RETURN', 'LOST'];

/** Who acts: the tenant the request works in and the user. */
export type Actor = { tenantId: number; userId: number };

/** The dictionaries the screens show (the dict module's service): each coded field's names per language. */
export type Dictionaries = { items(code: string, language: Language): Promise<{ value: string; text: string }[] | undefined> };

// ------------------------------------------------------------------ filters

/** The list filters as the query string carries them. */
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
const given = (value: string | undefined): string | undefined => (present(value) ? value : undefined);

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
 * A range bound. A time with its offset is taken as it is (both ends inclusive); a plain date
 * (YYYY-MM-DD) means that whole day in the server's time zone: From is its first instant, To is
 * everything before the next day's midnight. (The orders' own convention, older than lib/list.ts's
 * dateRange: its tests pin the server's zone and the inclusive end.)
 */
export function rangeBound(value: string, end: 'from' | 'to', field: string): { at: Date; inclusive: boolean } {
  checkYear(value, field);
  if (PLAIN_DATE.test(value)) return end === 'from' ? { at: localMidnight(value, 0), inclusive: true } : { at: localMidnight(value, 1), inclusive: false };
  return { at: new Date(value), inclusive: true };
}

/**
 * The filters checked: empty strings (a cleared form field) filter nothing, statuses and dates are
 * refused with a 400 naming the field. `defaultStatuses` applies when no status is asked for;
 * `withStatus` false leaves the status out (the status counts answer every status).
 */
export function orderFilter(filters: OrderFilterInput, options: { defaultStatuses?: readonly OrderStatus[]; withStatus?: boolean } = {}): OrderFilter {
  const bounds: TimeBound[] = [];
  const ranges = [
    [filters.createdFrom, 'from', 'createdFrom', 'createdAt'],
    [filters.createdTo, 'to', 'createdTo', 'createdAt'],
    [filters.statusUpdatedFrom, 'from', 'statusUpdatedFrom', 'statusUpdatedAt'],
    [filters.statusUpdatedTo, 'to', 'statusUpdatedTo', 'statusUpdatedAt'],
  ] as const;
  const statuses = options.withStatus === false ? undefined : present(filters.status) ? parseStatuses(filters.status) : options.defaultStatuses;
  for (const [value, end, field, column] of ranges) {
    if (!present(value)) continue;
    const bound = rangeBound(value, end, field);
    bounds.push({ column, at: bound.at, compare: end === 'from' ? 'gte' : bound.inclusive ? 'lte' : 'lt' });
  }
  return {
    orderNo: given(filters.orderNo),
    merchantOrderNo: given(filters.merchantOrderNo),
    waybillNo: given(filters.waybillNo),
    statuses,
    destinationCountry: given(filters.destinationCountry),
    warehouseCode: given(filters.warehouseCode),
    serviceType: filters.serviceType,
    recipientName: given(filters.recipientName),
    bounds,
  };
}

export const sortOf = (query: { column?: SortColumn; order?: SortDirection }): OrderSort => ({ column: query.column ?? 'createdAt', direction: query.order ?? 'desc' });

// ------------------------------------------------------------------ reading

export type ListQuery = OrderFilterInput & { column?: SortColumn; order?: SortDirection; pageNo: number; pageSize: number };

/** No filter at all: the list as it first opens (every filter of OrderFilter, so a new one counts too). */
const unfiltered = (filter: OrderFilter): boolean => Object.values(filter).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));

/*
 * `scope` is the caller's data rules on the menu (modules/system/data-rule), undefined when none narrow it:
 * a row it hides is missing (404 by id) like another tenant's.
 */

export function orderPage(db: Db, tenantId: number, query: ListQuery, defaultStatuses?: readonly OrderStatus[], scope?: SQL): Promise<Page<OrderRecord>> {
  const filter = orderFilter(query, { defaultStatuses });
  const sort = sortOf(query);
  if (!scope && unfiltered(filter) && sort.column === 'createdAt' && sort.direction === 'desc') return newestOrders(db, tenantId, query);
  return listOrders(db, orderConditions(tenantId, filter, scope), sort, query);
}

/** The tabs of an unfiltered list, its everyday view, come from the counters; any filter (or data rule) counts the matches. */
export function orderStatusCounts(db: Db, tenantId: number, filters: OrderFilterInput, scope?: SQL): Promise<{ status: OrderStatus; count: number }[]> {
  return filtersStatusAside(filters) || scope ? statusCounts(db, orderConditions(tenantId, orderFilter(filters, { withStatus: false }), scope)) : tenantStatusCounts(db, tenantId);
}

/** The id of the tenant's order with this number exactly, if the caller's data rules show it. */
export const orderIdByNo = (db: Db, tenantId: number, orderNo: string, scope?: SQL): Promise<number | null> => orderIdOfNo(db, tenantId, orderNo, scope);

/** An order's detail by its id, or by its number exactly as written (the open API's); 404 when the caller may not see it. */
export async function orderDetail(db: Db, tenantId: number, key: number | { orderNo: string }, language: Language, scope?: SQL): Promise<OrderDetail> {
  const detail = await orderDetailOf(db, tenantId, key, language, scope);
  if (!detail) throw notFound();
  return detail;
}

// ------------------------------------------------------------------ writing

/** The order's rules beyond the schema, the first broken one as a 400 naming the field (items[2].unitPrice). */
function checkedOrder(input: ParsedOrder): PreparedOrder {
  const [problem] = orderProblems(input);
  if (problem) throw badRequest(problem.key, { ...problem.params, field: pathText(problem.path) });
  return prepareOrder(input);
}

/** A unique-index violation on the merchant number (another request took it between check and insert) as the 409 of the check. */
function merchantNoRace(error: unknown, merchantOrderNo: string): unknown {
  return violatedConstraint(error) === 'log_order_merchant_no_uq' ? conflict('merchantOrderNoTaken', { merchantOrderNo }) : error;
}

async function ownOrThrow(db: Db, tenantId: number, id: number, scope?: SQL) {
  // ids are bigint in the database: one past JavaScript's safe integers is no order of anyone's
  if (!Number.isSafeInteger(id)) throw notFound();
  const order = await ownOrder(db, tenantId, id, scope);
  if (!order) throw notFound();
  return order;
}

export type CreatedOrder = { id: number; orderNo: string };

/** A new order (CREATED) with its products, numbered by the server, its freight quoted on the declared weight. */
export async function createOrder(db: Db, actor: Actor, input: ParsedOrder): Promise<CreatedOrder> {
  // checked and quoted before the transaction: its connection is held only for the writes
  const checked = await checkOrder(db, input);
  const { id, orderNo } = await db.transaction((tx) => insertCheckedOrder(tx, actor, checked));
  return { id, orderNo };
}

/**
 * createOrder inside the caller's transaction: an order made together with something else, all or
 * nothing (an international order from purchased stock, modules/purchase/stock).
 */
export async function createOrderIn(tx: Db, actor: Actor, input: ParsedOrder): Promise<CreatedOrder> {
  const { id, orderNo } = await insertCheckedOrder(tx, actor, await checkOrder(tx, input));
  return { id, orderNo };
}

/** An order's input checked (400 naming the field) and quoted, ready to be written. */
export type CheckedOrder = { input: ParsedOrder; prepared: PreparedOrder; quote: Price | null };

export async function checkOrder(db: Db, input: ParsedOrder): Promise<CheckedOrder> {
  const prepared = checkedOrder(input);
  return { input, prepared, quote: await priceFor(db, input, prepared.order.declaredWeight, prepared.dimensions) };
}

/** A checked order written in the caller's transaction: its rows as written, to answer from. */
export async function insertCheckedOrder(tx: Db, actor: Actor, { input, prepared, quote }: CheckedOrder): Promise<CreatedOrderRows> {
  try {
    // a merchant number the tenant already uses is refused by its unique index, in the words of the check
    const [created] = await createOrders(tx, actor, [{ prepared, quote }]);
    if (!created) throw new Error('the order was not inserted');
    return created;
  } catch (error) {
    throw merchantNoRace(error, input.merchantOrderNo);
  }
}

/** A new order's detail from the rows its transaction wrote: nothing is read back. */
export async function createdOrderDetail(db: Db, created: CreatedOrderRows, language: Language): Promise<OrderDetail> {
  const rows = { row: created.row, items: created.items, parcels: [], events: [created.event] };
  return toOrderDetail(rows, await categoryNamesFor(db, created.items), language);
}

/**
 * Replaces a CREATED order's data and products. The update holds only while the order is still
 * CREATED (a warehouse scan may have moved it since it was read): otherwise 409, nothing changed.
 */
export async function replaceOrder(tx: Db, target: { id: number; tenantId: number }, prepared: PreparedOrder, quote: Price | null): Promise<void> {
  if (!(await updateIfCreated(tx, target, prepared, quote))) throw conflict('orderChangedMeanwhile');
  await replaceItems(tx, target, prepared);
}

/** The data and products of an order while it is CREATED (409 naming its status otherwise); totals and quote recomputed. */
export async function editOrder(db: Db, tenantId: number, body: z.output<typeof orderEditInput>, scope?: SQL): Promise<CreatedOrder> {
  const { id, ...input } = body;
  const order = await ownOrThrow(db, tenantId, id, scope);
  if (!EDITABLE_STATUSES.includes(order.status)) throw conflict('orderNotEditable', { editable: ORDER_STATUS_TEXTS.CREATED, status: ORDER_STATUS_TEXTS[order.status] });
  const prepared = checkedOrder(input);
  if ((await takenMerchantNos(db, tenantId, [input.merchantOrderNo], id)).size > 0) throw conflict('merchantOrderNoTaken', { merchantOrderNo: input.merchantOrderNo });
  const quote = await priceFor(db, input, prepared.order.declaredWeight, prepared.dimensions);
  try {
    await db.transaction((tx) => replaceOrder(tx, order, prepared, quote));
  } catch (error) {
    throw merchantNoRace(error, input.merchantOrderNo);
  }
  return { id: order.id, orderNo: order.orderNo };
}

/** Cancels an order not yet in the warehouse; the merchant's reason, if any, goes into the tracking event. */
export async function cancelOrder(db: Db, actor: Actor, id: number, reason: string | undefined, scope?: SQL): Promise<CreatedOrder> {
  const order = await ownOrThrow(db, actor.tenantId, id, scope);
  const event = statusEventText('CANCEL');
  // the merchant's words in every language, after the event's own ("訂單已取消：客戶改單")
  const description = reason
    ? (Object.fromEntries(LANGUAGES.map((language) => [language, `${event[language]}${language === 'en-US' ? ': ' : '：'}${reason}`])) as Texts)
    : undefined;
  await db.transaction(async (tx) => {
    // a pick-up batch counts on its orders: the batch is cancelled first (while it is prepared), never an order out of it
    const batchNo = await openBatchOf(tx, order);
    if (batchNo) throw conflict('orderInPickupBatch', { orderNo: order.orderNo, batchNo });
    await moveOrder(tx, order, 'CANCEL', { source: 'MANUAL', createdBy: actor.userId, description });
  });
  return { id: order.id, orderNo: order.orderNo };
}

// ------------------------------------------------------------------ the warehouse's scans (in their transaction, the order locked)

/** A received order takes the measure of the scale, its chargeable weight and its freight. */
export async function chargeReceivedOrder(tx: Db, orderId: number, charge: ReceivedCharge): Promise<void> {
  await chargeOrder(tx, orderId, charge);
}

/** The waybill an order leaves with, set before its move so that the move's pushed events carry it. */
export async function giveWaybill(tx: Db, orderId: number, waybillNo: string): Promise<void> {
  await setWaybill(tx, orderId, waybillNo);
}
