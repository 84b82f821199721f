import { and, eq, sql } from 'drizzle-orm';
import type { Language, Texts } from '@portal/shared/languages';
import { canTransition, type OrderStatus, type TrackingSource } from '@portal/shared/logistics';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import type { Db } from '../../db/client.ts';
import { orders, trackingEvents } from '../../db/schema/logistics.ts';
import { conflict } from '../../lib/errors.ts';

/**
 * The one way an order's status changes (docs/logistics-lifecycle.md): the move is checked against
 * ORDER_TRANSITIONS, made only if the order still has the status the caller saw (so two warehouse
 * scans cannot both move it), stamps statusUpdatedAt, and is recorded as a tracking event.
 */

/** What our own events say when the caller gives no description. */
const STATUS_EVENT_TEXTS: Record<OrderStatus, Texts> = {
  CREATED: { 'zh-TW': '訂單已建立', 'zh-CN': '订单已创建', 'en-US': 'Order created' },
  WAIT_COLLECT: { 'zh-TW': '貨物已備妥，等待收件', 'zh-CN': '货物已备妥，等待揽收', 'en-US': 'Goods ready, awaiting collection' },
  WHIN: { 'zh-TW': '包裹已入庫', 'zh-CN': '包裹已入库', 'en-US': 'Parcel received at the warehouse' },
  WHOUT: { 'zh-TW': '包裹已出庫', 'zh-CN': '包裹已出库', 'en-US': 'Parcel left the warehouse' },
  CROSS_BORDER: { 'zh-TW': '跨境運輸中', 'zh-CN': '跨境运输中', 'en-US': 'In cross-border transit' },
  OVERSEA_WH: { 'zh-TW': '已到達海外倉', 'zh-CN': '已到达海外仓', 'en-US': 'Arrived at the overseas warehouse' },
  END_DELIVERY: { 'zh-TW': '末端配送中', 'zh-CN': '末端派送中', 'en-US': 'Out for delivery' },
  DONE: { 'zh-TW': '已簽收', 'zh-CN': '已签收', 'en-US': 'Delivered' },
  CANCEL: { 'zh-TW': '訂單已取消', 'zh-CN': '订单已取消', 'en-US': 'Order cancelled' },
  RETURN: { 'zh-TW': '包裹退回中', 'zh-CN': '包裹退回中', 'en-US': 'Parcel being returned' },
  LOST: { 'zh-TW': '包裹遺失', 'zh-CN': '包裹丢失', 'en-US': 'Parcel lost' },
};

export const statusEventText = (status: OrderStatus): Texts => STATUS_EVENT_TEXTS[status];

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

/** The refusal of spec'd moves: 409 naming both statuses in the caller's language. */
export const transitionRefused = (from: OrderStatus, to: OrderStatus) => conflict('orderTransitionRefused', { from: ORDER_STATUS_TEXTS[from], to: ORDER_STATUS_TEXTS[to] });

function descriptions(status: OrderStatus | null, details: EventDetails) {
  const fallback: Partial<Texts> = status && !details.rawText ? STATUS_EVENT_TEXTS[status] : {};
  const pick = (language: Language) => details.description?.[language] || fallback[language] || null;
  return { descriptionZhTw: pick('zh-TW'), descriptionZhCn: pick('zh-CN'), descriptionEnUs: pick('en-US') };
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
    .returning({ id: orders.id });
  if (moved.length === 0) throw conflict('orderChangedMeanwhile');
  await tx.insert(trackingEvents).values({
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
  });
}

/** An event that moves nothing: a carrier's scan on the way, a note from the warehouse. */
export async function recordEvent(tx: Db, order: { id: number; tenantId: number }, details: EventDetails): Promise<void> {
  await tx.insert(trackingEvents).values({
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
  });
}

/** The event's words for a reader of `language`: ours in that language, else the carrier's text. */
export function eventDescription(event: { descriptionZhTw: string | null; descriptionZhCn: string | null; descriptionEnUs: string | null; rawText: string | null }, language: Language): string {
  const ours = { 'zh-TW': event.descriptionZhTw, 'zh-CN': event.descriptionZhCn, 'en-US': event.descriptionEnUs }[language];
  return ours ?? event.rawText ?? event.descriptionZhTw ?? '';
}
