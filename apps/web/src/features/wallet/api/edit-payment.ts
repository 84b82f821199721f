import { useMutation } from '@tanstack/react-query';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** The body of payment/edit (finance-schemas.ts paymentEditInput). */
export type PaymentEditInput = { id: number; orderIds: number[]; remark: string };

/** POST payment/edit: changes a draft's charges and remark. Silent: the dialog shows the refusal. */
export const editPayment = ({ input, idempotencyKey }: Keyed<PaymentEditInput>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/edit`, input, { transfer: true, idempotencyKey, silent: true });

export function useEditPayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: editPayment, onSuccess: invalidate });
}
