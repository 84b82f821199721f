import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/shared/money';
import type { RateQuote } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

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
