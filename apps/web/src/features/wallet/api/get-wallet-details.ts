import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** POST wallet/details: every currency the tenant has money or open records in. */
export const getWalletDetails = (signal?: AbortSignal) => http.post<{ wallets: WalletBalance[] }>(`${WALLET_BASE}/wallet/details`, {}, { transfer: true, signal });

export const walletDetailsQuery = () =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'details'] as const,
    queryFn: ({ signal }) => getWalletDetails(signal),
    // the HTTP client already told the user; the page offers a retry
    retry: false,
  });

export const useWalletDetails = () => useQuery(walletDetailsQuery());
