import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { pickupBatchInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { InputOf } from './contract.ts';
import { PICKUP_BATCHES_KEY } from './list-pickup-batches.ts';
import { ORDERS_KEY } from './list-created-orders.ts';

export type PickupBatchInput = InputOf<typeof pickupBatchInput>;

/** POST /logistics/pickupBatch/add: a batch of CREATED orders. Silent: the dialog shows the server's refusal. */
export const addPickupBatch = (input: PickupBatchInput) => http.post<unknown>('/logistics/pickupBatch/add', input, { silent: true });

export function useAddPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}
