import { useMutation } from '@tanstack/react-query';
import type { PaymentInput, PaymentRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST payment/submit: a draft (`draft: true`), or pays the charges from the balance now. Silent: the dialog shows the refusal. */
export const submitPayment = ({ input, idempotencyKey }: Keyed<PaymentInput>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitPayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitPayment, onSuccess: invalidate });
}
