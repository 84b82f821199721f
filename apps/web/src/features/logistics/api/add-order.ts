import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { ORDERS_KEY, type OrderRef } from './list-orders.ts';

/** POST /logistics/order/add. Silent: the form shows a refusal next to the field it names. */
export const addOrder = (input: OrderInput) => http.post<OrderRef>('/logistics/order/add', input, { silent: true });

export function useAddOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}
