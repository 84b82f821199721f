import { queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import type { WalletBalance, RateQuote, ConversionInput, ConversionPreview, ConversionRecord, ConversionSubmitInput } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY, useInvalidateWallet } from '../../../entities/wallet/wallet-details.ts';
import type { Keyed } from './keys.ts';

/** POST balance {currency}: the wallet of one currency (zeros when there is none yet). */
export const getBalance = (currency: CurrencyCode, signal?: AbortSignal) => http.post<WalletBalance>(`${WALLET_BASE}/balance`, { currency }, { transfer: true, signal });

export const balanceQuery = (currency: CurrencyCode) =>
  queryOptions({ queryKey: [...WALLET_KEY, 'balance', currency] as const, queryFn: ({ signal }) => getBalance(currency, signal), retry: false });

export const useBalance = (currency: CurrencyCode | undefined) => useQuery({ ...balanceQuery(currency ?? 'CNY'), enabled: currency !== undefined });

export type RateTable = { currency: CurrencyCode; rates: RateQuote[] };

/** POST queryRate {currency}: the rates applying now from `currency` to every other currency, with their inverses. */
export const queryRate = (currency: CurrencyCode, signal?: AbortSignal) => http.post<RateTable>(`${WALLET_BASE}/queryRate`, { currency }, { transfer: true, signal });

export const rateQuery = (currency: CurrencyCode) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'rate', currency] as const,
    queryFn: ({ signal }) => queryRate(currency, signal),
    // rates change a few times a day at most
    staleTime: 60_000,
    retry: false,
  });

export const useRates = (currency: CurrencyCode | undefined) => useQuery({ ...rateQuery(currency ?? 'CNY'), enabled: currency !== undefined });

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
