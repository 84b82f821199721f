import { useMutation } from '@tanstack/react-query';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST payment/confirm/submit {id}: pays a draft from the balance. Silent: the dialog shows the refusal (409 when the balance is short). */
export const payDraft = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/confirm/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function usePayDraft() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: payDraft, onSuccess: invalidate });
}
