import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusCount } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { OrderQuery } from '../order-params.ts';
import { ORDERS_KEY } from './list-orders.ts';

/** GET /logistics/order/statusCounts: how many orders of each status match the filters (the status tabs). */
export const getStatusCounts = (filters: OrderQuery, signal?: AbortSignal) =>
  // silent: the tabs still work without their counts, a notification for each refresh would be noise
  http.get<StatusCount[]>('/logistics/order/statusCounts', { params: filters, signal, silent: true });

export const statusCountsQuery = (filters: OrderQuery) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'statusCounts', filters] as const,
    queryFn: ({ signal }) => getStatusCounts(filters, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useStatusCounts = (filters: OrderQuery, enabled = true) => useQuery({ ...statusCountsQuery(filters), enabled });
