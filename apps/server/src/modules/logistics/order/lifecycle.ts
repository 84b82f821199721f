import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Language, Texts } from '@portal/shared/languages';
import { canTransition, type OrderStatus, type TrackingSource } from '@portal/shared/logistics';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../../db/client.ts';
import { orders, trackingEvents } from '../../../db/schema/logistics.ts';
import { conflict } from '../../../lib/errors.ts';
import { moveRefused } from '../../../lib/status-move.ts';
import { statusEventText } from './model.ts';
import { emitOrderMoved, emitOrdersCreated, emitTrackingEvent, type OrderNumbers } from '../../../lib/push-events.ts';
import { must } from '../../../lib/must.ts';
import { preparedOnce } from '../../../lib/prepared.ts';
import type { Price } from '../../freight/service.ts';
import type { PreparedOrder } from './model.ts';
import { INSERT_CHUNK, insertOrders, type InsertedOrder } from './repository.ts';

/**
 * The one way an order's status changes (docs/logistics-lifecycle.md): the move is checked against
 * ORDER_TRANSITIONS, made only if the order still has the status the caller saw (so two warehouse
 * scans cannot both move it), stamps statusUpdatedAt, and is recorded as a tracking event.
 */

export type EventDetails = {
  occurredAt?: Date;
  location?: string;
  /** our own words in three languages; the status's default text when absent */
  description?: Partial<Texts>;
  /** a carrier's own text, shown as it is */
  rawText?: string;
  carrierCode?: string;
  source: TrackingSource;
  createdBy?: number | null;
};

const THE_ORDER: Texts = { 'zh-TW': '訂單', 'zh-CN': '订单', 'en-US': 'The order' };

/** The refusal of spec'd moves: 409 naming both statuses in the caller's language, or that the order already has the one asked. */
export const transitionRefused = (from: OrderStatus, to: OrderStatus) => moveRefused('orderTransitionRefused', THE_ORDER, ORDER_STATUS_TEXTS[from], ORDER_STATUS_TEXTS[to]);

function descriptions(status: OrderStatus | null, details: EventDetails) {
  const fallback: Partial<Texts> = status && !details.rawText ? statusEventText(status) : {};
  const pick = (language: Language) => details.description?.[language] || fallback[language] || null;
  return { descriptionZhTw: pick('zh-TW'), descriptionZhCn: pick('zh-CN'), descriptionEnUs: pick('en-US') };
}

/**
 * What a higher domain does when an order moves, in the move's transaction (purchasing frees or ships the
 * stock an order was made from). Listeners are registered by the app as it starts: this domain imports none.
 */
export type OrderMoveListener = (tx: Db, order: { id: number; tenantId: number }, to: OrderStatus) => Promise<void>;
const moveListeners = new Set<OrderMoveListener>();

/** Registers a listener of every order's moves; the same listener twice is one. */
export function listenToOrderMoves(listener: OrderMoveListener): void {
  moveListeners.add(listener);
}

/** A new order as its transaction holds it: its row, its products and its CREATED event (a create answers from them). */
export type CreatedOrderRows = InsertedOrder & { event: typeof trackingEvents.$inferSelect };

/** An order's CREATED event, as its row is written (the values, or the placeholders of the prepared statement). */
const createdEvent = (tenantId: number | Placeholder, orderId: number | Placeholder, createdBy: number | Placeholder) => {
  const texts = statusEventText('CREATED');
  return {
    tenantId,
    orderId,
    occurredAt: sql`now()`,
    status: 'CREATED' as const,
    fromStatus: null,
    descriptionZhTw: texts['zh-TW'],
    descriptionZhCn: texts['zh-CN'],
    descriptionEnUs: texts['en-US'],
    source: 'MANUAL' as const,
    createdBy,
  };
};

// one new order is the hot case (a form's, the open API's): its event is a statement prepared once
const insertCreatedEvent = preparedOnce((db) =>
  db
    .insert(trackingEvents)
    .values(createdEvent(sql.placeholder('tenantId'), sql.placeholder('orderId'), sql.placeholder('userId')))
    .returning()
    .prepare('order_created_event'),
);

