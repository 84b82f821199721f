import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { parcelEditInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { InputOf } from './contract.ts';
import { PARCELS_KEY } from './list-parcels.ts';

export type ParcelEditInput = InputOf<typeof parcelEditInput>;

/** PUT /logistics/package/edit: change a forecast parcel. Silent: the dialog shows the server's refusal. */
export const editParcel = (input: ParcelEditInput) => http.put<unknown>('/logistics/package/edit', input, { silent: true });

export function useEditParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}
