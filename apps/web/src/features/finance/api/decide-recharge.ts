import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecisionInput, RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { REVIEW_RECHARGES_KEY } from './list-review-recharges.ts';

/**
 * POST /platform-api/finance/virtualWallet/recharge/confirm/submit: credits the wallet (approve) or
 * rejects with a reason. Silent: the dialog shows the refusal (409 for the submitter's own recharge).
 */
export const decideRecharge = ({ input, idempotencyKey }: { input: DecisionInput; idempotencyKey: string }) =>
  http.post<RechargeRecord>('/finance/virtualWallet/recharge/confirm/submit', input, { transfer: true, silent: true, idempotencyKey });

export function useDecideRecharge() {
  const client = useQueryClient();
  return useMutation({ mutationFn: decideRecharge, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RECHARGES_KEY }) });
}
