import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecisionInput, RefundRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { REVIEW_REFUNDS_KEY } from './list-review-refunds.ts';

/** POST /platform-api/finance/virtualWallet/refund/verify: only now the money moves (approve), or the refund is rejected with a reason. Silent: the dialog shows the refusal. */
export const verifyRefund = ({ input, idempotencyKey }: { input: DecisionInput; idempotencyKey: string }) =>
  http.post<RefundRecord>('/finance/virtualWallet/refund/verify', input, { transfer: true, silent: true, idempotencyKey });

export function useVerifyRefund() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyRefund, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_REFUNDS_KEY }) });
}
