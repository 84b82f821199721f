import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST deleteRechargeRecord {id}: deletes a draft (anything else is 409). Silent: the row shows the refusal. */
export const deleteRecharge = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<unknown>(`${WALLET_BASE}/deleteRechargeRecord`, input, { transfer: true, idempotencyKey, silent: true });

export function useDeleteRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: deleteRecharge, onSuccess: invalidate });
}
