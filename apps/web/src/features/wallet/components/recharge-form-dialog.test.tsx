import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { callsTo, openDropdown, signInWith } from '../test/wallet-fixtures.ts';
import { RechargeListPage } from '../pages/recharge-list-page.tsx';
import { RechargeFormDialog } from './recharge-form-dialog.tsx';

const form = () => document.querySelector<HTMLElement>('form#rechargeForm')!;
const dialog = () => form().closest<HTMLElement>('.ant-modal')!;
const field = (label: string) => within(form()).getByLabelText(label);
const press = (name: string) => userEvent.click(within(dialog()).getByRole('button', { name }));

async function pick(label: string, option: string) {
  await userEvent.click(field(label));
  await userEvent.click(await waitFor(() => within(openDropdown()).getByTitle(option)));
}

const created = (overrides: Partial<RechargeRecord>): Partial<RechargeRecord> => ({ id: 9, rechargeNo: 'RC2603010001', status: 'SUBMITTED', ...overrides });

const RATES = { currency: 'HKD', rates: [{ baseCurrency: 'HKD', quoteCurrency: 'CNY', rate: '0.9215', inverseRate: '1.0851871948', effectiveFrom: '2026-03-01T00:00:00.000Z' }] };

/** recharge/submit answers each of `answers` in turn; vouchers get ids from 77. */
function server(answers: unknown[]) {
  let voucherId = 77;
  return stubFetch(({ method, url }) => {
    if (method === 'POST' && url.pathname.endsWith('/recharge/credentials')) return { id: voucherId++, name: 'slip.png', mimeType: 'image/png', size: 12 };
    if (method === 'POST' && url.pathname.endsWith('/queryRate')) return RATES;
    if (method === 'POST' && url.pathname.endsWith('/recharge/submit')) return answers.shift();
    return new Response(null, { status: 404 });
  });
}

const posts = (calls: FetchCall[]) => callsTo(calls, 'recharge/submit');

