import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import { canTransition, EDITABLE_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { OrderDetail, ParcelRecord, TrackingEventRecord } from '@portal/shared/logistics-schemas';
import { gramsToKg, mmToCm, type CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../../db/client.ts';
import { categories } from '../../../db/schema/dict.ts';
import { orderItems, orders, parcels, pickupBatchOrders, pickupBatches, trackingEvents } from '../../../db/schema/logistics.ts';
import { must } from '../../../lib/must.ts';
import { preparedOnce } from '../../../lib/prepared.ts';
import { referenced } from '../../../lib/reference-memory.ts';
import type { Price } from '../../freight/service.ts';
import { eventDescription, formatOrderNo, type ItemValues, type OrderValues, type PreparedOrder } from './model.ts';
import { money, toOrderRecord } from './list-repository.ts';

/*
 * The queries of one order and the writes of new and edited orders, and of the warehouse's measure and
 * waybill (the caller holds the transaction); the lists, their counts and their sort are list-repository.ts.
 */

/** The id of the tenant's order with this number (exactly as written), if its data rules show it. */
export async function orderIdOfNo(db: Db, tenantId: number, orderNo: string, scope?: SQL): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNo, orderNo), scope));
  return row ? row.id : null;
}

/**
 * The caller tenant's order (by its id, or by its number exactly as written) with its recipient, products,
 * parcels and events; null when it is not theirs, its data rules hide it, or it does not exist.
 */
// an order's detail without a data rule (most callers): its statements prepared once
const headById = preparedOnce((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.tenantId, sql.placeholder('tenantId'))))
    .prepare('order_head_by_id'),
);
const headByNo = preparedOnce((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, sql.placeholder('orderNo')), eq(orders.tenantId, sql.placeholder('tenantId'))))
    .prepare('order_head_by_no'),
);
// the tenant leads the products' key (tenant_id, order_id, line_no): without it the key is read whole
const itemsOf = preparedOnce((db) =>
  db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, sql.placeholder('tenantId')), eq(orderItems.orderId, sql.placeholder('orderId'))))
    .orderBy(asc(orderItems.lineNo))
    .prepare('order_items_of'),
);
const parcelsOf = preparedOnce((db) =>
  db
    .select()
    .from(parcels)
    .where(and(eq(parcels.orderId, sql.placeholder('orderId')), eq(parcels.tenantId, sql.placeholder('tenantId'))))
    .orderBy(asc(parcels.createdAt), asc(parcels.id))
    .prepare('order_parcels_of'),
);
const eventsOf = preparedOnce((db) =>
  db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, sql.placeholder('orderId')))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id))
    .prepare('order_events_of'),
);
// every order's answer names its products' categories: the dictionary's names, kept in memory until one changes
const categoryNames = preparedOnce((db) => db.select({ code: categories.code, name: categories.name }).from(categories).prepare('order_category_names'));

export async function orderDetailOf(db: Db, tenantId: number, key: number | { orderNo: string }, language: Language, scope?: SQL): Promise<OrderDetail | null> {
  const byKey = typeof key === 'number' ? eq(orders.id, key) : eq(orders.orderNo, key.orderNo);
  const [row] = scope
    ? await db
        .select()
        .from(orders)
        .where(and(byKey, eq(orders.tenantId, tenantId), scope))
    : typeof key === 'number'
      ? await headById(db).execute({ id: key, tenantId })
      : await headByNo(db).execute({ orderNo: key.orderNo, tenantId });
  if (!row) return null;
  const [items, parcelRows, events] = await Promise.all([
    itemsOf(db).execute({ tenantId, orderId: row.id }),
    parcelsOf(db).execute({ tenantId, orderId: row.id }),
    eventsOf(db).execute({ orderId: row.id }),
  ]);
  return toOrderDetail({ row, items, parcels: parcelRows, events }, await categoryNamesFor(db, items), language);
}

/** The names of the items' categories: a category given as a code of the category dictionary (the demo's C0102) shows as its name. */
export async function categoryNamesFor(db: Db, items: readonly { category: string }[]): Promise<Map<string, Record<string, string>>> {
  const names = await referenced(db, 'categories', async () => new Map((await categoryNames(db).execute()).map((row) => [row.code, row.name])));
  const named = new Map<string, Record<string, string>>();
  for (const { category } of items) {
    const name = names.get(category);
    if (name) named.set(category, name);
  }
  return named;
}

export type OrderRows = {
  row: typeof orders.$inferSelect;
  items: readonly (typeof orderItems.$inferSelect)[];
  parcels: readonly (typeof parcels.$inferSelect)[];
  events: readonly (typeof trackingEvents.$inferSelect)[];
};

