import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversionPreview, ConversionRecord, WalletBalance } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { callsTo, openDropdown, signInWith } from '../test/wallet-fixtures.ts';
import { ConvertDialog } from './convert-dialog.tsx';

const WALLETS: WalletBalance[] = [
  { currency: 'CNY', balance: '1000.00', unrecharged: '0.00', pendingRefund: '0.00', available: '1000.00', updatedAt: '2026-03-01T02:00:00.000Z' },
  { currency: 'USD', balance: '5.00', unrecharged: '0.00', pendingRefund: '0.00', available: '5.00', updatedAt: '2026-03-01T02:00:00.000Z' },
];

const preview = (amount: string, sufficient: boolean): ConversionPreview => ({
  fromCurrency: 'CNY',
  toCurrency: 'USD',
  amount,
  rate: '0.1381',
  inverseRate: '7.2411296162',
  converted: sufficient ? '13.81' : '276.20',
  balance: '1000.00',
  balanceAfter: sufficient ? '900.00' : '-1000.00',
  sufficient,
  effectiveFrom: '2026-03-01T00:00:00.000Z',
});

const RECORD: ConversionRecord = {
  conversionNo: 'CV26030100000042',
  fromCurrency: 'CNY',
  toCurrency: 'USD',
  amount: '100.00',
  converted: '13.81',
  rate: '0.1381',
  inverseRate: '7.2411296162',
  balanceFrom: '900.00',
  balanceTo: '18.81',
  postedAt: '2026-03-01T02:00:00.000Z',
};

/** The preview answers by the amount asked (2000 is more than the balance); submit answers `submitted` in turn. */
function server(submitted: unknown[] = [RECORD]) {
  let next = 0;
  return stubFetch(({ url, body }) => {
    if (url.pathname.endsWith('/wallet/details')) return { wallets: WALLETS };
    if (url.pathname.endsWith('/convert/preview')) {
      const amount = (body as { amount: string }).amount;
      return preview(amount === '2000' ? '2000.00' : '100.00', amount !== '2000');
    }
    if (url.pathname.endsWith('/convert/submit')) return submitted[next++] ?? new Response(null, { status: 500 });
    return new Response(null, { status: 404 });
  });
}

const form = () => document.querySelector<HTMLElement>('form#convertForm')!;
const dialog = () => form().closest<HTMLElement>('.ant-modal')!;
const field = (label: string) => within(form()).getByLabelText(label);
const convertButton = () => within(dialog()).getByTestId('convert-submit') as HTMLButtonElement;

async function pick(label: string, option: string) {
  await userEvent.click(field(label));
  await userEvent.click(await waitFor(() => within(openDropdown()).getByTitle(option)));
}

async function fill(amount: string) {
  await pick('From wallet', 'CNY (balance 1,000.00)');
  await pick('To wallet', 'USD (balance 5.00)');
  await userEvent.type(field('Amount to convert'), amount);
}

describe('converting between wallets', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('previews live and converts with the rate shown and an idempotency key', async () => {
    signInWith(['wallet:overview:convert']);
    const onClose = vi.fn();
    const calls = server();
    renderUi(<ConvertDialog open onClose={onClose} />);
    expect(convertButton().disabled).toBe(true);
    await fill('100');

    const estimate = await screen.findByTestId('convert-estimate');
    expect(estimate.textContent).toBe('≈ 13.81 USD at 1 CNY = 0.1381 USD');
    expect(screen.getByTestId('convert-balance-after').textContent).toBe('900.00 CNY');
    expect(screen.queryByTestId('convert-insufficient')).toBeNull();
    // one preview for the settled amount, not one per keystroke
    expect(callsTo(calls, 'convert/preview').map((call) => call.body)).toEqual([{ fromCurrency: 'CNY', toCurrency: 'USD', amount: '100' }]);

    await waitFor(() => expect(convertButton().disabled).toBe(false));
    await userEvent.click(convertButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = callsTo(calls, 'convert/submit');
    expect(sent?.body).toEqual({ fromCurrency: 'CNY', toCurrency: 'USD', amount: '100', expectedRate: '0.1381' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('warns of an insufficient balance and does not offer to convert', async () => {
    signInWith(['wallet:overview:convert']);
    const calls = server();
    renderUi(<ConvertDialog open onClose={vi.fn()} />);
    await fill('2000');
    const warning = await screen.findByTestId('convert-insufficient');
    expect(warning.textContent).toContain('Insufficient balance: cannot convert; 1,000.00 CNY available, 1,000.00 CNY short');
    expect(screen.getByTestId('convert-balance-after').textContent).toBe('-1,000.00 CNY');
    expect(convertButton().disabled).toBe(true);
    await userEvent.click(convertButton());
    expect(callsTo(calls, 'convert/submit')).toEqual([]);
  });

  it('shows the server’s refusal in the dialog, asks for the preview again, and retries with the same key', async () => {
    signInWith(['wallet:overview:convert']);
    const onClose = vi.fn();
    const changed = 'The CNY to USD rate changed from 0.1381 to 0.14: review the new amount and convert again';
    const calls = server([refuse(409, changed), RECORD]);
    renderUi(<ConvertDialog open onClose={onClose} />);
    await fill('100');
    await waitFor(() => expect(convertButton().disabled).toBe(false));
    await userEvent.click(convertButton());

    expect((await within(dialog()).findByTestId('server-error')).textContent).toContain(changed);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(callsTo(calls, 'convert/preview')).toHaveLength(2));

    await waitFor(() => expect(convertButton().disabled).toBe(false));
    await userEvent.click(convertButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const keys = callsTo(calls, 'convert/submit').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('refuses an amount with more decimals than the from currency has, before asking anything', async () => {
    signInWith(['wallet:overview:convert']);
    const calls = server();
    renderUi(<ConvertDialog open onClose={vi.fn()} />);
    await pick('From wallet', 'CNY (balance 1,000.00)');
    await pick('To wallet', 'JPY (new wallet)');
    await userEvent.type(field('Amount to convert'), '1.234');
    expect(await within(form()).findByText('Amount to convert: at most 2 decimals')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'convert/preview')).toEqual([]);
  });
});
