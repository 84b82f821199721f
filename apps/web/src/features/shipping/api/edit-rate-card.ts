import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { RateCardInput } from './add-rate-card.ts';
import { RATE_CARDS_KEY } from './list-rate-cards.ts';

export type RateCardEditInput = RateCardInput & { id: number };

/** PUT /warehouse/rateCard/edit. Silent: the dialog shows the refusal. */
export const editRateCard = (input: RateCardEditInput) => http.put<unknown>('/warehouse/rateCard/edit', input, { silent: true });

export function useEditRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}
