import type { z } from 'zod';
import type { Language } from '@portal/shared/languages';
import { QUEUE_ACTION_TEXTS, QUEUE_STATUS_TEXTS, purchasingExportTexts } from '@portal/shared/messages-purchasing';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { QueueDetail, queueCancelInput, queueSplitInput } from '@portal/shared/purchasing-schemas';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound, type AppError } from '../../../lib/errors.ts';
import { must } from '../../../lib/must.ts';
import { assertExportSize, keysetBatches, timeFormatter, type ExportColumn } from '../../../lib/xlsx.ts';
import { userNames } from '../../finance/repository.ts';
import { moveOrder } from '../purchase-order/lifecycle.ts';
import { purchaseOrdersOf } from '../purchase-order/repository.ts';
import { cancelUnpaidTopUps, markSettled, returnEverything } from '../purchase-order/settlement.ts';
import { defaultSplit, planSplit } from './model.ts';
import { emitPurchaseStatus } from '../../../lib/push-events.ts';
import { countQueue, insertPurchaseOrder, lineRecord, linesOf, lockOrdersOf, lockPreOrder, queueExportBatch, queueRecord, updatePreOrder, type QueueFilters } from './repository.ts';

/*
 * The purchasers' queue (docs/purchasing.md): paid pre-orders of every tenant, taken by one purchaser,
 * split into purchase orders, or cancelled with everything paid returned to the wallet.
 */

type Key = { tenantId: number; id: number };
type PreOrderRow = NonNullable<Awaited<ReturnType<typeof lockPreOrder>>>;

/** The pre-order, with its lines and purchase orders; 404 unless a purchaser may see it. */
export async function queueDetail(db: Db, key: Key): Promise<QueueDetail> {
  const record = await queueRecord(db, key.tenantId, key.id);
  if (!record) throw notFound();
  const lines = await linesOf(db, key.tenantId, key.id);
  return { ...record, lines: lines.map(lineRecord), purchaseOrders: await purchaseOrdersOf(db, key.tenantId, key.id) };
}

const notInStatus = (preOrder: PreOrderRow, action: keyof typeof QUEUE_ACTION_TEXTS): AppError =>
  conflict('purchasingPreOrderNotInStatus', { preOrderNo: preOrder.preOrderNo, status: QUEUE_STATUS_TEXTS[preOrder.status], action: QUEUE_ACTION_TEXTS[action] });

/** The pre-order locked, if the purchasers may see it (paid at least once); 404 otherwise. */
async function lockQueued(tx: Db, key: Key): Promise<PreOrderRow> {
  const preOrder = await lockPreOrder(tx, key.tenantId, key.id);
  if (!preOrder || preOrder.status === 'DRAFT' || preOrder.status === 'SUBMITTED') throw notFound();
  return preOrder;
}

async function heldByOther(tx: Db, preOrder: PreOrderRow): Promise<AppError> {
  const names = await userNames(tx, [preOrder.purchaserId]);
  return conflict('purchasingHeldByOther', { preOrderNo: preOrder.preOrderNo, purchaser: names.get(must(preOrder.purchaserId, 'purchaser')) ?? '' });
}

/** PAID → PURCHASING with the caller as its purchaser; taking it again is a no-op, one another purchaser holds 409. */
export async function takePreOrder(db: Db, key: Key, userId: number): Promise<QueueDetail> {
  return db.transaction(async (tx) => {
    const preOrder = await lockQueued(tx, key);
    if (preOrder.status === 'PURCHASING') {
      if (preOrder.purchaserId !== userId) throw await heldByOther(tx, preOrder);
    } else if (preOrder.status === 'PAID') {
      await updatePreOrder(tx, key.tenantId, key.id, { status: 'PURCHASING', purchaserId: userId });
    } else {
      throw notInStatus(preOrder, 'take');
    }
    return queueDetail(tx, key);
  });
}

