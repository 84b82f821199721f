import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '@portal/shared/languages';
import { PURCHASE_ORDER_STATUS_TEXTS, purchasingExportTexts } from '@portal/shared/messages-purchasing';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { orderCancelInput, orderConfirmInput, orderShipInput, PurchaseOrderRecord, ReconcileResult } from '@portal/shared/purchasing-schemas';
import type { Db } from '../../../db/client.ts';
import { purchaseOrders } from '../../../db/schema/purchase.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import type { JobQueue } from '../../../lib/jobs.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { minorOf } from '../../finance/money.ts';
import type { PurchasePlatforms } from '../platform/registry.ts';
import { PlatformError, type PlatformOrder } from '../platform/types.ts';
import { purchaseOrderColumns } from './export.ts';
import { assertMove, cancelUnbought, lockPurchaseOrder, markPurchased, markRefunded, moveOrder, type LockedPurchaseOrder } from './lifecycle.ts';
import { warehouseAddress } from './model.ts';
import { awaitingConfirmation, countPurchaseOrders, orderHead, placeLines, purchaseOrderExportBatch, purchaseOrderRecord, type PurchaseOrderFilters } from './repository.ts';
import type { Settler } from './settlement.ts';

/*
 * Purchase orders (docs/purchasing.md): placing at the platform, the purchaser's confirmation, the
 * seller's shipment, cancellations and refunds, and the reconciliation pass. Every move happens in one
 * transaction with the money it moves, under the locks of lifecycle.ts; a call to the platform is made
 * outside any transaction, and its answer applied afterwards to the order as it then is.
 */

type Key = { tenantId: number; id: number };

/** The record after a change; the row exists (it was just locked). */
const recordOf = async (tx: Db, tenantId: number, id: number): Promise<PurchaseOrderRecord> => must(await purchaseOrderRecord(tx, tenantId, id), 'purchase order');

/** A platform's refusal as the caller reads it: throttled or unreachable 503, refused 409; a timeout is not an error here. */
function platformFailure(error: PlatformError, purchaseNo: string): AppError {
  switch (error.kind) {
    case 'throttled':
      return new AppError(503, 'purchasingPlatformThrottled');
    case 'unauthorized':
      return new AppError(503, 'purchasingPlatformUnauthorized');
    case 'unavailable':
    case 'timeout':
      return new AppError(503, 'purchasingPlatformUnavailable', { message: error.message.slice(0, 200) });
    default:
      return conflict('purchasingPlatformRefused', { purchaseNo, message: error.message.slice(0, 200) });
  }
}

const purchasedOf = (answer: PlatformOrder) => ({
  externalPurchaseNo: answer.externalPurchaseNo,
  platformOrderId: answer.platformOrderId,
  domesticExpressFee: answer.domesticExpressFee ?? 0n,
  actualPaymentAmount: must(answer.actualPaymentAmount, 'confirmed amount'),
});

/**
 * Places a PLACING order at its platform (the warehouse's address, our purchase number as the outer id):
 * CONFIRMED → PURCHASED and settled; WAIT_CONFIRM or a timeout → AWAITING_CONFIRMATION (never a refund);
 * another platform error changes nothing.
 */
export async function placeOrder(db: Db, platforms: PurchasePlatforms, key: Key, userId: number): Promise<PurchaseOrderRecord> {
  const head = await orderHead(db, key.tenantId, key.id);
  if (!head) throw notFound();
  assertMove(head, 'AWAITING_CONFIRMATION');
  const lines = await placeLines(db, key.tenantId, key.id);
  let answer: PlatformOrder | null = null;
  try {
    answer = await platforms.get(head.platform).placeOrder({ purchaseNo: head.purchaseNo, sellerId: head.sellerId, lines, address: warehouseAddress(head.warehouseCode) });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind !== 'timeout') throw platformFailure(error, head.purchaseNo);
  }
  return db.transaction(async (tx) => {
    const { order } = await lockPurchaseOrder(tx, key.tenantId, key.id);
    const by = { purchaserId: userId, placedAt: sql`now()` };
    if (answer?.state === 'CONFIRMED') {
      assertMove(order, 'PURCHASED');
      await tx.update(purchaseOrders).set(by).where(and(eq(purchaseOrders.tenantId, key.tenantId), eq(purchaseOrders.id, key.id)));
      await markPurchased(tx, order, purchasedOf(answer), { userId });
    } else if (answer?.state === 'CLOSED') {
      throw conflict('purchasingPlatformRefused', { purchaseNo: order.purchaseNo, message: 'CLOSED' });
    } else {
      await moveOrder(tx, order, 'AWAITING_CONFIRMATION', { ...by, externalPurchaseNo: answer?.externalPurchaseNo ?? '', platformOrderId: answer?.platformOrderId ?? '' });
    }
    return recordOf(tx, key.tenantId, key.id);
  });
}

