import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PICKUP_BATCHES_KEY } from './list-pickup-batches.ts';
import { ORDERS_KEY } from './list-created-orders.ts';

/** POST /logistics/pickupBatch/cancel: only a batch still waiting for its goods; its orders are free again. */
export const cancelPickupBatch = (id: number) => http.post<unknown>('/logistics/pickupBatch/cancel', { id }, { silent: true });

export function useCancelPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}
