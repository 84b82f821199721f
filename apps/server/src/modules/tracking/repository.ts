import { asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { orders, parcels, trackingEvents } from '../../db/schema/logistics.ts';
import { preparedOnce } from '../../lib/prepared.ts';

/*
 * What the public tracking lookup reads: orders by any of their numbers, and their events. Only what
 * the public may see of an order is ever selected: never the merchant, the recipient, goods, weights or money.
 * Each statement is prepared once: the numbers travel as one array parameter, whatever their count.
 */

export type FoundOrder = { id: number; orderNo: string; status: OrderStatus; destinationCountry: string };

const publicColumns = { id: orders.id, orderNo: orders.orderNo, status: orders.status, destinationCountry: orders.destinationCountry };

/** `column = any($name)`: one array parameter, whatever the count of values (an array of `text` or of `bigint`). */
const anyOf = (column: SQL | AnyPgColumn, name: string, type: 'text' | 'bigint') =>
  type === 'text' ? sql`${column} = any(${sql.placeholder(name)}::text[])` : sql`${column} = any(${sql.placeholder(name)}::bigint[])`;

const byOrderNo = preparedOnce((db) => db.select(publicColumns).from(orders).where(anyOf(orders.orderNo, 'numbers', 'text')).prepare('tracking_orders_by_no'));

/** The orders with these order numbers (log_order_no_idx). */
export async function ordersByNo(db: Db, numbers: readonly string[]): Promise<FoundOrder[]> {
  return byOrderNo(db).execute({ numbers: [...numbers] });
}

/**
 * The orders a waybill or parcel tracking number covers, newest first and at most `perNumber` per
 * number (a waybill of a big consolidated ship-out must not crowd out the other numbers), each with the
 * number it matched as `key` (log_order_waybill_idx, log_parcel_tracking_idx).
 */
function firstOrdersStatement(db: Db, kind: 'waybill' | 'parcel') {
  const key = kind === 'waybill' ? sql<string>`${orders.waybillNo}` : sql<string>`${parcels.trackingNo}`;
  const rank = sql<number>`row_number() over (partition by ${key} order by ${orders.createdAt} desc, ${orders.id} desc)`;
  const base = db.select({ ...publicColumns, key: key.as('key'), rank: rank.as('rank') });
  const matched =
    kind === 'waybill'
      ? base.from(orders).where(anyOf(orders.waybillNo, 'numbers', 'text'))
      : base
          .from(parcels)
          .innerJoin(orders, eq(orders.id, parcels.orderId))
          .where(anyOf(parcels.trackingNo, 'numbers', 'text'));
  const ranked = matched.as('ranked');
  return db
    .select({ id: ranked.id, orderNo: ranked.orderNo, status: ranked.status, destinationCountry: ranked.destinationCountry, key: ranked.key })
    .from(ranked)
    .where(lte(ranked.rank, sql.placeholder('perNumber')))
    .prepare(`tracking_first_orders_by_${kind}`);
}
const firstByWaybill = preparedOnce((db) => firstOrdersStatement(db, 'waybill'));
const firstByParcel = preparedOnce((db) => firstOrdersStatement(db, 'parcel'));

export async function firstOrdersOf(db: Db, kind: 'waybill' | 'parcel', numbers: readonly string[], perNumber: number): Promise<(FoundOrder & { key: string })[]> {
  return (kind === 'waybill' ? firstByWaybill : firstByParcel)(db).execute({ numbers: [...numbers], perNumber });
}

const eventsStatement = preparedOnce((db) =>
  db
    .select({
      orderId: trackingEvents.orderId,
      occurredAt: trackingEvents.occurredAt,
      status: trackingEvents.status,
      location: trackingEvents.location,
      descriptionZhTw: trackingEvents.descriptionZhTw,
      descriptionZhCn: trackingEvents.descriptionZhCn,
      descriptionEnUs: trackingEvents.descriptionEnUs,
      rawText: trackingEvents.rawText,
    })
    .from(trackingEvents)
    .where(anyOf(trackingEvents.orderId, 'orderIds', 'bigint'))
    .orderBy(asc(trackingEvents.orderId), desc(trackingEvents.occurredAt), desc(trackingEvents.id))
    .prepare('tracking_events_of_orders'),
);

/** The events of these orders, each order's newest first (log_tracking_event_order_time_idx). */
export async function eventsOfOrders(db: Db, orderIds: readonly number[]) {
  return eventsStatement(db).execute({ orderIds: [...orderIds] });
}
