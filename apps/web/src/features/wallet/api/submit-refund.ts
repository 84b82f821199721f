import { useMutation } from '@tanstack/react-query';
import type { RefundInput, RefundRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/** POST refund/submit: a balance refund to the merchant's bank or a paid charge back to the wallet; nothing moves until finance verifies it. */
export const submitRefund = ({ input, idempotencyKey }: Keyed<RefundInput>) =>
  http.post<RefundRecord>(`${WALLET_BASE}/refund/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitRefund() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitRefund, onSuccess: invalidate });
}
