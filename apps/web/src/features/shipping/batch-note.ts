import type { OrderStatus } from '@portal/shared/logistics';
import type { PickupBatchDetail } from './api/pickup-batches.ts';

/** An order the truck still has to fetch; a cancelled one is fetched by nobody; any other is in the warehouse or beyond. */
const TO_COLLECT: readonly OrderStatus[] = ['CREATED', 'WAIT_COLLECT'];

export type BatchNote = { kind: 'received'; count: number } | { kind: 'nothingLeft' } | { kind: 'closed' };

/**
 * What a batch not yet taken by the truck says about orders that reached the warehouse without it: how
 * many need no pick-up, that nothing is left (cancel it), or that it closed itself for that reason.
 */
export function batchNote(batch: Pick<PickupBatchDetail, 'status' | 'cancelled' | 'orders'>): BatchNote | null {
  if (batch.status !== 'WAIT_PREPARE_GOODS' && batch.status !== 'WAIT_TAKE_GOODS') return null;
  const received = batch.orders.filter((order) => !TO_COLLECT.includes(order.status) && order.status !== 'CANCEL').length;
  if (received === 0) return null;
  if (received === batch.orders.length) return batch.cancelled ? { kind: 'closed' } : { kind: 'nothingLeft' };
  return batch.cancelled ? null : { kind: 'received', count: received };
}
