import type { ParcelRecord, parcelInput, parcelEditInput } from '@portal/shared/logistics-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { InputOf } from './contract.ts';
import type { ExportFilters } from '../export-filters.ts';

/** Every query of the merchant's parcels starts with this: a change invalidates them all. */
export const PARCELS_KEY = ['logistics', 'package'] as const;
export const PARCEL_LIST_KEY = [...PARCELS_KEY, 'list'] as const;

/** GET /logistics/package/list: the tenant's parcels (package management), paged, filtered and sorted. */
export const listParcels = (params: ListParams, signal?: AbortSignal) => http.get<Page<ParcelRecord>>('/logistics/package/list', { params, signal });

export type ParcelInput = InputOf<typeof parcelInput>;

/** POST /logistics/package/add: forecast a parcel. Silent: the dialog shows the server's refusal and stays open. */
export const addParcel = (input: ParcelInput) => http.post<unknown>('/logistics/package/add', input, { silent: true });

export function useAddParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}

export type ParcelEditInput = InputOf<typeof parcelEditInput>;

/** PUT /logistics/package/edit: change a forecast parcel. Silent: the dialog shows the server's refusal. */
export const editParcel = (input: ParcelEditInput) => http.put<unknown>('/logistics/package/edit', input, { silent: true });

export function useEditParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}

/** DELETE /logistics/package/delete?id=: remove a forecast parcel. Silent: the list says why it was refused. */
export const deleteParcel = (id: number) => http.delete<unknown>('/logistics/package/delete', { params: { id }, silent: true });

export function useDeleteParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}

/** GET /logistics/package/exportXls: the parcels the list shows (its filters and sort), as an Excel file. */
export const exportParcels = (filters: ExportFilters) => download('/logistics/package/exportXls', { params: filters });
