import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateInput, RateRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { RATES_KEY } from './list-rates.ts';

/** POST /finance/exchangeRate/add: a new rate for a pair, now or from a later time. Silent: the dialog shows the refusal. */
export const addRate = ({ input, idempotencyKey }: { input: RateInput; idempotencyKey: string }) => http.post<RateRecord>('/finance/exchangeRate/add', input, { silent: true, idempotencyKey });

export function useAddRate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRate, onSuccess: () => client.invalidateQueries({ queryKey: RATES_KEY }) });
}
