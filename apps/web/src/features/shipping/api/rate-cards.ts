import type { RateCardRecord, rateCardInput } from '@portal/shared/logistics-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { InputOf } from './contract.ts';

export const RATE_CARDS_KEY = ['warehouse', 'rateCard'] as const;
export const RATE_CARD_LIST_KEY = [...RATE_CARDS_KEY, 'list'] as const;

/** GET /warehouse/rateCard/list: freight per destination and service type (platform). */
export const listRateCards = (params: ListParams, signal?: AbortSignal) => http.get<Page<RateCardRecord>>('/warehouse/rateCard/list', { params, signal });

export type RateCardInput = InputOf<typeof rateCardInput>;

/** POST /warehouse/rateCard/add. Silent: the dialog shows the refusal (409: the route has a card already). */
export const addRateCard = (input: RateCardInput) => http.post<unknown>('/warehouse/rateCard/add', input, { silent: true });

export function useAddRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}

export type RateCardEditInput = RateCardInput & { id: number };

/** PUT /warehouse/rateCard/edit. Silent: the dialog shows the refusal. */
export const editRateCard = (input: RateCardEditInput) => http.put<unknown>('/warehouse/rateCard/edit', input, { silent: true });

export function useEditRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}

/** DELETE /warehouse/rateCard/delete?id=. Silent: the list says why it was refused. */
export const deleteRateCard = (id: number) => http.delete<unknown>('/warehouse/rateCard/delete', { params: { id }, silent: true });

export function useDeleteRateCard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRateCard, onSuccess: () => client.invalidateQueries({ queryKey: RATE_CARDS_KEY }) });
}
