import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentPreview } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE } from './keys.ts';

/** What to preview: a draft payment, or charges about to be paid. */
export type PreviewInput = { id: number } | { orderIds: number[] };

/** POST payment/confirm: what paying would do (total, balance before and after, each line payable or why not), without doing it. */
export const previewPayment = (input: PreviewInput, signal?: AbortSignal) => http.post<PaymentPreview>(`${WALLET_BASE}/payment/confirm`, input, { transfer: true, signal });

export const paymentPreviewQuery = (input: PreviewInput) =>
  queryOptions({
    // not under WALLET_KEY: paying invalidates the wallet, and a preview of what was just paid asked again is a 409
    queryKey: ['walletPaymentPreview', input] as const,
    queryFn: ({ signal }) => previewPayment(input, signal),
    // the balance may have moved since: every opening asks again
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const usePaymentPreview = (input: PreviewInput | null) => useQuery({ ...paymentPreviewQuery(input ?? { orderIds: [] }), enabled: input !== null });
