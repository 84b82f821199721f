import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentRecord, RechargeRecord } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { callsTo, openDropdown, signInWith } from '../test/wallet-fixtures.ts';
import { PaymentListPage } from './payment-list-page.tsx';
import { RechargeListPage } from './recharge-list-page.tsx';
import { RefundListPage } from './refund-list-page.tsx';

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
  rateApplyId: null,
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

  it('opens every wallet list on All, the first tab', async () => {
    signInWith(['wallet:payment:list', 'wallet:recharge:list', 'wallet:refund:list']);
    const calls = server();
    for (const [path, Page, list] of [
      ['/finance/wallet/payment', PaymentListPage, 'payment/list'],
      ['/finance/wallet/recharge', RechargeListPage, 'recharge/list'],
      ['/finance/wallet/refund', RefundListPage, 'refund/list'],
    ] as const) {
      renderAt(path, Page);
      await waitFor(() => expect(lastBody(calls, list)).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
      const tabs = screen.getAllByRole('tab');
      expect(tabs[0]?.textContent).toBe('All');
      expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
      cleanup();
    }
  });

  it('lists every payment under All and each state under its tab', async () => {
    signInWith(['wallet:payment:list']);
    const calls = server();
    renderAt('/finance/wallet/payment', PaymentListPage);
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
    await userEvent.click(await tab('DRAFT'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', status: 'DRAFT' }));
    await userEvent.click(await tab('PAID'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc', status: 'PAID' }));
    await userEvent.click(await tab('ALL'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toEqual({ pageNo: 1, pageSize: 10, order: 'desc' }));
  });

  it('shows a draft paid from the Drafts tab under Paid, marked, instead of letting it vanish', async () => {
    signInWith(['wallet:payment:list', 'wallet:payment:submit']);
    let paid = false;
    const calls = stubFetch(({ url, body }) => {
      if (url.pathname.endsWith('/initiator')) return [];
      if (url.pathname.endsWith('/payment/list')) {
        const status = (body as { status?: string }).status;
        const shown = paid ? payment('PAID') : payment('DRAFT');
        return pageOf(status === undefined || status === shown.status ? [shown] : []);
      }
      if (url.pathname.endsWith('/payment/confirm')) return { currency: 'CNY', amount: '180.00', balance: '1000.00', balanceAfter: '820.00', sufficient: true, lines: [{ orderId: 1, orderNo: 'LO26030100000001', amount: '180.00', payable: true, reason: '' }] };
      if (url.pathname.endsWith('/payment/confirm/submit')) {
        paid = true;
        return payment('PAID');
      }
      return new Response(null, { status: 404 });
    });
    renderAt('/finance/wallet/payment', PaymentListPage);
    await userEvent.click(await tab('DRAFT'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toMatchObject({ status: 'DRAFT' }));
    const draftRow = (await screen.findByText('PY26030100000009')).closest('tr')!;
    await userEvent.click(within(draftRow).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay now' }));
    expect(callsTo(calls, 'payment/confirm/submit').map((call) => call.body)).toEqual([{ id: 9 }]);
    await waitFor(async () => expect((await tab('PAID')).closest('[role="tab"]')?.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(lastBody(calls, 'payment/list')).toMatchObject({ status: 'PAID' }));
    const row = (await screen.findByText('PY26030100000009')).closest('tr')!;
    expect(within(row).getByTestId('wallet-just-changed').textContent).toBe('Just now');
    expect(within(row).getByText('Paid')).toBeTruthy();
  });
});

const payment = (status: PaymentRecord['status']): PaymentRecord => ({
  id: 9,
  paymentNo: 'PY26030100000009',
  status,
  currency: 'CNY',
  amount: '180.00',
  payee: 'Portal Logistics',
  remark: '',
  lines: [{ orderId: 1, orderNo: 'LO26030100000001', amount: '180.00', payOrderNo: status === 'PAID' ? 'PO26030100000001' : null, refunded: status === 'PAID' ? '0.00' : null }],
  createdBy: 'merchant',
  paidBy: status === 'PAID' ? 'merchant' : '',
  paidAt: status === 'PAID' ? '2026-03-01T03:00:00.000Z' : null,
  balanceAfter: status === 'PAID' ? '820.00' : null,
  createdAt: '2026-03-01T02:00:00.000Z',
});
