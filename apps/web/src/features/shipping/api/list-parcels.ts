import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the merchant's parcels starts with this: a change invalidates them all. */
export const PARCELS_KEY = ['logistics', 'package'] as const;
export const PARCEL_LIST_KEY = [...PARCELS_KEY, 'list'] as const;

/** GET /logistics/package/list: the tenant's parcels (package management), paged, filtered and sorted. */
export const listParcels = (params: ListParams, signal?: AbortSignal) => http.get<Page<ParcelRecord>>('/logistics/package/list', { params, signal });
