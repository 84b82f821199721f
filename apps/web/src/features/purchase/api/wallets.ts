import { useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';

export const WALLETS_KEY = ['purchase', 'wallets'] as const;

/** POST wallet/details (the platform gateway): the tenant's wallets, to choose the one to pay a pre-order from. */
export const useWallets = () =>
  useQuery({ queryKey: WALLETS_KEY, queryFn: ({ signal }) => http.post<{ wallets: WalletBalance[] }>('/finance/virtualWallet/wallet/details', {}, { transfer: true, signal }), retry: false });
