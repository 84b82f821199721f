import { useMutation } from '@tanstack/react-query';
import type { RechargeInput, RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST recharge/submit: a new recharge, kept as a draft or submitted for review. Silent: the dialog shows the refusal. */
export const submitRecharge = ({ input, idempotencyKey }: Keyed<RechargeInput>) =>
  http.post<RechargeRecord>(`${WALLET_BASE}/recharge/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitRecharge, onSuccess: invalidate });
}