/** An order's detail from its rows, as every reader and a create's own answer show it. */
export function toOrderDetail({ row, items, parcels: parcelRows, events }: OrderRows, categoryNames: ReadonlyMap<string, Record<string, string>>, language: Language): OrderDetail {
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
      categoryName: categoryNames.get(item.category)?.[language] ?? item.category,
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

/** The caller tenant's order, or null (also for another tenant's id, or one the caller's data rules hide: its existence is not revealed). */
export async function ownOrder(db: Db, tenantId: number, id: number, scope?: SQL): Promise<{ id: number; tenantId: number; orderNo: string; status: OrderStatus } | null> {
  const [order] = await db
    .select({ id: orders.id, tenantId: orders.tenantId, orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.tenantId, tenantId), scope));
  return order ?? null;
}

/** The number of the pick-up batch (not cancelled) the order is in, or null. */
export async function openBatchOf(tx: Db, order: { id: number; tenantId: number }): Promise<string | null> {
  const [batch] = await tx
    .select({ batchNo: pickupBatches.batchNo })
    .from(pickupBatchOrders)
    .innerJoin(pickupBatches, eq(pickupBatches.id, pickupBatchOrders.batchId))
    .where(and(eq(pickupBatchOrders.orderId, order.id), eq(pickupBatches.cancelled, false)))
    .limit(1);
  return batch?.batchNo ?? null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row (~30 columns). */
export const INSERT_CHUNK = 500;

const nextValues = preparedOnce((db) =>
  db
    .select({ value: sql<string>`nextval('log_order_no_seq')::text` })
    .from(sql`generate_series(1, ${sql.placeholder('count')}::int)`)
    .prepare('order_next_numbers'),
);

/** `count` new order numbers in one round trip. */
export async function nextOrderNos(db: Db, count: number): Promise<string[]> {
  const rows = await nextValues(db).execute({ count });
  const now = new Date();
  return rows.map((row) => formatOrderNo(now, BigInt(row.value)));
}

/** The merchant numbers among `numbers` the tenant already uses (except on order `exceptId`). */
export async function takenMerchantNos(db: Db, tenantId: number, numbers: string[], exceptId?: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < numbers.length; start += INSERT_CHUNK) {
    const chunk = numbers.slice(start, start + INSERT_CHUNK);
    const rows = await db
      .select({ id: orders.id, merchantOrderNo: orders.merchantOrderNo })
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), inArray(orders.merchantOrderNo, chunk)));
    for (const row of rows) if (row.id !== exceptId) taken.add(row.merchantOrderNo);
  }
  return taken;
}

const quoteColumns = (quote: Price | null) => ({ freightQuote: quote?.freight ?? null, freightCurrency: (quote?.currency ?? null) as CurrencyCode | null });

/** A new order as inserted: its row and its products' rows (by line). */
export type InsertedOrder = { id: number; orderNo: string; row: typeof orders.$inferSelect; items: (typeof orderItems.$inferSelect)[] };

/**
 * Inserts new orders (status CREATED) with their products, in the caller's transaction; answers them as
 * inserted, in the order given. Their birth is recorded by the lifecycle (createOrders).
 */
export async function insertOrders(
  tx: Db,
  owner: { tenantId: number; userId: number },
  entries: { prepared: PreparedOrder; quote: Price | null }[],
): Promise<InsertedOrder[]> {
  const numbers = await nextOrderNos(tx, entries.length);
  const [only] = entries;
  if (only && entries.length === 1) return [await insertOneOrder(tx, owner, only, must(numbers[0], 'order number'))];
  const created: InsertedOrder[] = [];
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const rows = await tx
      .insert(orders)
      .values(
        chunk.map(({ prepared, quote }, index) => ({
          ...prepared.order,
          ...quoteColumns(quote),
          tenantId: owner.tenantId,
          orderNo: must(numbers[start + index], 'order number'),
          status: 'CREATED' as const,
          createdBy: owner.userId,
        })),
      )
      .returning();
    // RETURNING is not promised to keep the VALUES order: match by the unique number
    const rowOf = new Map(rows.map((row) => [row.orderNo, row]));
    chunk.forEach((_, index) => {
      const row = must(rowOf.get(must(numbers[start + index], 'order number')), 'inserted order');
      created.push({ id: row.id, orderNo: row.orderNo, row, items: [] });
    });
  }
  const items = entries.flatMap(({ prepared }, index) => prepared.items.map((item) => ({ ...item, tenantId: owner.tenantId, orderId: must(created[index], 'inserted order').id })));
  const byId = new Map(created.map((order) => [order.id, order.items]));
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    for (const item of await tx.insert(orderItems).values(items.slice(start, start + INSERT_CHUNK)).returning()) byId.get(item.orderId)?.push(item);
  }
  for (const order of created) order.items.sort((a, b) => a.lineNo - b.lineNo);
  return created;
}

// one new order (a form's, the open API's) is the hot case: its statements are prepared once, one for each number of products
const placeholders = <Key extends string>(keys: Record<Key, true>, suffix = '') =>
  Object.fromEntries(Object.keys(keys).map((key) => [key, sql.placeholder(key + suffix)])) as Record<Key, Placeholder>;