/** The purchaser bought it by hand, or read the platform's confirmation: → PURCHASED with the amounts given, settled. */
export async function confirmOrder(db: Db, body: z.infer<typeof orderConfirmInput>, userId: number): Promise<PurchaseOrderRecord> {
  const domesticExpressFee = minorOf('domesticExpressFee', body.domesticExpressFee, 'CNY');
  const actualPaymentAmount = minorOf('actualPaymentAmount', body.actualPaymentAmount, 'CNY');
  return db.transaction(async (tx) => {
    const { order } = await lockPurchaseOrder(tx, body.tenantId, body.id);
    await markPurchased(tx, order, { externalPurchaseNo: body.externalPurchaseNo, platformOrderId: body.platformOrderId, domesticExpressFee, actualPaymentAmount }, { userId });
    return recordOf(tx, body.tenantId, body.id);
  });
}

/** The seller shipped: its domestic express, by which the warehouse receives the goods. */
export async function shipOrder(db: Db, body: z.infer<typeof orderShipInput>): Promise<PurchaseOrderRecord> {
  return db.transaction(async (tx) => {
    const { order } = await lockPurchaseOrder(tx, body.tenantId, body.id);
    await moveOrder(tx, order, 'SELLER_SHIPPED', { expressCompany: body.expressCompany, expressNo: body.expressNo.toUpperCase(), shippedAt: sql`now()` });
    return recordOf(tx, body.tenantId, body.id);
  });
}

/**
 * Not bought (PLACING, AWAITING_CONFIRMATION): CANCELLED or OUT_OF_STOCK, the estimate and the fee's
 * share back; bought (PURCHASED, SELLER_SHIPPED): REFUNDED, the actual payment back. Else 409.
 */
export async function cancelOrder(db: Db, body: z.infer<typeof orderCancelInput>, userId: number): Promise<PurchaseOrderRecord> {
  return db.transaction(async (tx) => {
    const { order, preOrder } = await lockPurchaseOrder(tx, body.tenantId, body.id);
    await cancelLocked(tx, preOrder, order, body.outOfStock, body.reason, { userId });
    return recordOf(tx, body.tenantId, body.id);
  });
}

async function cancelLocked(tx: Db, preOrder: Awaited<ReturnType<typeof lockPurchaseOrder>>['preOrder'], order: LockedPurchaseOrder, outOfStock: boolean, reason: string, by: Settler) {
  if (order.status === 'PURCHASED' || order.status === 'SELLER_SHIPPED') return markRefunded(tx, order, reason, by);
  return cancelUnbought(tx, preOrder, order, outOfStock ? 'OUT_OF_STOCK' : 'CANCELLED', reason, by);
}

// ------------------------------------------------------------------ reconciliation

/** The reconciliation's job on the queue (decision 0019): every 10 minutes. */
export const PURCHASE_RECONCILE_JOB = 'purchase-reconcile';
export const PURCHASE_RECONCILE_CRON = '*/10 * * * *';
const RECONCILE_BATCH = 200;

type Outcome = 'purchased' | 'cancelled' | 'waiting' | 'failed';

