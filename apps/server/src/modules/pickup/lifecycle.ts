import type { Texts } from '@portal/shared/languages';
import type { OrderStatus, PickupBatchStatus } from '@portal/shared/logistics';
import { PICKUP_BATCH_CANCELLED_TEXT, PICKUP_BATCH_STATUS_TEXTS } from '@portal/shared/messages-pickup';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { moveRefused } from '../../lib/status-move.ts';
import { emitPickupStatus } from '../../lib/push-events.ts';
import { insertBatch, lockLiveBatchOf, moveBatchRow, ordersOfBatch, updateBatch, type BatchDetails, type BatchMoveValues, type BatchRow } from './repository.ts';

/*
 * The pick-up batch's life (docs/logistics-lifecycle.md): the merchant prepares the goods and says so
 * (ready), the platform takes them (take) and confirms them at the warehouse (confirm), one step at a
 * time; only a batch still being prepared can be cancelled, and a cancelled batch moves no more.
 */

export type BatchMove = 'ready' | 'take' | 'confirm';

export const BATCH_MOVES: Readonly<Record<BatchMove, { from: PickupBatchStatus; to: PickupBatchStatus }>> = {
  ready: { from: 'WAIT_PREPARE_GOODS', to: 'WAIT_TAKE_GOODS' },
  take: { from: 'WAIT_TAKE_GOODS', to: 'WAIT_CONFIRM_TAKE' },
  confirm: { from: 'WAIT_CONFIRM_TAKE', to: 'FINISH_TAKE_GOODS' },
};

/** Where a batch may be cancelled, edited (time, contact, address, remark) or scheduled by the platform. */
export const CANCELLABLE_FROM: PickupBatchStatus = 'WAIT_PREPARE_GOODS';
export const EDITABLE_IN: PickupBatchStatus = 'WAIT_PREPARE_GOODS';
export const SCHEDULABLE_IN: PickupBatchStatus = 'WAIT_TAKE_GOODS';

export type BatchState = { status: PickupBatchStatus; cancelled: boolean };

/** A batch's state by name: a cancelled batch keeps its status but reads as cancelled. */
export const batchStateText = (batch: BatchState): Texts => (batch.cancelled ? PICKUP_BATCH_CANCELLED_TEXT : PICKUP_BATCH_STATUS_TEXTS[batch.status]);

const THE_BATCH: Texts = { 'zh-TW': '提貨批次', 'zh-CN': '提货批次', 'en-US': 'The pick-up batch' };

/** 409 naming both states unless `move` is legal from the batch's state. */
export function assertMove(batch: BatchState, move: BatchMove): void {
  const { from, to } = BATCH_MOVES[move];
  if (batch.cancelled || batch.status !== from) throw moveRefused('pickupBatchTransitionRefused', THE_BATCH, batchStateText(batch), PICKUP_BATCH_STATUS_TEXTS[to]);
}

export function assertCancellable(batch: BatchState): void {
  if (batch.cancelled || batch.status !== CANCELLABLE_FROM) throw moveRefused('pickupBatchTransitionRefused', THE_BATCH, batchStateText(batch), PICKUP_BATCH_CANCELLED_TEXT);
}

/** For changes that move nothing (edit, schedule): 409 naming the batch's state and the one needed. */
export function assertIn(batch: BatchState, expected: PickupBatchStatus): void {
  if (batch.cancelled || batch.status !== expected) throw conflict('pickupBatchWrongStatus', { status: batchStateText(batch), expected: PICKUP_BATCH_STATUS_TEXTS[expected] });
}

/**
 * One step of the batch (already checked by assertMove on the locked row); the status condition keeps
 * the update honest should the row ever be changed without the lock.
 */
/** A new batch with its orders, its birth told to the merchant as every later move is; its id. */
export async function createBatch(tx: Db, tenantId: number, values: BatchDetails & { estimatedWeight: number }, orderIds: number[]): Promise<number> {
  const created = await insertBatch(tx, tenantId, values, orderIds);
  await emitPickupStatus(tx, { tenantId, batchNo: created.batchNo }, null, 'WAIT_PREPARE_GOODS');
  return created.id;
}

export async function moveBatch(tx: Db, batch: BatchRow, to: PickupBatchStatus, set: BatchMoveValues): Promise<void> {
  if (!(await moveBatchRow(tx, batch, to, set))) throw conflict('pickupBatchChangedMeanwhile');
  await emitPickupStatus(tx, batch, batch.status, to);
}

/** A batch closed as cancelled (by the merchant, or because nothing is left to collect). */
export async function cancelBatchRow(tx: Db, batch: BatchRow): Promise<void> {
  await updateBatch(tx, batch.id, { cancelled: true });
  await emitPickupStatus(tx, batch, batch.status, 'CANCELLED');
}

/** An order the truck still has to fetch; any later status means its goods are at (or past) the warehouse. */
export const TO_COLLECT: readonly OrderStatus[] = ['CREATED', 'WAIT_COLLECT'];
/** A batch whose goods the truck has not taken yet: its orders may still reach the warehouse without it. */
const UNTAKEN: readonly PickupBatchStatus[] = ['WAIT_PREPARE_GOODS', 'WAIT_TAKE_GOODS'];

/**
 * The batch follows an order received at the warehouse without it (docs/logistics-lifecycle.md): once
 * none of its orders is left to collect before the truck took anything, nobody needs the pick-up and the
 * batch is closed as cancelled (off the platform's pick-up list). Called by warehouse-in in its
 * transaction, after the order's move; the order row is locked before the batch, as in readyBatch.
 */
export async function followReceivedOrder(tx: Db, order: { id: number; tenantId: number }): Promise<void> {
  const batch = await lockLiveBatchOf(tx, order);
  if (!batch || !UNTAKEN.includes(batch.status)) return;
  const members = await ordersOfBatch(tx, batch.id);
  if (members.some((member) => TO_COLLECT.includes(member.status))) return;
  await cancelBatchRow(tx, batch);
}
