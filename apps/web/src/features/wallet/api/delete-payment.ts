import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST deletePaymentRecord {id}: deletes a draft payment. Silent: the row shows the refusal. */
export const deletePayment = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<unknown>(`${WALLET_BASE}/deletePaymentRecord`, input, { transfer: true, idempotencyKey, silent: true });

export function useDeletePayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: deletePayment, onSuccess: invalidate });
}
