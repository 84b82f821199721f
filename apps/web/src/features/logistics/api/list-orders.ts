import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { toOrderQuery } from '../order-params.ts';

/** What create, edit and cancel answer: the order's id and number. */
export type OrderRef = { id: number; orderNo: string };

/** Every query of the merchant's orders starts with this: a change to an order invalidates them all. */
export const ORDERS_KEY = ['logistics', 'order'] as const;

/** GET /logistics/order/list: the tenant's international orders, filtered, sorted and paged by the server. */
export const listOrders = (params: ListParams, signal?: AbortSignal) => http.get<Page<OrderRecord>>('/logistics/order/list', { params: toOrderQuery(params), signal });

export const ordersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', params] as const,
    queryFn: ({ signal }) => listOrders(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useOrders = (params: ListParams) => useQuery(ordersQuery(params));
