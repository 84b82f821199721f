import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WalletBalance } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { callsTo, openDropdown, signInWith } from '../test/wallet-fixtures.ts';
import { RefundFormDialog } from '../components/refund-form-dialog.tsx';
import { PaymentListPage } from './payment-list-page.tsx';
import { RechargeListPage } from './recharge-list-page.tsx';
import { WalletOverviewPage } from './wallet-overview-page.tsx';

const ALL_ACTIONS = ['wallet:recharge:add', 'wallet:payment:add', 'wallet:refund:submit'];

const wallet = (currency: WalletBalance['currency'], balance: string, unrecharged: string | null, pendingRefund: string | null, updatedAt: string | null, available: string | null = balance): WalletBalance => ({
  currency,
  balance,
  unrecharged,
  pendingRefund,
  available,
  updatedAt,
});

const RATES = {
  currency: 'CNY',
  rates: [
    { baseCurrency: 'CNY', quoteCurrency: 'USD', rate: '0.1380', inverseRate: '7.2463768116', effectiveFrom: '2026-03-01T00:00:00.000Z' },
    { baseCurrency: 'CNY', quoteCurrency: 'TWD', rate: '4.3825', inverseRate: '0.2281802624', effectiveFrom: '2026-03-01T00:00:00.000Z' },
  ],
};

function server(wallets: WalletBalance[]) {
  return stubFetch(({ url, body }) => {
    if (url.pathname.endsWith('/wallet/details')) return { wallets };
    if (url.pathname.endsWith('/balance')) return wallets.find((one) => one.currency === (body as { currency: string }).currency) ?? new Response(null, { status: 404 });
    if (url.pathname.endsWith('/queryRate')) return (body as { currency: string }).currency === 'CNY' ? RATES : { currency: 'USD', rates: [] };
    if (url.pathname.endsWith('/list') || url.pathname.endsWith('/payment/charges')) return { records: [], total: 0, current: 1, size: 10, pages: 0 };
    if (url.pathname.endsWith('/initiator')) return [];
    return new Response(null, { status: 404 });
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/finance/wallet/overview', Component: WalletOverviewPage },
      { path: '/finance/wallet/recharge', Component: RechargeListPage },
      { path: '/finance/wallet/payment', Component: PaymentListPage },
    ],
    { initialEntries: ['/finance/wallet/overview'] },
  );
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe('the wallet overview', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('draws a card per currency: the balance large, what awaits credit and refunds under review below it', async () => {
    signInWith(ALL_ACTIONS);
    const calls = server([wallet('CNY', '12345.6', '1000.00', '250.50', '2026-03-02T04:05:06.000Z'), wallet('JPY', '98000', '0', '0', null)]);
    renderPage();
    const cny = await screen.findByTestId('wallet-card-CNY');
    expect(within(cny).getByTestId('wallet-balance').textContent).toBe('12,345.60 CNY');
    expect(within(cny).getByTestId('wallet-unrecharged').textContent).toBe('1,000.00 CNY');
    expect(within(cny).getByTestId('wallet-pending-refund').textContent).toBe('250.50 CNY');
    expect(within(cny).getByText(formatDateTime('2026-03-02T04:05:06.000Z'))).toBeTruthy();
    const jpy = screen.getByTestId('wallet-card-JPY');
    expect(within(jpy).getByTestId('wallet-balance').textContent).toBe('98,000.00 JPY');
    expect(within(jpy).getByText('None yet')).toBeTruthy();
    expect(screen.queryByTestId('wallet-empty')).toBeNull();

    // today's rates from CNY, both ways
    expect(await screen.findByText('1 CNY = 0.1380 USD')).toBeTruthy();
    expect(screen.getByText('1 USD = 7.2463768116 CNY')).toBeTruthy();
    expect(screen.getByText('1 CNY = 4.3825 TWD')).toBeTruthy();
    expect(callsTo(calls, 'queryRate').map((call) => call.body)).toEqual([{ currency: 'CNY' }]);
  });

  it('shows what awaits credit and refunds under review only when the server gives them (a reader of those lists)', async () => {
    signInWith(ALL_ACTIONS);
    server([wallet('CNY', '228.30', '11.42', null, '2026-03-02T04:05:06.000Z'), wallet('HKD', '50.00', null, null, null)]);
    renderPage();
    const cny = await screen.findByTestId('wallet-card-CNY');
    expect(within(cny).getByTestId('wallet-unrecharged').textContent).toBe('11.42 CNY');
    expect(within(cny).queryByTestId('wallet-pending-refund')).toBeNull();
    expect(within(cny).queryByText('Refunds under review')).toBeNull();
    const hkd = screen.getByTestId('wallet-card-HKD');
    expect(within(hkd).getByTestId('wallet-balance').textContent).toBe('50.00 HKD');
    expect(within(hkd).queryByTestId('wallet-unrecharged')).toBeNull();
    expect(within(hkd).queryByText('Awaiting credit')).toBeNull();
    expect(within(hkd).queryByTestId('wallet-pending-refund')).toBeNull();
  });

  it("offers a balance refund up to what the server says is free, not the balance less the reader's own pending refunds", async () => {
    signInWith(ALL_ACTIONS);
    // the reader's refund list shows 5.00 of the 25.00 the company has waiting
    server([wallet('CNY', '228.30', null, '5.00', null, '203.30')]);
    renderUi(<RefundFormDialog onClose={() => undefined} />);
    await userEvent.click(await screen.findByLabelText('Currency'));
    await userEvent.click(await waitFor(() => within(openDropdown()).getByTitle('CNY')));
    const line = await screen.findByTestId('refund-available');
    expect(line.textContent).toContain('Available to refund: 203.30 CNY');
    expect(line.textContent).toContain('Balance 228.30 CNY, of which 25.00 CNY is in refunds under review');
  });

  it('shows an empty state with Recharge when there is no wallet, which opens the recharge form', async () => {
    signInWith([...ALL_ACTIONS, 'wallet:recharge:list']);
    server([]);
    const router = renderPage();
    const empty = await screen.findByTestId('wallet-empty');
    expect(within(empty).getByText(/You have no wallet yet/)).toBeTruthy();
    expect(screen.queryByTestId('wallet-card-CNY')).toBeNull();
    await userEvent.click(within(empty).getByRole('button', { name: /Recharge/ }));
    // the menu path itself (a query would open a second tab of the page), with the form open
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/finance/wallet/recharge'));
    expect(await screen.findByText('New recharge', { selector: '.ant-modal-title' })).toBeTruthy();
  });

  it('offers each quick action only with its permission', async () => {
    signInWith(['wallet:payment:add']);
    server([]);
    const router = renderPage();
    const empty = await screen.findByTestId('wallet-empty');
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('quick-recharge')).toBeNull();
    expect(screen.queryByTestId('quick-refund')).toBeNull();
    await userEvent.click(screen.getByTestId('quick-pay'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/finance/wallet/payment'));
    expect(await screen.findByText('Pay charges', { selector: '.ant-modal-title' })).toBeTruthy();
  });
});
