import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rateCardInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { InputOf } from './contract.ts';
import { RATE_CARDS_KEY } from './list-rate-cards.ts';

export type RateCardInput = InputOf<typeof rateCardInput>;

/** POST /warehouse/rateCard/add. Silent: the dialog shows the refusal (409: the route has a card already). */
export const addRateCard = (input: RateCardInput) => http.post<unknown>('/warehouse/rateCard/add', input, { silent: true });

export function useAddRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}
