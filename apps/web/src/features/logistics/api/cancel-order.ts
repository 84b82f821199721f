import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ORDERS_KEY, type OrderRef } from './list-orders.ts';

export type CancelOrderInput = { id: number; reason: string };

/** POST /logistics/order/cancel: CREATED or WAIT_COLLECT only. Silent: the dialog shows a refusal (a 409 when the order moved meanwhile). */
export const cancelOrder = (input: CancelOrderInput) => http.post<OrderRef>('/logistics/order/cancel', input, { silent: true });

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}
