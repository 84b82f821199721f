import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PARCELS_KEY } from './list-parcels.ts';

/** DELETE /logistics/package/delete?id=: remove a forecast parcel. Silent: the list says why it was refused. */
export const deleteParcel = (id: number) => http.delete<unknown>('/logistics/package/delete', { params: { id }, silent: true });

export function useDeleteParcel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteParcel, onSuccess: () => client.invalidateQueries({ queryKey: PARCELS_KEY }) });
}