describe('the recharge form', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says what is missing next to each field and sends nothing', async () => {
    signInWith(['wallet:recharge:submit']);
    const calls = server([]);
    renderUi(<RechargeFormDialog open draft={null} onClose={vi.fn()} />);
    await press('Submit for review');
    expect(await screen.findByText('Transfer currency is required')).toBeTruthy();
    expect(screen.getByText('Transfer amount is required')).toBeTruthy();
    expect(screen.getByText('Receiving account is required')).toBeTruthy();
    expect(screen.getByText('Wallet currency is required')).toBeTruthy();
    expect(screen.getByText('Payer is required')).toBeTruthy();
    expect(screen.getByText('Upload at least one transfer voucher to submit for review')).toBeTruthy();

    await userEvent.type(field('Transfer amount'), '12.345');
    expect(await screen.findByText('Transfer amount: at most 2 decimals')).toBeTruthy();
    await userEvent.clear(field('Transfer amount'));
    await userEvent.type(field('Transfer amount'), '0.00');
    expect(await screen.findByText('Transfer amount must be more than 0')).toBeTruthy();

    // a draft needs no voucher, but still its fields
    await press('Save draft');
    await waitFor(() => expect(screen.queryByText('Upload at least one transfer voucher to submit for review')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('shows where to wire, estimates the credit, and retries a failed submission with the same Idempotency-Key', async () => {
    signInWith(['wallet:recharge:submit']);
    const onClose = vi.fn();
    const calls = server([refuse(503, 'Service unavailable'), created({ rechargeNo: 'RC2603010001' })]);
    renderUi(<RechargeFormDialog open draft={null} onClose={onClose} />);

    await pick('Transfer currency', 'HKD');
    // the only HKD account is chosen, and the wallet currency follows the transfer's
    const account = await screen.findByTestId('receiving-account');
    expect(within(account).getByText('HSBC Hong Kong')).toBeTruthy();
    expect(within(account).getByText('004-123-456789-838')).toBeTruthy();
    expect(within(account).getByText('Cross Border Consolidation Ltd')).toBeTruthy();
    expect(screen.queryByTestId('recharge-estimate')).toBeNull();

    await pick('Wallet currency', 'CNY');
    await userEvent.type(field('Transfer amount'), '1000');
    await waitFor(() => expect(screen.getByTestId('recharge-estimate').textContent).toContain('≈ 921.50 CNY at rate 1 HKD = 0.9215 CNY'));

    await userEvent.type(field('Payer'), '  Demo Trading Ltd ');
    const input = dialog().querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'slip.png', { type: 'image/png' })] } });
    await waitFor(() => expect(callsTo(calls, 'recharge/credentials')).toHaveLength(1));
    const upload = callsTo(calls, 'recharge/credentials')[0]!;
    expect(upload.form?.get('file')).toBeInstanceOf(File);
    expect((upload.form?.get('file') as File).name).toBe('slip.png');

    await press('Submit for review');
    expect((await within(dialog()).findByTestId('server-error')).textContent).toBe('Service unavailable');
    expect(onClose).not.toHaveBeenCalled();
    await press('Submit for review');
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const sent = posts(calls);
    expect(sent).toHaveLength(2);
    const expected = {
      transferCurrency: 'HKD',
      transferAmount: '1000',
      receivedCurrency: 'CNY',
      receivingAccountCode: 'HK-HSBC',
      payerName: 'Demo Trading Ltd',
      payerAccount: '',
      remark: '',
      voucherIds: [77],
      draft: false,
    };
    expect(sent[0]!.body).toEqual(expected);
    expect(sent[1]!.body).toEqual(expected);
    // the retry is the same action: the same key, so the server can never record it twice
    const [first, second] = sent.map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(upload.headers['idempotency-key']).not.toBe(first);
    expect(await screen.findByText('Recharge RC2603010001 submitted for review')).toBeTruthy();
  });

  it('saves a draft without a voucher, and opens the next recharge empty with a new key', async () => {
    signInWith(['wallet:recharge:list', 'wallet:recharge:add', 'wallet:recharge:submit']);
    const answers = [created({ rechargeNo: 'RC2603010002', status: 'DRAFT' }), created({ rechargeNo: 'RC2603010003', status: 'DRAFT' })];
    const calls = stubFetch(({ url }) => {
      if (url.pathname.endsWith('/recharge/submit')) return answers.shift();
      if (url.pathname.endsWith('/recharge/list')) return { records: [], total: 0, current: 1, size: 10, pages: 0 };
      if (url.pathname.endsWith('/initiator')) return [];
      return new Response(null, { status: 404 });
    });
    const fill = async () => {
      await pick('Transfer currency', 'CNY');
      await userEvent.type(field('Transfer amount'), '500.5');
      await userEvent.type(field('Payer'), 'Li Lei');
      await userEvent.type(field('Payer account'), '6222 0000 1111');
    };
    const router = createMemoryRouter([{ path: '/', Component: RechargeListPage }]);
    renderUi(<RouterProvider router={router} />);
    await userEvent.click(await screen.findByTestId('recharge-new'));
    await fill();
    await press('Save draft');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ transferCurrency: 'CNY', transferAmount: '500.5', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', payerName: 'Li Lei', payerAccount: '6222 0000 1111', voucherIds: [], draft: true });
    expect(await screen.findByText('Recharge draft RC2603010002 saved')).toBeTruthy();

    // another recharge: an empty form, and another action for the server
    await userEvent.click(screen.getByTestId('recharge-new'));
    await waitFor(() => expect((field('Transfer amount') as HTMLInputElement).value).toBe(''));
    expect((field('Payer') as HTMLInputElement).value).toBe('');
    await fill();
    await press('Save draft');
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const [first, second] = posts(calls).map((call) => call.headers['idempotency-key']);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });
});
