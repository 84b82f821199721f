import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PICKUPS_KEY } from './list-pickups.ts';

export type ConfirmPickupInput = { id: number; actualWeight: string };

/** POST /warehouse/pickup/confirm: the goods arrived at the warehouse, with their weight (kg). */
export const confirmPickup = (input: ConfirmPickupInput) => http.post<unknown>('/warehouse/pickup/confirm', input, { silent: true });

export function useConfirmPickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmPickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}
