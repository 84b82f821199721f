import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PICKUP_BATCHES_KEY } from './list-pickup-batches.ts';
import { ORDERS_KEY } from './list-created-orders.ts';

/** POST /logistics/pickupBatch/ready: the goods are ready (the batch waits for the truck, its orders WAIT_COLLECT). */
export const readyPickupBatch = (id: number) => http.post<unknown>('/logistics/pickupBatch/ready', { id }, { silent: true });

export function useReadyPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readyPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}
