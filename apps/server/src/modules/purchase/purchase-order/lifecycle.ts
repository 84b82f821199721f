import type { Db } from '../../../db/client.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { PURCHASE_ORDER_MOVES, PURCHASE_ORDER_SETTLED, type PurchaseOrderStatus } from '@portal/shared/purchase';
import { PURCHASE_ORDER_STATUS_TEXTS } from '@portal/shared/messages-purchasing';
import { preOrders, purchaseOrders } from '../../../db/schema/purchase.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { emitPurchaseStatus } from '../../../lib/push-events.ts';
import { cancelUnpaidTopUps, estimateOf, markSettled, returnEverything, returnToWallet, settlePurchase, type Settler } from './settlement.ts';
import { rawRows } from '../../../lib/raw-rows.ts';

/*
 * The purchase order's state machine (docs/purchasing.md): the one function that performs a move, under
 * the row locks (the pre-order first, then its purchase order: every path takes them in that order, so
 * two moves of one pre-order never wait on each other in a cycle), and the moves that carry money.
 */

export type LockedPurchaseOrder = typeof purchaseOrders.$inferSelect;
type PreOrderRow = typeof preOrders.$inferSelect;

/** The tenant's purchase order and its pre-order, both locked (the pre-order first); 404 when missing. */
export async function lockPurchaseOrder(tx: Db, tenantId: number, id: number): Promise<{ order: LockedPurchaseOrder; preOrder: PreOrderRow }> {
  const [head] = await tx
    .select({ preOrderId: purchaseOrders.preOrderId })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)));
  if (!head) throw notFound();
  const [preOrder] = await tx
    .select()
    .from(preOrders)
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, head.preOrderId)))
    .for('update');
  const [order] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)))
    .for('update');
  if (!order || !preOrder) throw notFound();
  return { order, preOrder };
}

/** 409 naming both states unless the order may move to `target`. */
export function assertMove(order: Pick<LockedPurchaseOrder, 'purchaseNo' | 'status'>, target: PurchaseOrderStatus): void {
  if (!PURCHASE_ORDER_MOVES[order.status].includes(target)) {
    throw conflict('purchasingMoveRefused', { purchaseNo: order.purchaseNo, status: PURCHASE_ORDER_STATUS_TEXTS[order.status], target: PURCHASE_ORDER_STATUS_TEXTS[target] });
  }
}

/** Performs a move the state machine allows, with the columns that come with it. */
export async function moveOrder(tx: Db, order: LockedPurchaseOrder, target: PurchaseOrderStatus, set: PgUpdateSetSource<typeof purchaseOrders> = {}): Promise<LockedPurchaseOrder> {
  assertMove(order, target);
  const [moved] = await tx
    .update(purchaseOrders)
    .set({ ...set, status: target, updatedAt: sql`now()` })
    .where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.id, order.id)))
    .returning();
  if (!moved) throw notFound();
  await emitPurchaseStatus(tx, moved, order.status, target);
  return moved;
}

/** What the platform (or the purchaser) says was bought. */
export type Purchased = { externalPurchaseNo: string; platformOrderId: string; domesticExpressFee: bigint; actualPaymentAmount: bigint };

/** → PURCHASED with the actual cost, settled once; the pre-order closes when it was the last. */
export async function markPurchased(tx: Db, order: LockedPurchaseOrder, purchased: Purchased, by: Settler): Promise<LockedPurchaseOrder> {
  const moved = await moveOrder(tx, order, 'PURCHASED', {
    externalPurchaseNo: purchased.externalPurchaseNo,
    platformOrderId: purchased.platformOrderId,
    domesticExpressFee: purchased.domesticExpressFee,
    actualPaymentAmount: purchased.actualPaymentAmount,
    actualPaymentCurrency: 'CNY',
    confirmedAt: sql`now()`,
    placedAt: order.placedAt ?? sql`now()`,
    purchaserId: order.purchaserId ?? by.userId,
  });
  await settlePurchase(tx, moved, by);
  await closePreOrderIfSettled(tx, moved.tenantId, moved.preOrderId);
  return moved;
}

