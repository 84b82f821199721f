import { useQueryClient } from '@tanstack/react-query';

/** Every wallet query lives under this key: a payment, recharge or refund changes balances and lists alike. */
export const WALLET_KEY = ['wallet'] as const;

/** The wallet's calls, all POST under the platform gateway (docs/finance.md). */
export const WALLET_BASE = '/finance/virtualWallet';

/** A call that creates or moves something, with the key of the user action it belongs to (lib/idempotency.ts). */
export type Keyed<I> = { input: I; idempotencyKey: string };

/** After any change: balances, lists and details are all refetched (they are few and small). */
export function useInvalidateWallet(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WALLET_KEY });
}
