import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { PayResult } from '@portal/shared/pre-order-schemas';
import { useWalletDetails } from '../../../entities/wallet/wallet-details.ts';
import { stubFetch, testQueryClient, TestProviders } from '../../../test/render-ui.tsx';
import { usePay } from './pre-orders.ts';

const WALLETS = { wallets: [{ currency: 'USD', balance: '20.00', unrecharged: '0.00', pendingRefund: '0.00', available: '20.00', updatedAt: null }] };
const AFTER = { wallets: [{ currency: 'USD', balance: '4.05', unrecharged: '0.00', pendingRefund: '0.00', available: '4.05', updatedAt: null }] };
const paid: PayResult = { preOrderId: 7, preOrderNo: 'PP26112700000007', status: 'PAID', currency: 'USD', rate: '0.1381', amount: '115.50', payAmount: '15.95', balanceAfter: '4.05', paymentNos: ['PY2611270001'], paidAt: '2026-11-27T10:00:00.000Z' };

describe('paying a pre-purchase order and the wallet', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refetches the wallet details every wallet view shows, not a copy of its own', async () => {
    let balances = WALLETS;
    const calls = stubFetch(({ url }) => {
      if (url.pathname.endsWith('/wallet/details')) return balances;
      if (url.pathname.endsWith('/preOrder/pay')) {
        balances = AFTER;
        return paid;
      }
      return new Response(null, { status: 404 });
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <TestProviders client={client}>{children}</TestProviders>;
    // the wallet's page and the pay dialog, open on one client as on one screen
    const { result } = renderHook(() => ({ wallet: useWalletDetails(), pay: usePay('TAOBAO', { kind: 'preOrder', id: 7 }) }), { wrapper });
    await waitFor(() => expect(result.current.wallet.data?.wallets[0]?.balance).toBe('20.00'));

    await act(() => result.current.pay.mutateAsync({ input: { id: 7, currency: 'USD', expectedRate: '0.1381' }, idempotencyKey: 'k-1' }));

    await waitFor(() => expect(result.current.wallet.data?.wallets[0]?.balance).toBe('4.05'));
    expect(calls.filter((call) => call.url.pathname.endsWith('/wallet/details'))).toHaveLength(2);
  });
});
