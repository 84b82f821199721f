import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateApplyDecisionInput, RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { REVIEW_RATE_APPLIES_KEY } from './list-review-rate-applies.ts';

/** POST /finance/rateApply/review/decide: approves (with the rate granted and its validity) or rejects. Silent: the dialog shows the refusal. */
export const decideRateApply = ({ input, idempotencyKey }: { input: RateApplyDecisionInput; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/review/decide', input, { silent: true, idempotencyKey });

export function useDecideRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: decideRateApply, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RATE_APPLIES_KEY }) });
}
