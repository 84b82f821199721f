import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { REVIEW_RECHARGES_KEY } from './list-review-recharges.ts';

/** POST /platform-api/finance/virtualWallet/recharge/reverse: takes a credited recharge back out. Silent: the dialog shows the refusal (409 when the wallet no longer holds it). */
export const reverseRecharge = ({ input, idempotencyKey }: { input: { rechargeId: number; reason: string }; idempotencyKey: string }) =>
  http.post<RechargeRecord>('/finance/virtualWallet/recharge/reverse', input, { transfer: true, silent: true, idempotencyKey });

export function useReverseRecharge() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reverseRecharge, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RECHARGES_KEY }) });
}
