import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateApplyInput, RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { RATE_APPLIES_KEY } from './list-rate-applies.ts';

/** POST /finance/rateApply/edit: changes a draft, and submits it with `draft: false`. Silent: the dialog shows the refusal (409 once it is no draft). */
export const editRateApply = ({ input, idempotencyKey }: { input: RateApplyInput & { id: number }; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/edit', input, { silent: true, idempotencyKey });

export function useEditRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}
