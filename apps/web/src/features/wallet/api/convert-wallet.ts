import { useMutation } from '@tanstack/react-query';
import type { ConversionRecord, ConversionSubmitInput } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { useInvalidateWallet, WALLET_BASE, type Keyed } from './keys.ts';

/**
 * POST convert/submit: moves the amount from one wallet into another at the rate applying now, refused
 * (409) when that is not `expectedRate`, the rate the user saw. Silent: the dialog shows the refusal.
 */
export const convertWallet = ({ input, idempotencyKey }: Keyed<ConversionSubmitInput>) =>
  http.post<ConversionRecord>(`${WALLET_BASE}/convert/submit`, input, { transfer: true, idempotencyKey, silent: true });

/** After a conversion both wallets changed: every wallet query is refetched. */
export function useConvertWallet() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: convertWallet, onSuccess: invalidate });
}
