import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { toOrderQuery } from '../order-params.ts';
import { ORDERS_KEY } from './list-orders.ts';

/** GET /logistics/logOrder/list: the orders on their way (from warehouse-in on), with the same filters as the order list. */
export const listLogOrders = (params: ListParams, signal?: AbortSignal) => http.get<Page<OrderRecord>>('/logistics/logOrder/list', { params: toOrderQuery(params), signal });

export const logOrdersQuery = (params: ListParams) =>
  queryOptions({
    // under the orders' key: a cancel or an edit refreshes this list too
    queryKey: [...ORDERS_KEY, 'logOrder', params] as const,
    queryFn: ({ signal }) => listLogOrders(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useLogOrders = (params: ListParams) => useQuery(logOrdersQuery(params));
