import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { callsTo, openDropdown, signInWith } from '../test/wallet-fixtures.ts';
import { PaymentListPage } from './payment-list-page.tsx';
import { RechargeListPage } from './recharge-list-page.tsx';

const recharge = (id: number, status: RechargeRecord['status'], voucherCount: number): RechargeRecord => ({
  id,
  rechargeNo: `RC26030100000${id}`,
  status,
  transferCurrency: 'HKD',
  transferAmount: '1000.00',
  receivedCurrency: 'CNY',
  receivedAmount: '921.50',
  rate: '0.9215',
  inverseRate: '1.0851871948',
  unrechargedAmount: status === 'CONFIRMED' ? '0.00' : '921.50',
  rateApplyNo: null,
  payerName: 'Demo Trading Ltd',
  payerAccount: '',
  receivingAccountCode: 'HK-HSBC',
  receivingBank: 'HSBC Hong Kong',
  receivingAccountNo: '004-123-456789-838',
  transferredAt: null,
  remark: '',
  rejectReason: '',
  vouchers: Array.from({ length: voucherCount }, (_, index) => ({ id: 70 + index, name: `slip-${index}.png`, mimeType: 'image/png', size: 10 })),
  createdBy: 'merchant',
  submittedAt: null,
  decidedBy: '',
  decidedAt: null,
  postedAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  tenantId: 1,
  tenantName: 'Demo Trading',
});

const RECHARGE_CODES = ['wallet:recharge:list', 'wallet:recharge:add', 'wallet:recharge:edit', 'wallet:recharge:submit', 'wallet:recharge:delete'];

function server(records: RechargeRecord[] = []) {
  return stubFetch(({ url }) => {
    if (url.pathname.endsWith('/initiator')) return [{ id: 4, username: 'merchant', realname: 'Chen Dawen' }];
    if (url.pathname.endsWith('/list')) return pageOf(records);
    if (url.pathname.endsWith('/deleteRechargeRecord')) return null;
    return new Response(null, { status: 404 });
  });
}

function renderAt(path: string, Component: () => React.ReactNode) {
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [path] });
  renderUi(<RouterProvider router={router} />);
}

const lastBody = (calls: FetchCall[], path: string) => callsTo(calls, path).at(-1)?.body as Record<string, unknown> | undefined;
const tab = (key: string) => screen.findByTestId(`wallet-tab-${key}`);

describe('the wallet record lists', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('sends the tab as the status filter of the recharge list, on page 1', async () => {
    signInWith(RECHARGE_CODES);
    const calls = server();
    renderAt('/finance/wallet/recharge', RechargeListPage);
    await waitFor(() => expect(lastBody(calls, 'recharge/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
    for (const [key, status] of [
      ['DRAFT', 'DRAFT'],
      ['SUBMITTED', 'SUBMITTED'],
      ['CONFIRMED', 'CONFIRMED'],
      ['REJECTED', 'REJECTED'],
      ['REVERSED', 'REVERSED'],
    ] as const) {
      await userEvent.click(await tab(key));
      await waitFor(() => expect(lastBody(calls, 'recharge/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', status }));
    }
    await userEvent.click(await tab('ALL'));
    await waitFor(() => expect(lastBody(calls, 'recharge/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
    expect((await tab('SUBMITTED')).textContent).toBe('Awaiting review');
  });

  it('sends the query form as the body, the creator as a number, with the tab', async () => {
    signInWith(RECHARGE_CODES);
    const calls = server();
    renderAt('/finance/wallet/recharge', RechargeListPage);
    await userEvent.click(await tab('DRAFT'));
    const query = await screen.findByTestId('query-form');
    await userEvent.type(within(query).getByLabelText('Transaction number'), ' RC2603 ');
    await userEvent.click(within(query).getByLabelText('Created by'));
    await userEvent.click(await waitFor(() => within(openDropdown()).getByTitle('Chen Dawen (merchant)')));
    await userEvent.click(within(query).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastBody(calls, 'recharge/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', rechargeNo: 'RC2603', createdBy: 4, status: 'DRAFT' }));
  });

  it('offers a draft submit only with a voucher, and deletes it after a confirmation', async () => {
    signInWith(RECHARGE_CODES);
    const calls = server([recharge(1, 'DRAFT', 0), recharge(2, 'DRAFT', 1), recharge(3, 'CONFIRMED', 1)]);
    renderAt('/finance/wallet/recharge', RechargeListPage);
    const row = async (id: number) => (await screen.findByText(`RC26030100000${id}`)).closest('tr')!;
    expect((within(await row(1)).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(await row(2)).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(await row(3)).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(await row(3)).getByText('Credited')).toBeTruthy();
    expect(within(await row(3)).getByText('1,000.00 HKD')).toBeTruthy();

    await userEvent.click(within(await row(1)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete recharge draft RC260301000001?')).toBeTruthy();
    expect(callsTo(calls, 'deleteRechargeRecord')).toEqual([]);
    const confirm = screen.getByText('Delete recharge draft RC260301000001?').closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'deleteRechargeRecord').map((call) => call.body)).toEqual([{ id: 1 }]));
    expect(callsTo(calls, 'deleteRechargeRecord')[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('opens the payments on the drafts tab and lists every payment under All', async () => {
    signInWith(['wallet:payment:list']);
    const calls = server();
    renderAt('/finance/wallet/payment', PaymentListPage);
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', status: 'DRAFT' }));
    await userEvent.click(await tab('PAID'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', status: 'PAID' }));
    await userEvent.click(await tab('ALL'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
  });
});
