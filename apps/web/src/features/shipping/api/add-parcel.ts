import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { parcelInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { InputOf } from './contract.ts';
import { PARCELS_KEY } from './list-parcels.ts';

export type ParcelInput = InputOf<typeof parcelInput>;

/** POST /logistics/package/add: forecast a parcel. Silent: the dialog shows the server's refusal and stays open. */
export const addParcel = (input: ParcelInput) => http.post<unknown>('/logistics/package/add', input, { silent: true });

export function useAddParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}