/** Asks the platform about one order and applies the answer to the order as it is now (a confirmation that came meanwhile wins). */
async function reconcileOne(db: Db, platforms: PurchasePlatforms, order: { tenantId: number; id: number; platform: PurchasePlatform; purchaseNo: string }, by: Settler): Promise<Outcome> {
  let answer: PlatformOrder | null;
  try {
    answer = await platforms.get(order.platform).findOrder(order.purchaseNo);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    answer = null;
    await db.update(purchaseOrders).set({ reconciledAt: sql`now()` }).where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.id, order.id)));
    return 'failed';
  }
  return db.transaction(async (tx) => {
    const { order: locked, preOrder } = await lockPurchaseOrder(tx, order.tenantId, order.id);
    if (locked.status !== 'AWAITING_CONFIRMATION') return 'waiting';
    if (answer?.state === 'CONFIRMED' && answer.actualPaymentAmount !== null) {
      await markPurchased(tx, locked, purchasedOf(answer), by);
      return 'purchased';
    }
    if (answer?.state === 'CLOSED') {
      await cancelUnbought(tx, preOrder, locked, 'CANCELLED', 'closed at the platform', by);
      return 'cancelled';
    }
    await tx
      .update(purchaseOrders)
      .set({ reconciledAt: sql`now()`, ...(answer ? { externalPurchaseNo: answer.externalPurchaseNo, platformOrderId: answer.platformOrderId } : {}) })
      .where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.id, order.id)));
    return 'waiting';
  });
}

/** One pass over the orders awaiting confirmation (oldest asked first). */
export async function reconcile(db: Db, platforms: PurchasePlatforms, by: Settler): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, purchased: 0, cancelled: 0, waiting: 0, failed: 0 };
  for (const order of await awaitingConfirmation(db, RECONCILE_BATCH)) {
    result.checked += 1;
    result[await reconcileOne(db, platforms, order, by)] += 1;
  }
  return result;
}

export function registerPurchaseReconciliation(jobs: JobQueue, db: Db, platforms: PurchasePlatforms, log: (result: ReconcileResult) => void): void {
  jobs.register(
    PURCHASE_RECONCILE_JOB,
    async () => {
      log(await reconcile(db, platforms, { userId: null }));
    },
    { cron: PURCHASE_RECONCILE_CRON, retryLimit: 1 },
  );
}

// ------------------------------------------------------------------ the merchant's side

/** The merchant's own purchase order of this platform; 404 otherwise. */
async function merchantHead(db: Db, tenantId: number, platform: PurchasePlatform, id: number) {
  const head = await orderHead(db, tenantId, id);
  if (!head || head.platform !== platform) throw notFound();
  return head;
}

export async function merchantRecord(db: Db, tenantId: number, platform: PurchasePlatform, id: number): Promise<PurchaseOrderRecord> {
  await merchantHead(db, tenantId, platform, id);
  return recordOf(db, tenantId, id);
}

/** Asks the platform now about the merchant's order, as the reconciliation would. */
export async function syncOrder(db: Db, platforms: PurchasePlatforms, tenantId: number, platform: PurchasePlatform, id: number, userId: number): Promise<PurchaseOrderRecord> {
  const head = await merchantHead(db, tenantId, platform, id);
  if (head.status === 'AWAITING_CONFIRMATION') await reconcileOne(db, platforms, { tenantId, id, platform, purchaseNo: head.purchaseNo }, { userId });
  return recordOf(db, tenantId, id);
}

/** The merchant cancels an order the purchaser has not placed yet (PLACING only): the estimate and the fee's share back. */
export async function merchantCancel(db: Db, tenantId: number, platform: PurchasePlatform, id: number, userId: number): Promise<PurchaseOrderRecord> {
  await merchantHead(db, tenantId, platform, id);
  return db.transaction(async (tx) => {
    const { order, preOrder } = await lockPurchaseOrder(tx, tenantId, id);
    if (order.status !== 'PLACING') throw conflict('purchasingMerchantCancelPlacing', { purchaseNo: order.purchaseNo });
    await cancelUnbought(tx, preOrder, order, 'CANCELLED', 'cancelled by the merchant', { userId });
    return recordOf(tx, tenantId, id);
  });
}

// ------------------------------------------------------------------ export

export async function purchaseOrderExport(db: Db, filters: PurchaseOrderFilters, withTenant: boolean, lang: Language, timeZone: string) {
  assertExportSize(await countPurchaseOrders(db, filters));
  return {
    title: purchasingExportTexts.title[lang],
    asciiTitle: 'purchase-orders',
    timeZone,
    columns: purchaseOrderColumns(lang, timeZone, withTenant, (status) => PURCHASE_ORDER_STATUS_TEXTS[status][lang]),
    batches: keysetBatches((after, limit) => purchaseOrderExportBatch(db, filters, after, limit)),
  };
}
