import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the merchant's pick-up batches starts with this: a change invalidates them all. */
export const PICKUP_BATCHES_KEY = ['logistics', 'pickupBatch'] as const;
export const PICKUP_BATCH_LIST_KEY = [...PICKUP_BATCHES_KEY, 'list'] as const;

/** GET /logistics/pickupBatch/list: the tenant's pick-up batches, paged, filtered and sorted. */
export const listPickupBatches = (params: ListParams, signal?: AbortSignal) => http.get<Page<PickupBatchRecord>>('/logistics/pickupBatch/list', { params, signal });
