import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { ExportFilters } from '../export-filters.ts';

/** A batch as the platform sees it: every tenant's, with whose it is. */
export type PickupRecord = PickupBatchRecord & { tenantId: number; tenantName: string };

export const PICKUPS_KEY = ['warehouse', 'pickup'] as const;
export const PICKUP_LIST_KEY = [...PICKUPS_KEY, 'list'] as const;

/** GET /warehouse/pickup/list: pick-up batches of all tenants to schedule, take and confirm (platform). */
export const listPickups = (params: ListParams, signal?: AbortSignal) => http.get<Page<PickupRecord>>('/warehouse/pickup/list', { params, signal });

export type ConfirmPickupInput = { id: number; actualWeight: string };

/** POST /warehouse/pickup/confirm: the goods arrived at the warehouse, with their weight (kg). */
export const confirmPickup = (input: ConfirmPickupInput) => http.post<unknown>('/warehouse/pickup/confirm', input, { silent: true });

export function useConfirmPickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmPickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}

export type SchedulePickupInput = { id: number; estimatedPickupAt: string; plate: string };

/** POST /warehouse/pickup/schedule: when the truck comes and which one. Silent: the dialog shows the refusal. */
export const schedulePickup = (input: SchedulePickupInput) => http.post<unknown>('/warehouse/pickup/schedule', input, { silent: true });

export function useSchedulePickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: schedulePickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}

export type TakePickupInput = { id: number; plate?: string; actualPickupAt?: string };

/** POST /warehouse/pickup/take: the goods are on the truck (the batch waits for confirmation at the warehouse). */
export const takePickup = (input: TakePickupInput) => http.post<unknown>('/warehouse/pickup/take', input, { silent: true });

export function useTakePickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: takePickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}

/** GET /warehouse/pickup/exportXls: the platform's pick-up list as it is filtered, as an Excel file. */
export const exportPickups = (filters: ExportFilters) => download('/warehouse/pickup/exportXls', { params: filters });
