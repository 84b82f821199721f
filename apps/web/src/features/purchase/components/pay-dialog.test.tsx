import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayPreview, PayResult } from '@portal/shared/pre-order-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { PayDialog } from './pay-dialog.tsx';

const WALLETS = { wallets: [{ currency: 'USD', balance: '20.00', unrecharged: '0.00', pendingRefund: '0.00', available: '20.00', updatedAt: null }, { currency: 'CNY', balance: '50.00', unrecharged: '0.00', pendingRefund: '0.00', available: '50.00', updatedAt: null }] };

const previewOf = (currency: 'USD' | 'CNY', rate: string): PayPreview =>
  currency === 'USD'
    ? { currency, rate, inverseRate: '7.2411', effectiveFrom: '2026-11-27T00:00:00.000Z', charges: [{ id: 9, kind: 'GOODS', amount: '115.50', payAmount: '15.95' }], amount: '115.50', payAmount: '15.95', balance: '20.00', balanceAfter: '4.05', sufficient: true }
    : { currency, rate: '1', inverseRate: '1', effectiveFrom: '1970-01-01T00:00:00.000Z', charges: [{ id: 9, kind: 'GOODS', amount: '115.50', payAmount: '115.50' }], amount: '115.50', payAmount: '115.50', balance: '50.00', balanceAfter: '-65.50', sufficient: false };

const paid: PayResult = { preOrderId: 7, preOrderNo: 'PP26112700000007', status: 'PAID', currency: 'USD', rate: '0.1381', amount: '115.50', payAmount: '15.95', balanceAfter: '4.05', paymentNos: ['PY2611270001'], paidAt: '2026-11-27T10:00:00.000Z' };

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => call.url.pathname === `/api/purchase/taobao/${path}`);

function server(options: { rateMovesTo?: string } = {}) {
  let rate = '0.1381';
  return stubFetch(({ url, body }) => {
    if (url.pathname.endsWith('/wallet/details')) return WALLETS;
    if (url.pathname.endsWith('/preOrder/pay/preview')) return previewOf((body as { currency: 'USD' | 'CNY' }).currency, rate);
    if (url.pathname.endsWith('/preOrder/pay')) {
      if (options.rateMovesTo) {
        rate = options.rateMovesTo;
        return refuse(409, `The CNY to USD rate changed from 0.1381 to ${rate}: review the new amount and pay again`);
      }
      return paid;
    }
    return new Response(null, { status: 404 });
  });
}

describe('paying a pre-purchase order', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('purchase'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('previews the wallet with money at the rate of the moment, and pays with that rate and one key', async () => {
    signIn(['purchase:taobao-pre-order:pay']);
    const onClose = vi.fn();
    const onPaid = vi.fn();
    const calls = server();
    renderUi(<PayDialog platform="TAOBAO" target={{ kind: 'preOrder', id: 7 }} number="PP26112700000007" onClose={onClose} onPaid={onPaid} />);
    const shown = await screen.findByTestId('pay-preview');
    expect(callsTo(calls, 'preOrder/pay/preview').map((call) => call.body)).toEqual([{ id: 7, currency: 'USD' }]);
    expect(within(shown).getByTestId('pay-rate').textContent).toBe('1 CNY = 0.1381 USD');
    expect(within(shown).getByText('115.50 CNY')).toBeTruthy();
    expect(within(shown).getByTestId('pay-amount').textContent).toBe('15.95 USD');
    expect(within(shown).getByTestId('pay-balance-after').textContent).toBe('4.05 USD');
    expect(within(shown).queryByTestId('pay-insufficient')).toBeNull();
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = callsTo(calls, 'preOrder/pay');
    expect(sent?.body).toEqual({ id: 7, currency: 'USD', expectedRate: '0.1381' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(onPaid).toHaveBeenCalledWith(paid);
  });

  it('asks again when the same wallet is picked again: topped up meanwhile, the warning goes', async () => {
    signIn(['purchase:taobao-pre-order:pay']);
    let cnyBalance = '50.00';
    const calls = stubFetch(({ url, body }) => {
      if (url.pathname.endsWith('/wallet/details')) return WALLETS;
      if (url.pathname.endsWith('/preOrder/pay/preview')) {
        const preview = previewOf((body as { currency: 'USD' | 'CNY' }).currency, '0.1381');
        return preview.currency === 'CNY' && cnyBalance !== '50.00' ? { ...preview, balance: cnyBalance, balanceAfter: '84.50', sufficient: true } : preview;
      }
      return new Response(null, { status: 404 });
    });
    renderUi(<PayDialog platform="TAOBAO" target={{ kind: 'preOrder', id: 7 }} number="PP26112700000007" onClose={vi.fn()} />);
    await screen.findByTestId('pay-preview');
    await userEvent.click(screen.getByRole('combobox', { name: 'Wallet to pay from' }));
    await userEvent.click(await screen.findByText('CNY (balance 50.00)'));
    await screen.findByTestId('pay-insufficient');
    cnyBalance = '200.00';
    await userEvent.click(screen.getByRole('combobox', { name: 'Wallet to pay from' }));
    await userEvent.click(await screen.findByText('CNY (balance 50.00)', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.queryByTestId('pay-insufficient')).toBeNull());
    expect(callsTo(calls, 'preOrder/pay/preview').filter((call) => (call.body as { currency: string }).currency === 'CNY')).toHaveLength(2);
  });

  it('warns of a short wallet and does not offer to pay from it', async () => {
    signIn(['purchase:taobao-pre-order:pay']);
    const calls = server();
    renderUi(<PayDialog platform="TAOBAO" target={{ kind: 'preOrder', id: 7 }} number="PP26112700000007" onClose={vi.fn()} />);
    await screen.findByTestId('pay-preview');
    await userEvent.click(screen.getByRole('combobox', { name: 'Wallet to pay from' }));
    await userEvent.click(await screen.findByText('CNY (balance 50.00)'));
    const warning = await screen.findByTestId('pay-insufficient');
    expect(warning.textContent).toContain('The CNY wallet is 65.50 CNY short');
    const pay = screen.getByTestId('pay-submit') as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await userEvent.click(pay);
    expect(callsTo(calls, 'preOrder/pay')).toEqual([]);
  });

  it('shows the refusal and the preview of now when the rate moved, and retries with the same key', async () => {
    signIn(['purchase:taobao-pre-order:pay']);
    const calls = server({ rateMovesTo: '0.1390' });
    renderUi(<PayDialog platform="TAOBAO" target={{ kind: 'preOrder', id: 7 }} number="PP26112700000007" onClose={vi.fn()} />);
    await screen.findByTestId('pay-preview');
    await userEvent.click(screen.getByTestId('pay-submit'));
    expect((await screen.findByTestId('server-error')).textContent).toContain('changed from 0.1381 to 0.1390');
    await waitFor(() => expect(screen.getByTestId('pay-rate').textContent).toBe('1 CNY = 0.1390 USD'));
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(callsTo(calls, 'preOrder/pay')).toHaveLength(2));
    const [first, second] = callsTo(calls, 'preOrder/pay');
    expect(second?.body).toEqual({ id: 7, currency: 'USD', expectedRate: '0.1390' });
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });
});