/**
 * New orders (status CREATED) with their products, in the caller's transaction, and their birth recorded as
 * every later move is: a CREATED tracking event each and the merchants' push. Answers their ids and numbers
 * in the order given.
 */
export async function createOrders(
  tx: Db,
  owner: { tenantId: number; userId: number },
  entries: { prepared: PreparedOrder; quote: Price | null }[],
): Promise<CreatedOrderRows[]> {
  const inserted = await insertOrders(tx, owner, entries);
  const texts = statusEventText('CREATED');
  const eventOf = new Map<number, typeof trackingEvents.$inferSelect>();
  const [first] = inserted;
  if (first && inserted.length === 1) {
    for (const event of await insertCreatedEvent(tx).execute({ tenantId: owner.tenantId, orderId: first.id, userId: owner.userId })) eventOf.set(event.orderId, event);
  } else {
    const events = inserted.map((order) => createdEvent(owner.tenantId, order.id, owner.userId));
    for (let start = 0; start < events.length; start += INSERT_CHUNK) {
      for (const event of await tx.insert(trackingEvents).values(events.slice(start, start + INSERT_CHUNK)).returning()) eventOf.set(event.orderId, event);
    }
  }
  const created = inserted.map((order) => ({ ...order, event: must(eventOf.get(order.id), 'CREATED event') }));
  const event = { status: 'CREATED', carrierCode: null, location: '', rawText: null, descriptionZhTw: texts['zh-TW'], descriptionZhCn: texts['zh-CN'], descriptionEnUs: texts['en-US'], occurredAt: new Date() } as const;
  await emitOrdersCreated(
    tx,
    owner.tenantId,
    created.map((order, index) => ({
      orderNo: order.orderNo,
      merchantOrderNo: must(entries[index], 'created order').prepared.order.merchantOrderNo,
      waybillNo: null,
      event,
    })),
  );
  return created;
}

/**
 * Moves one order from `from` to `to` (inside the caller's transaction) and records the event.
 * Throws 409 if the move is not in the lifecycle, or if the order no longer has status `from`.
 */
export async function moveOrder(tx: Db, order: { id: number; tenantId: number; status: OrderStatus }, to: OrderStatus, details: EventDetails): Promise<void> {
  if (!canTransition(order.status, to)) throw transitionRefused(order.status, to);
  const occurredAt = details.occurredAt ?? new Date();
  const moved = await tx
    .update(orders)
    .set({ status: to, statusUpdatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ orderNo: orders.orderNo, merchantOrderNo: orders.merchantOrderNo, waybillNo: orders.waybillNo });
  const [numbers] = moved;
  if (!numbers) throw conflict('orderChangedMeanwhile');
  const event = {
    tenantId: order.tenantId,
    orderId: order.id,
    occurredAt,
    status: to,
    fromStatus: order.status,
    carrierCode: details.carrierCode ?? null,
    location: details.location ?? '',
    rawText: details.rawText ?? null,
    source: details.source,
    createdBy: details.createdBy ?? null,
    ...descriptions(to, details),
  };
  await tx.insert(trackingEvents).values(event);
  // the merchant's systems are told in this transaction: a refused move tells nothing
  await emitOrderMoved(tx, order.tenantId, numbers, order.status, event);
  // every move passes here, whichever screen or job makes it: the domains above hear it here
  for (const listener of moveListeners) await listener(tx, order, to);
}

/** An event that moves nothing: a carrier's scan on the way, a note from the warehouse. */
export async function recordEvent(tx: Db, order: { id: number; tenantId: number } & OrderNumbers, details: EventDetails): Promise<void> {
  const event = {
    tenantId: order.tenantId,
    orderId: order.id,
    occurredAt: details.occurredAt ?? new Date(),
    status: null,
    fromStatus: null,
    carrierCode: details.carrierCode ?? null,
    location: details.location ?? '',
    rawText: details.rawText ?? null,
    source: details.source,
    createdBy: details.createdBy ?? null,
    ...descriptions(null, details),
  };
  await tx.insert(trackingEvents).values(event);
  await emitTrackingEvent(tx, order.tenantId, order, event);
}
