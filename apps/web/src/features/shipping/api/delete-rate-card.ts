import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { RATE_CARDS_KEY } from './list-rate-cards.ts';

/** DELETE /warehouse/rateCard/delete?id=. Silent: the list says why it was refused. */
export const deleteRateCard = (id: number) => http.delete<unknown>('/warehouse/rateCard/delete', { params: { id }, silent: true });

export function useDeleteRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}
