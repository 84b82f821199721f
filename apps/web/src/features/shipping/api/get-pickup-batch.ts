import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderRecord, PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { PICKUP_BATCHES_KEY } from './list-pickup-batches.ts';

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
