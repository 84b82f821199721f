import { describe, expect, it } from 'vitest';
import type { OrderStatus, PickupBatchStatus } from '@portal/shared/logistics';
import { batchNote } from './batch-note.ts';

const batch = (status: PickupBatchStatus, cancelled: boolean, statuses: OrderStatus[]) => ({
  status,
  cancelled,
  orders: statuses.map((orderStatus, index) => ({ id: index, orderNo: `LO${index}`, merchantOrderNo: '', status: orderStatus, weight: '1.000' })),
});

describe('the note of a batch whose orders reached the warehouse without the truck', () => {
  it('says how many need no pick-up while others still do', () => {
    expect(batchNote(batch('WAIT_PREPARE_GOODS', false, ['CREATED', 'WHIN', 'WHOUT']))).toEqual({ kind: 'received', count: 2 });
    expect(batchNote(batch('WAIT_TAKE_GOODS', false, ['WAIT_COLLECT', 'WHIN']))).toEqual({ kind: 'received', count: 1 });
  });

  it('says to cancel a live batch with nothing left, and why a closed one closed', () => {
    expect(batchNote(batch('WAIT_PREPARE_GOODS', false, ['WHIN', 'WHIN']))).toEqual({ kind: 'nothingLeft' });
    expect(batchNote(batch('WAIT_TAKE_GOODS', true, ['WHIN', 'DONE']))).toEqual({ kind: 'closed' });
  });

  it('says nothing when every order waits for the truck, once the truck took the goods, or for a batch the merchant cancelled', () => {
    expect(batchNote(batch('WAIT_PREPARE_GOODS', false, ['CREATED', 'CREATED']))).toBeNull();
    expect(batchNote(batch('WAIT_CONFIRM_TAKE', false, ['WHIN', 'WHIN']))).toBeNull();
    expect(batchNote(batch('FINISH_TAKE_GOODS', false, ['WHIN']))).toBeNull();
    expect(batchNote(batch('WAIT_PREPARE_GOODS', true, ['CREATED', 'WHIN']))).toBeNull();
  });
});