/**
 * Cancels an order not yet bought (CANCELLED or OUT_OF_STOCK): its estimate and its share of the
 * service fee, floor(fee × purchaseAmount / goods), go back to the wallet; when every purchase order of
 * the pre-order has ended cancelled, the last one returns everything the charges still hold (the rest of
 * the fee with it).
 */
export async function cancelUnbought(tx: Db, preOrder: PreOrderRow, order: LockedPurchaseOrder, target: 'CANCELLED' | 'OUT_OF_STOCK', reason: string, by: Settler): Promise<LockedPurchaseOrder> {
  const moved = await moveOrder(tx, order, target, { remark: reason.slice(0, 500) });
  const siblings = await tx
    .select({ id: purchaseOrders.id, status: purchaseOrders.status, purchaseAmount: purchaseOrders.purchaseAmount })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.preOrderId, order.preOrderId)));
  const cancelledKinds: readonly PurchaseOrderStatus[] = ['CANCELLED', 'OUT_OF_STOCK'];
  if (siblings.every((sibling) => cancelledKinds.includes(sibling.status))) {
    // nothing of the pre-order was bought: what its charges still hold goes back whole, the rest of the
    // fee included, in the currencies paid (no conversion rounding left behind)
    await returnEverything(tx, order, reason || target, by);
  } else {
    const fee = preOrder.goodsAmount > 0n ? (preOrder.serviceFee * order.purchaseAmount) / preOrder.goodsAmount : 0n;
    await returnToWallet(tx, order, estimateOf(order) + fee, reason || target, by);
  }
  await markSettled(tx, moved);
  await closePreOrderIfSettled(tx, order.tenantId, order.preOrderId);
  return moved;
}

/** PURCHASED / SELLER_SHIPPED → REFUNDED: the seller refunded, so what was paid for it returns (less a top-up never paid, which lapses). */
export async function markRefunded(tx: Db, order: LockedPurchaseOrder, reason: string, by: Settler): Promise<LockedPurchaseOrder> {
  const moved = await moveOrder(tx, order, 'REFUNDED', { remark: reason.slice(0, 500) });
  const unpaid = await cancelUnpaidTopUps(tx, order.tenantId, { purchaseOrderId: order.id });
  const actual = order.actualPaymentAmount ?? 0n;
  await returnToWallet(tx, order, actual > unpaid ? actual - unpaid : 0n, reason || 'refunded by the seller', by);
  await closePreOrderIfSettled(tx, order.tenantId, order.preOrderId);
  return moved;
}

/**
 * A PURCHASING pre-order becomes DONE with its actual amount (what its bought orders cost) once every
 * purchase order is settled and every line is covered by purchase orders.
 */
export async function closePreOrderIfSettled(tx: Db, tenantId: number, preOrderId: number): Promise<boolean> {
  const [state] = await rawRows<{ orders: number; unsettled: number; uncovered: number; actual: string }>(
    tx,
    sql`
    select
      (select count(*)::int from pur_order o where o.tenant_id = ${tenantId} and o.pre_order_id = ${preOrderId}) as orders,
      (select count(*)::int from pur_order o where o.tenant_id = ${tenantId} and o.pre_order_id = ${preOrderId}
         and (o.settled_at is null or o.status not in (${sql.join(
           PURCHASE_ORDER_SETTLED.map((status) => sql`${status}`),
           sql`, `,
         )}))) as unsettled,
      (select count(*)::int from pur_pre_order_line l where l.tenant_id = ${tenantId} and l.pre_order_id = ${preOrderId}
         and l.quantity <> coalesce((select sum(ol.quantity) from pur_order_line ol where ol.tenant_id = l.tenant_id and ol.pre_order_line_id = l.id), 0)) as uncovered,
      (select coalesce(sum(o.actual_payment_amount), 0)::text from pur_order o where o.tenant_id = ${tenantId} and o.pre_order_id = ${preOrderId}
         and o.status in ('PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK')) as actual`,
  );
  if (!state || state.orders === 0 || state.unsettled > 0 || state.uncovered > 0) return false;
  const done = await tx
    .update(preOrders)
    .set({ status: 'DONE', actualAmount: BigInt(state.actual), updatedAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, preOrderId), eq(preOrders.status, 'PURCHASING')))
    .returning({ id: preOrders.id });
  return done.length > 0;
}
