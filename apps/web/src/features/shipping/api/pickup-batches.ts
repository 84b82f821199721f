import type { PickupBatchRecord, OrderRecord, pickupBatchInput } from '@portal/shared/logistics-schemas';
import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { InputOf } from './contract.ts';
import type { ExportFilters } from '../export-filters.ts';

/** Every query of the merchant's pick-up batches starts with this: a change invalidates them all. */
export const PICKUP_BATCHES_KEY = ['logistics', 'pickupBatch'] as const;
export const PICKUP_BATCH_LIST_KEY = [...PICKUP_BATCHES_KEY, 'list'] as const;

/** GET /logistics/pickupBatch/list: the tenant's pick-up batches, paged, filtered and sorted. */
export const listPickupBatches = (params: ListParams, signal?: AbortSignal) => http.get<Page<PickupBatchRecord>>('/logistics/pickupBatch/list', { params, signal });

/** An order of a batch as the detail lists it (weight: declared, kg). */
export type BatchOrder = Pick<OrderRecord, 'id' | 'orderNo' | 'merchantOrderNo' | 'status' | 'weight'>;

/** A batch with its orders (the contract has the batch's fields; queryById adds the orders). */
export type PickupBatchDetail = PickupBatchRecord & { orders: BatchOrder[] };

/** GET /logistics/pickupBatch/queryById?id=: one batch of the tenant with its orders. */
export const getPickupBatch = (id: number, signal?: AbortSignal) => http.get<PickupBatchDetail>('/logistics/pickupBatch/queryById', { params: { id }, signal });

export const pickupBatchQuery = (id: number) =>
  queryOptions({
    queryKey: [...PICKUP_BATCHES_KEY, 'queryById', id] as const,
    queryFn: ({ signal }) => getPickupBatch(id, signal),
    // a failure is already shown by the HTTP client; the drawer offers a retry
    retry: false,
  });

export const usePickupBatch = (id: number | null) => useQuery({ ...pickupBatchQuery(id ?? 0), enabled: id !== null });

/**
 * The prefix of order queries: a batch change invalidates them, since orders join or leave batches and
 * "goods ready" moves them to WAIT_COLLECT (an order list open in another tab with the same prefix follows).
 */
export const ORDERS_KEY = ['logistics', 'order'] as const;
export const PICKABLE_ORDERS_KEY = [...ORDERS_KEY, 'list', 'pickable'] as const;

/**
 * GET /logistics/pickupBatch/pickableOrders: the tenant's Created orders that no live batch holds, the
 * only ones a new batch may take (the server filters, so the picker never offers a clash).
 */
export const listPickableOrders = (params: ListParams, signal?: AbortSignal) => http.get<Page<OrderRecord>>('/logistics/pickupBatch/pickableOrders', { params, signal });

export type PickupBatchInput = InputOf<typeof pickupBatchInput>;

/** POST /logistics/pickupBatch/add: a batch of CREATED orders. Silent: the dialog shows the server's refusal. */
export const addPickupBatch = (input: PickupBatchInput) => http.post<unknown>('/logistics/pickupBatch/add', input, { silent: true });

export function useAddPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}

/** Everything but the orders: a batch keeps the orders it was made with (cancel it and make another to change them). */
export type PickupBatchEditInput = Omit<PickupBatchInput, 'orderIds'> & { id: number };

/** PUT /logistics/pickupBatch/edit: change a batch still waiting for its goods. Silent: the dialog shows the refusal. */
export const editPickupBatch = (input: PickupBatchEditInput) => http.put<unknown>('/logistics/pickupBatch/edit', input, { silent: true });

export function useEditPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}

/** POST /logistics/pickupBatch/ready: the goods are ready (the batch waits for the truck, its orders WAIT_COLLECT). */
export const readyPickupBatch = (id: number) => http.post<unknown>('/logistics/pickupBatch/ready', { id }, { silent: true });

export function useReadyPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readyPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}

/** POST /logistics/pickupBatch/cancel: only a batch still waiting for its goods; its orders are free again. */
export const cancelPickupBatch = (id: number) => http.post<unknown>('/logistics/pickupBatch/cancel', { id }, { silent: true });

export function useCancelPickupBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPickupBatch,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: PICKUP_BATCHES_KEY }), client.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}

/** GET /logistics/pickupBatch/exportXls: the batches the list shows, as an Excel file. */
export const exportPickupBatches = (filters: ExportFilters) => download('/logistics/pickupBatch/exportXls', { params: filters });