const ORDER_VALUES: Record<keyof OrderValues, true> = {
  merchantOrderNo: true,
  serviceType: true,
  destinationCountry: true,
  warehouseCode: true,
  recipientName: true,
  recipientPhone: true,
  recipientAddress: true,
  recipientProvince: true,
  recipientCity: true,
  recipientDistrict: true,
  recipientTown: true,
  recipientPostcode: true,
  itemQuantity: true,
  merchandiseValue: true,
  merchandiseCurrency: true,
  declaredWeight: true,
  length: true,
  width: true,
  height: true,
  remark: true,
};
const ITEM_VALUES: Record<keyof ItemValues, true> = { lineNo: true, name: true, category: true, quantity: true, specifications: true, material: true, unitPrice: true, currency: true };
const OWNER = { tenantId: true, createdBy: true, orderNo: true, status: true, freightQuote: true, freightCurrency: true } as const;

const insertOrderRow = preparedOnce((db) =>
  db
    .insert(orders)
    .values({ ...placeholders(ORDER_VALUES), ...placeholders(OWNER) })
    .returning()
    .prepare('order_insert_one'),
);
const itemInserts = new Map<number, ReturnType<typeof itemInsert>>();
const itemInsert = (count: number) =>
  preparedOnce((db) =>
    db
      .insert(orderItems)
      .values(Array.from({ length: count }, (_, line) => ({ ...placeholders(ITEM_VALUES, String(line)), tenantId: sql.placeholder('tenantId'), orderId: sql.placeholder('orderId') })))
      .returning()
      .prepare(`order_items_insert_${count}`),
  );
const itemsInsert = (count: number) => {
  let statement = itemInserts.get(count);
  if (!statement) itemInserts.set(count, (statement = itemInsert(count)));
  return statement;
};

async function insertOneOrder(tx: Db, owner: { tenantId: number; userId: number }, { prepared, quote }: { prepared: PreparedOrder; quote: Price | null }, orderNo: string): Promise<InsertedOrder> {
  const values = { ...prepared.order, ...quoteColumns(quote), tenantId: owner.tenantId, createdBy: owner.userId, orderNo, status: 'CREATED' as const };
  const [row] = await insertOrderRow(tx).execute(values);
  if (!row) throw new Error('the order was not inserted');
  const itemValues: Record<string, unknown> = { tenantId: owner.tenantId, orderId: row.id };
  prepared.items.forEach((item, line) => {
    for (const [key, value] of Object.entries(item)) itemValues[key + String(line)] = value;
  });
  const items = prepared.items.length === 0 ? [] : await itemsInsert(prepared.items.length)(tx).execute(itemValues);
  return { id: row.id, orderNo: row.orderNo, row, items: items.sort((a, b) => a.lineNo - b.lineNo) };
}

/**
 * Replaces the data of the order while it is still CREATED (a warehouse scan may have moved it since
 * it was read); false when it no longer is, and nothing changed.
 */
export async function updateIfCreated(tx: Db, target: { id: number; tenantId: number }, prepared: PreparedOrder, quote: Price | null): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ ...prepared.order, ...quoteColumns(quote), updatedAt: sql`now()` })
    .where(and(eq(orders.id, target.id), eq(orders.tenantId, target.tenantId), eq(orders.status, 'CREATED')))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** The order's products replaced by these. */
export async function replaceItems(tx: Db, target: { id: number; tenantId: number }, prepared: PreparedOrder): Promise<void> {
  await tx.delete(orderItems).where(and(eq(orderItems.tenantId, target.tenantId), eq(orderItems.orderId, target.id)));
  await tx.insert(orderItems).values(prepared.items.map((item) => ({ ...item, tenantId: target.tenantId, orderId: target.id })));
}

/** What the warehouse's scale found and what it costs: weight (g), sides (mm), chargeable weight (g) and freight. */
export type ReceivedCharge = {
  measure: { weight: number; length: number; width: number; height: number };
  chargeableWeight: number;
  freightCharge: bigint | null;
  freightCurrency: CurrencyCode | null;
};

/** The order's measure, chargeable weight and freight. */
export async function chargeOrder(tx: Db, id: number, charge: ReceivedCharge): Promise<void> {
  const { measure } = charge;
  await tx
    .update(orders)
    .set({
      actualWeight: measure.weight,
      length: measure.length,
      width: measure.width,
      height: measure.height,
      chargeableWeight: charge.chargeableWeight,
      freightCharge: charge.freightCharge,
      freightCurrency: charge.freightCurrency,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id));
}

/** The order leaves with this waybill. */
export async function setWaybill(tx: Db, orderId: number, waybillNo: string): Promise<void> {
  await tx.update(orders).set({ waybillNo, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}
