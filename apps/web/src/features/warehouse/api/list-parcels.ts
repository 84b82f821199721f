import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { withRangeNames } from '../range-params.ts';

/** A parcel as the platform lists it: across tenants, so with its merchant's name. */
export type WarehouseParcel = ParcelRecord & { tenantName: string };

/** GET /warehouse/parcel/list: parcels of every tenant by storage time (those not received yet first). */
export const listParcels = (params: ListParams, signal?: AbortSignal) => http.get<Page<WarehouseParcel>>('/warehouse/parcel/list', { params: withRangeNames(params), signal });

/** The list's TanStack Query key; a scan refreshes everything under it. */
export const PARCEL_LIST_KEY = ['warehouse', 'parcel', 'list'] as const;
