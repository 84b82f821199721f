import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateApplyInput, RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { RATE_APPLIES_KEY } from './list-rate-applies.ts';

/** POST /finance/rateApply/add: a draft (`draft: true`) or an application submitted for review. Silent: the dialog shows the refusal. */
export const addRateApply = ({ input, idempotencyKey }: { input: RateApplyInput; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/add', input, { silent: true, idempotencyKey });

export function useAddRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}
