import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversionInput, ConversionPreview } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE } from './keys.ts';

/**
 * POST convert/preview: what converting an amount of one wallet into another would give at the rate
 * applying now (rate, converted amount, balance before and after), without doing it. Silent: the dialog
 * shows a refusal (no rate, an amount too small) in place; a notification per keystroke would be noise.
 */
export const previewConversion = (input: ConversionInput, signal?: AbortSignal) =>
  http.post<ConversionPreview>(`${WALLET_BASE}/convert/preview`, input, { transfer: true, signal, silent: true });

export const conversionPreviewQuery = (input: ConversionInput) =>
  queryOptions({
    // not under WALLET_KEY: the conversion refetches the wallet, not a preview of a dialog that just closed
    queryKey: ['walletConversionPreview', input] as const,
    queryFn: ({ signal }) => previewConversion(input, signal),
    // the balance and the rate may have moved since: each change asks again
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The preview of a complete input; nothing is asked while `input` is null. */
export const useConversionPreview = (input: ConversionInput | null) =>
  useQuery({ ...conversionPreviewQuery(input ?? { fromCurrency: 'CNY', toCurrency: 'USD', amount: '0' }), enabled: input !== null });
