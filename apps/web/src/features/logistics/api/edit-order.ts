import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderEditInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { ORDERS_KEY, type OrderRef } from './list-orders.ts';

/** PUT /logistics/order/edit: only while the order is CREATED. Silent: the form shows a refusal next to the field it names. */
export const editOrder = (input: OrderEditInput) => http.put<OrderRef>('/logistics/order/edit', input, { silent: true });

export function useEditOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}
