import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { RATES_KEY } from './list-rates.ts';

/** POST /finance/exchangeRate/delete {id}: withdraws a rate not yet effective (409 for one that is). Silent: the row shows the refusal. */
export const deleteRate = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => http.post<unknown>('/finance/exchangeRate/delete', { id }, { silent: true, idempotencyKey });

export function useDeleteRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRate, onSuccess: () => client.invalidateQueries({ queryKey: RATES_KEY }) });
}
