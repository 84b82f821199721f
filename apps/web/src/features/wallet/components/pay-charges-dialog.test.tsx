import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChargeRecord, PaymentPreview } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { callsTo, signInWith } from '../test/wallet-fixtures.ts';
import { PayChargesDialog } from './pay-charges-dialog.tsx';

const charge = (orderId: number, amount: string, currency: ChargeRecord['currency'] = 'CNY'): ChargeRecord => ({
  orderId,
  orderNo: `LO2603010000000${orderId}`,
  merchantOrderNo: `M-${orderId}`,
  orderStatus: 'WHOUT',
  currency,
  amount,
  createdAt: '2026-03-01T02:00:00.000Z',
  draftPaymentNos: [],
});
const CHARGES = [charge(1, '180.00'), charge(2, '120.00'), charge(3, '35.00', 'USD')];

const preview = (sufficient: boolean): PaymentPreview => ({
  currency: 'CNY',
  amount: '300.00',
  balance: sufficient ? '1000.00' : '120.50',
  balanceAfter: sufficient ? '700.00' : '-179.50',
  sufficient,
  lines: [
    { orderId: 1, orderNo: 'LO26030100000001', amount: '180.00', payable: true, reason: '' },
    { orderId: 2, orderNo: 'LO26030100000002', amount: '120.00', payable: true, reason: '' },
  ],
});

function server(sufficient: boolean) {
  return stubFetch(({ url }) => {
    if (url.pathname.endsWith('/payment/charges')) return pageOf(CHARGES);
    if (url.pathname.endsWith('/payment/confirm')) return preview(sufficient);
    if (url.pathname.endsWith('/payment/submit')) return { id: 5, paymentNo: 'PY2603010005', status: 'DRAFT' };
    return new Response(null, { status: 404 });
  });
}

const dialog = () => screen.getByRole('dialog');
const rowCheckbox = async (orderNo: string) => within(await screen.findByRole('row', { name: new RegExp(orderNo) })).getByRole('checkbox');

async function chooseAndPreview() {
  await userEvent.click(await rowCheckbox('LO26030100000001'));
  await userEvent.click(await rowCheckbox('LO26030100000002'));
  // one currency per payment: the USD charge cannot join
  expect(((await rowCheckbox('LO26030100000003')) as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByTestId('charges-picked').textContent).toBe('2 chosen, 300.00 CNY in all');
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));
  return screen.findByTestId('payment-preview');
}

describe('paying charges', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says there is nothing to pay only once the charges have come, not under the spinner', async () => {
    signInWith(['wallet:payment:add', 'wallet:payment:submit']);
    let answer: (records: ChargeRecord[]) => void = () => undefined;
    stubFetch(({ url }) => (url.pathname.endsWith('/payment/charges') ? new Promise((resolve) => (answer = (records) => resolve(pageOf(records)))) : new Response(null, { status: 404 })));
    renderUi(<PayChargesDialog open draft={null} onClose={vi.fn()} />);
    await waitFor(() => expect(dialog().querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(within(dialog()).queryByText('No charges to pay')).toBeNull();
    answer([]);
    expect(await within(dialog()).findByText('No charges to pay')).toBeTruthy();
  });

  it('searches again with the same order number: a search always asks', async () => {
    signInWith(['wallet:payment:add', 'wallet:payment:submit']);
    const calls = server(true);
    renderUi(<PayChargesDialog open draft={null} onClose={vi.fn()} />);
    await rowCheckbox('LO26030100000001');
    const box = within(dialog()).getByRole('searchbox');
    await userEvent.type(box, 'LO2603{Enter}');
    await userEvent.click(within(dialog()).getByRole('button', { name: /search/i }));
    await waitFor(() => expect(callsTo(calls, 'payment/charges').filter((call) => (call.body as { orderNo?: string }).orderNo === 'LO2603')).toHaveLength(2));
  });

  it('previews the payment, warns of an insufficient balance and does not offer to pay, but keeps a draft', async () => {
    signInWith(['wallet:payment:add', 'wallet:payment:submit']);
    const onClose = vi.fn();
    const calls = server(false);
    renderUi(<PayChargesDialog open draft={null} onClose={onClose} />);
    const shown = await chooseAndPreview();
    expect(callsTo(calls, 'payment/confirm').map((call) => call.body)).toEqual([{ orderIds: [1, 2] }]);

    expect(within(shown).getByText('300.00 CNY')).toBeTruthy();
    expect(within(shown).getByText('120.50 CNY')).toBeTruthy();
    const warning = within(shown).getByTestId('payment-insufficient');
    expect(warning.textContent).toContain('Insufficient balance: cannot pay');
    expect(warning.textContent).toContain('179.50 CNY short');
    const payNow = within(dialog()).getByRole('button', { name: 'Pay now' }) as HTMLButtonElement;
    expect(payNow.disabled).toBe(true);
    await userEvent.click(payNow);
    expect(callsTo(calls, 'payment/submit')).toEqual([]);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [saved] = callsTo(calls, 'payment/submit');
    expect(saved?.body).toEqual({ orderIds: [1, 2], remark: '', draft: true });
    expect(saved?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('pays now when the balance covers it', async () => {
    signInWith(['wallet:payment:add', 'wallet:payment:submit']);
    const onClose = vi.fn();
    const calls = server(true);
    renderUi(<PayChargesDialog open draft={null} onClose={onClose} />);
    const shown = await chooseAndPreview();
    expect(within(shown).queryByTestId('payment-insufficient')).toBeNull();
    expect(within(shown).getByText('700.00 CNY')).toBeTruthy();
    await userEvent.type(within(dialog()).getByRole('textbox'), ' March freight ');
    const payNow = within(dialog()).getByRole('button', { name: 'Pay now' }) as HTMLButtonElement;
    expect(payNow.disabled).toBe(false);
    await userEvent.click(payNow);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, 'payment/submit').map((call) => call.body)).toEqual([{ orderIds: [1, 2], remark: 'March freight', draft: false }]);
  });
});
