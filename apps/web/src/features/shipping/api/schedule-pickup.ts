import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PICKUPS_KEY } from './list-pickups.ts';

export type SchedulePickupInput = { id: number; estimatedPickupAt: string; plate: string };

/** POST /warehouse/pickup/schedule: when the truck comes and which one. Silent: the dialog shows the refusal. */
export const schedulePickup = (input: SchedulePickupInput) => http.post<unknown>('/warehouse/pickup/schedule', input, { silent: true });

export function useSchedulePickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: schedulePickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}
