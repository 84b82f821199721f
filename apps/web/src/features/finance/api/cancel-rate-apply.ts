import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { RATE_APPLIES_KEY } from './list-rate-applies.ts';

/** POST /finance/rateApply/cancel {id}: withdraws an application finance has not decided on. Silent: the row shows the refusal. */
export const cancelRateApply = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/cancel', { id }, { silent: true, idempotencyKey });

export function useCancelRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}
