import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { ORDERS_KEY } from './list-orders.ts';

/** GET /logistics/order/queryById: one order with recipient, products, parcels, fees and events. Silent: the page shows a missing order itself. */
export const getOrder = (id: number, signal?: AbortSignal) => http.get<OrderDetail>('/logistics/order/queryById', { params: { id }, signal, silent: true });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: false,
  });

export const useOrder = (id: number | null) => useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
