import { useMutation } from '@tanstack/react-query';
import type { RechargeInput, RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

export type RechargeEditInput = RechargeInput & { id: number };

/** POST recharge/edit: changes a draft, and submits it for review with `draft: false`. Silent: the caller shows the refusal. */
export const editRecharge = ({ input, idempotencyKey }: Keyed<RechargeEditInput>) =>
  http.post<RechargeRecord>(`${WALLET_BASE}/recharge/edit`, input, { transfer: true, idempotencyKey, silent: true });

export function useEditRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: editRecharge, onSuccess: invalidate });
}