/** The caller's PURCHASING pre-order becomes its purchase orders (one per seller unless told otherwise), once. */
export async function splitPreOrder(db: Db, body: z.infer<typeof queueSplitInput>, userId: number): Promise<QueueDetail> {
  return db.transaction(async (tx) => {
    const preOrder = await lockQueued(tx, body);
    if (preOrder.status !== 'PURCHASING') throw notInStatus(preOrder, 'split');
    if (preOrder.purchaserId !== userId) throw await heldByOther(tx, preOrder);
    if ((await lockOrdersOf(tx, body.tenantId, body.id)).length > 0) throw conflict('purchasingAlreadySplit', { preOrderNo: preOrder.preOrderNo });
    const lines = await linesOf(tx, body.tenantId, body.id);
    const plan = planSplit(lines, preOrder.expressFee, body.orders ? body.orders.map((order) => order.lines) : defaultSplit(lines));
    if (!Array.isArray(plan)) throw badRequest(plan.key, plan.params);
    for (const order of plan) {
      const { purchaseNo } = await insertPurchaseOrder(tx, preOrder, order, userId);
      await emitPurchaseStatus(tx, { tenantId: preOrder.tenantId, purchaseNo }, null, 'PLACING');
    }
    return queueDetail(tx, body);
  });
}

/** Bought (or refunded by the seller) already: the pre-order can no longer be cancelled as a whole. */
const BOUGHT: readonly PurchaseOrderStatus[] = ['PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'REFUNDED'];

/**
 * The platform cancels a paid pre-order while nothing of it is bought: its open purchase orders become
 * CANCELLED, unpaid top-ups lapse, and everything its charges still hold returns to the wallet.
 */
export async function cancelPreOrder(db: Db, body: z.infer<typeof queueCancelInput>, userId: number): Promise<QueueDetail> {
  return db.transaction(async (tx) => {
    const preOrder = await lockQueued(tx, body);
    if (preOrder.status !== 'PAID' && preOrder.status !== 'PURCHASING') throw notInStatus(preOrder, 'cancel');
    const orders = await lockOrdersOf(tx, body.tenantId, body.id);
    const bought = orders.find((order) => BOUGHT.includes(order.status));
    if (bought) throw conflict('purchasingCancelPurchased', { purchaseNo: bought.purchaseNo });
    for (const order of orders) {
      if (order.status !== 'PLACING' && order.status !== 'AWAITING_CONFIRMATION') continue;
      const moved = await moveOrder(tx, order, 'CANCELLED', { remark: body.reason });
      await markSettled(tx, moved);
    }
    await cancelUnpaidTopUps(tx, body.tenantId, { preOrderId: body.id });
    await returnEverything(tx, { tenantId: body.tenantId, preOrderId: body.id, purchaseNo: preOrder.preOrderNo }, body.reason, { userId });
    await updatePreOrder(tx, body.tenantId, body.id, { status: 'CANCELLED', cancelReason: body.reason });
    return queueDetail(tx, body);
  });
}

/** The queue as a spreadsheet in `lang`, newest first. */
export async function queueExport(db: Db, filters: QueueFilters, lang: Language, timeZone: string) {
  assertExportSize(await countQueue(db, filters));
  const texts = purchasingExportTexts;
  const time = timeFormatter(timeZone);
  type Row = Awaited<ReturnType<typeof queueExportBatch>>[number];
  const columns: ExportColumn<Row>[] = [
    { header: texts.tenantName[lang], width: 20, value: (row) => row.tenantName },
    { header: texts.preOrderNo[lang], width: 22, value: (row) => row.preOrderNo },
    { header: texts.platform[lang], width: 10, value: (row) => row.platform },
    { header: texts.status[lang], width: 12, value: (row) => QUEUE_STATUS_TEXTS[row.status][lang] },
    { header: texts.totalAmount[lang], width: 14, numFmt: '#,##0.00', value: (row) => Number(row.totalAmount) },
    { header: texts.purchaseCurrency[lang], width: 10, value: (row) => row.currency },
    { header: texts.createdAt[lang], width: 20, value: (row) => time(new Date(row.createdAt)) },
  ];
  return { title: texts.queueTitle[lang], asciiTitle: 'purchase-queue', timeZone, columns, batches: keysetBatches((after, limit) => queueExportBatch(db, filters, after, limit)) };
}
