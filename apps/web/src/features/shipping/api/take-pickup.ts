import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PICKUPS_KEY } from './list-pickups.ts';

export type TakePickupInput = { id: number; plate?: string; actualPickupAt?: string };

/** POST /warehouse/pickup/take: the goods are on the truck (the batch waits for confirmation at the warehouse). */
export const takePickup = (input: TakePickupInput) => http.post<unknown>('/warehouse/pickup/take', input, { silent: true });

export function useTakePickup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: takePickup, onSuccess: () => client.invalidateQueries({ queryKey: PICKUPS_KEY }) });
}
