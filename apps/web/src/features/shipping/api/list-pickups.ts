import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** A batch as the platform sees it: every tenant's, with whose it is. */
export type PickupRecord = PickupBatchRecord & { tenantId: number; tenantName: string };

export const PICKUPS_KEY = ['warehouse', 'pickup'] as const;
export const PICKUP_LIST_KEY = [...PICKUPS_KEY, 'list'] as const;

/** GET /warehouse/pickup/list: pick-up batches of all tenants to schedule, take and confirm (platform). */
export const listPickups = (params: ListParams, signal?: AbortSignal) => http.get<Page<PickupRecord>>('/warehouse/pickup/list', { params, signal });
