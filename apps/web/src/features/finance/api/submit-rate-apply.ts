import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { RATE_APPLIES_KEY } from './list-rate-applies.ts';

/** POST /finance/rateApply/submit {id}: a draft goes to finance for review. Silent: the row shows the refusal. */
export const submitRateApply = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/submit', { id }, { silent: true, idempotencyKey });

export function useSubmitRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}
