import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletBalance } from '@portal/shared/finance-schemas';
import { http } from '../../lib/http.ts';

/**
 * Every query of the tenant's wallet lives under this key, whichever screen asks (the wallet's pages, the
 * purchase pay dialog): a payment, recharge, refund or conversion from any of them invalidates it, and
 * every view of the balances is refetched.
 */
export const WALLET_KEY = ['wallet'] as const;

/** The wallet's calls, all POST under the platform gateway (docs/finance.md). */
export const WALLET_BASE = '/finance/virtualWallet';

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

/** After any change of money: balances, lists and details are all refetched (they are few and small). */
export function useInvalidateWallet(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WALLET_KEY });
}
