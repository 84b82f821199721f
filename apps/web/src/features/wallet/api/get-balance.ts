import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/shared/money';
import type { WalletBalance } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** POST balance {currency}: the wallet of one currency (zeros when there is none yet). */
export const getBalance = (currency: CurrencyCode, signal?: AbortSignal) => http.post<WalletBalance>(`${WALLET_BASE}/balance`, { currency }, { transfer: true, signal });

export const balanceQuery = (currency: CurrencyCode) =>
  queryOptions({ queryKey: [...WALLET_KEY, 'balance', currency] as const, queryFn: ({ signal }) => getBalance(currency, signal), retry: false });

export const useBalance = (currency: CurrencyCode | undefined) => useQuery({ ...balanceQuery(currency ?? 'CNY'), enabled: currency !== undefined });
