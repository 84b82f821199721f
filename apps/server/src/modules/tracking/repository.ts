import { asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { orders, parcels, trackingEvents } from '../../db/schema/logistics.ts';

/*
 * What the public tracking lookup reads: orders by any of their numbers, and their events. Only what
 * the public may see of an order is ever selected: never the merchant, the recipient, goods, weights or money.
 */

export type FoundOrder = { id: number; orderNo: string; status: OrderStatus; destinationCountry: string };

const publicColumns = { id: orders.id, orderNo: orders.orderNo, status: orders.status, destinationCountry: orders.destinationCountry };

/** The orders with these order numbers (log_order_no_idx). */
export async function ordersByNo(db: Db, numbers: readonly string[]): Promise<FoundOrder[]> {
  return db.select(publicColumns).from(orders).where(inArray(orders.orderNo, [...numbers]));
}

/**
 * The orders a waybill or parcel tracking number covers, newest first and at most `perNumber` per
 * number (a waybill of a big consolidated ship-out must not crowd out the other numbers), each with the
 * number it matched as `key` (log_order_waybill_idx, log_parcel_tracking_idx).
 */
export async function firstOrdersOf(db: Db, kind: 'waybill' | 'parcel', numbers: readonly string[], perNumber: number): Promise<(FoundOrder & { key: string })[]> {
  const key = kind === 'waybill' ? sql<string>`${orders.waybillNo}` : sql<string>`${parcels.trackingNo}`;
  const rank = sql<number>`row_number() over (partition by ${key} order by ${orders.createdAt} desc, ${orders.id} desc)`;
  const base = db.select({ ...publicColumns, key: key.as('key'), rank: rank.as('rank') });
  const matched =
    kind === 'waybill'
      ? base.from(orders).where(inArray(orders.waybillNo, [...numbers]))
      : base
          .from(parcels)
          .innerJoin(orders, eq(orders.id, parcels.orderId))
          .where(inArray(parcels.trackingNo, [...numbers]));
  const ranked = matched.as('ranked');
  return db
    .select({ id: ranked.id, orderNo: ranked.orderNo, status: ranked.status, destinationCountry: ranked.destinationCountry, key: ranked.key })
    .from(ranked)
    .where(lte(ranked.rank, perNumber));
}

/** The events of these orders, each order's newest first (log_tracking_event_order_time_idx). */
export async function eventsOfOrders(db: Db, orderIds: readonly number[]) {
  return db
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
    .where(inArray(trackingEvents.orderId, [...orderIds]))
    .orderBy(asc(trackingEvents.orderId), desc(trackingEvents.occurredAt), desc(trackingEvents.id));
}
