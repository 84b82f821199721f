import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { PickupBatchInput } from './add-pickup-batch.ts';
import { PICKUP_BATCHES_KEY } from './list-pickup-batches.ts';
import { ORDERS_KEY } from './list-created-orders.ts';

/** Everything but the orders: a batch keeps the orders it was made with (cancel it and make another to change them). */
export type PickupBatchEditInput = Omit<PickupBatchInput, 'orderIds'> & { id: number };

/** PUT /logistics/pickupBatch/edit: change a batch still waiting for its goods. Silent: the dialog shows the refusal. */
export const editPickupBatch = (input: PickupBatchEditInput) => http.put<unknown>('/logistics/pickupBatch/edit', input, { silent: true });

export function useEditPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}
