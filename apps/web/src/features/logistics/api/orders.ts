import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderRecord, StatusCount, OrderDetail, OrderInput, OrderEditInput } from '@portal/shared/logistics-schemas';
import { download, http, type DownloadProgress } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { toOrderQuery, type OrderQuery } from '../order-params.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';

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

/** GET /logistics/order/queryById: one order with recipient, products, parcels, fees and events. Silent: the page shows a missing order itself. */
export const getOrder = (id: number, signal?: AbortSignal) => http.get<OrderDetail>('/logistics/order/queryById', { params: { id }, signal, silent: true });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: false,
  });

export const useOrder = (id: number | null) => useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });

/** POST /logistics/order/add. Silent: the form shows a refusal next to the field it names. */
export const addOrder = (input: OrderInput) => http.post<OrderRef>('/logistics/order/add', input, { silent: true });

export function useAddOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}

/** PUT /logistics/order/edit: only while the order is CREATED. Silent: the form shows a refusal next to the field it names. */
export const editOrder = (input: OrderEditInput) => http.put<OrderRef>('/logistics/order/edit', input, { silent: true });

export function useEditOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}

export type CancelOrderInput = { id: number; reason: string };

/** POST /logistics/order/cancel: CREATED or WAIT_COLLECT only. Silent: the dialog shows a refusal (a 409 when the order moved meanwhile). */
export const cancelOrder = (input: CancelOrderInput) => http.post<OrderRef>('/logistics/order/cancel', input, { silent: true });

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}

/** GET /logistics/order/exportXls: the orders matching the filters as an Excel file, streamed (at most EXPORT_ROWS_MAX rows); failures are the export dialog's to show. */
export const exportOrders = (query: OrderQuery, signal: AbortSignal, onProgress: (progress: DownloadProgress) => void) =>
  download('/logistics/order/exportXls', { params: withTimeZone(query), signal, onProgress, silent: true });

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

/** GET /logistics/logOrder/exportXls: the orders on their way matching the filters, as an Excel file, streamed. */
export const exportLogOrders = (query: OrderQuery, signal: AbortSignal, onProgress: (progress: DownloadProgress) => void) =>
  download('/logistics/logOrder/exportXls', { params: withTimeZone(query), signal, onProgress, silent: true });

/** An export's times are written in the user's zone (the screens' times), not the server's. */
function withTimeZone(query: OrderQuery): OrderQuery {
  const timeZone = userTimeZone();
  return timeZone ? { ...query, timeZone } : query;
}
