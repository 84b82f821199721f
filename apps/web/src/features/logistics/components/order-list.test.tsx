import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { OrderRecord, StatusCount } from '@portal/shared/logistics-schemas';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { OrderListPage } from '../pages/order-list-page.tsx';
import { tabCounts } from './status-tabs.tsx';

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });
const STATUS_TEXTS: Record<OrderStatus, string> = {
  CREATED: 'Created',
  WAIT_COLLECT: 'Awaiting collection',
  WHIN: 'In warehouse',
  WHOUT: 'Left warehouse',
  CROSS_BORDER: 'In cross-border transit',
  OVERSEA_WH: 'At overseas warehouse',
  END_DELIVERY: 'Out for delivery',
  DONE: 'Completed',
  CANCEL: 'Cancelled',
  RETURN: 'Returned',
  LOST: 'Lost',
};
const DICTIONARIES = {
  LOGOrderStateEnum: ORDER_STATUSES.map((status) => option(status, STATUS_TEXTS[status])),
  CountryType: [option('TW', 'Taiwan')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
  ServiceType: [option('BASE', 'Basic')],
};

const COUNTS: StatusCount[] = ORDER_STATUSES.map((status) => ({ status, count: { CREATED: 1200, WHIN: 3, DONE: 45 }[status as string] ?? 0 }));

const record = (id: number, status: OrderStatus): OrderRecord => ({
  id,
  orderNo: `LO2603010000000${id}`,
  merchantOrderNo: `SO-${id}`,
  serviceType: 'BASE',
  status,
  statusUpdatedAt: '2026-03-02T03:04:05.000Z',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  waybillNo: null,
  recipientName: 'Chen',
  itemQuantity: 3,
  merchandiseValue: '1234567.5',
  currency: 'CNY',
  weight: '1.5',
  freight: '45',
  freightCurrency: 'CNY',
  createdAt: '2026-03-01T03:04:05.000Z',
});

const entry = (action: string) => ({ action, describe: action, type: '1', status: '1' });
const grant = (codes: string[]) => useAuth.setState({ permissions: { menu: [], auth: codes.map(entry), allAuth: [] } });

function server(): FetchCall[] {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/logistics/order/statusCounts') return COUNTS;
    if (url.pathname === '/api/logistics/order/list') {
      const status = url.searchParams.get('status');
      const records = [record(1, 'CREATED'), record(2, 'WHIN')].filter((r) => !status || r.status === status);
      return { records, total: records.length, current: 1, size: 10, pages: 1 };
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
}

function renderRouted(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <OrderListPage /> }], { initialEntries: [path] });
  return { router, ...renderUi(<RouterProvider router={router} />) };
}

const renderList = (path = '/logistics/international-order') => renderRouted(path);

const tabText = (tab: string) => screen.getByTestId(`status-tab-${tab}`).textContent;

describe('the international order list', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('logistics');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  beforeEach(() => useAuth.setState({ dictionaries: DICTIONARIES }));
  afterEach(() => {
    cleanup();
    useAuth.setState({ dictionaries: null, permissions: null });
    vi.unstubAllGlobals();
  });

  it('counts "all" as the sum of the statuses, and every status present', () => {
    const counts = tabCounts([
      { status: 'CREATED', count: 2 },
      { status: 'DONE', count: 5 },
    ]);
    expect(counts?.ALL).toBe(7);
    expect(counts?.CREATED).toBe(2);
    expect(counts?.LOST).toBe(0);
    expect(tabCounts(undefined)).toBeNull();
  });

  it('shows a tab per status with its count, and a tab filters the list', async () => {
    grant(['logistics:order:add', 'logistics:order:import', 'logistics:order:export', 'logistics:order:edit', 'logistics:order:cancel']);
    const calls = server();
    renderList();
    await waitFor(() => expect(tabText('ALL')).toBe('All1,248'));
    expect(tabText('CREATED')).toBe('Created1,200');
    expect(tabText('WHIN')).toBe('In warehouse3');
    expect(tabText('LOST')).toBe('Lost0');
    expect(ORDER_STATUSES.every((status) => screen.queryByTestId(`status-tab-${status}`))).toBe(true);
    expect(await screen.findByText('LO26030100000001')).toBeTruthy();
    // money with its currency, 2 decimals and separators; weight with 3
    expect(screen.getAllByText('1,234,567.50 CNY').length).toBe(2);
    expect(screen.getAllByText('1.500').length).toBe(2);

    fireEvent.click(screen.getByTestId('status-tab-WHIN'));
    await waitFor(() => expect(screen.queryByText('LO26030100000001')).toBeNull());
    expect(screen.getByText('LO26030100000002')).toBeTruthy();
    const lists = calls.filter((call) => call.url.pathname === '/api/logistics/order/list');
    expect(lists.at(-1)!.url.searchParams.get('status')).toBe('WHIN');
    // the counts keep answering every status: the tab is not one of their filters
    expect(calls.filter((call) => call.url.pathname === '/api/logistics/order/statusCounts').every((call) => !call.url.searchParams.has('status'))).toBe(true);
  });

  it('says in the number fields what they match: a whole number or its beginning', async () => {
    grant([]);
    server();
    renderList();
    expect((await screen.findAllByPlaceholderText('Whole number or its beginning')).length).toBe(2);
  });

  it('opens on the status the home page links to (?status=), and ignores one that is not a status', async () => {
    grant([]);
    const calls = server();
    const { router } = renderRouted('/logistics/international-order?status=WHIN');
    expect(await screen.findByText('LO26030100000002')).toBeTruthy();
    expect(screen.queryByText('LO26030100000001')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/logistics/order/list').every((call) => call.url.searchParams.get('status') === 'WHIN')).toBe(true);
    // the address chose a tab, not a filter: every status tab stays offered
    await waitFor(() => expect(tabText('CREATED')).toBe('Created1,200'));
    expect(screen.getByTestId('status-tab-WHIN').closest('[role="tab"]')?.getAttribute('aria-selected')).toBe('true');
    // another home card followed while the list is open moves the tab
    await act(() => router.navigate('/logistics/international-order?status=CREATED'));
    expect(await screen.findByText('LO26030100000001')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('LO26030100000002')).toBeNull());
    cleanup();
    const again = server();
    renderList('/logistics/international-order?status=DROP');
    expect(await screen.findByText('LO26030100000001')).toBeTruthy();
    expect(again.filter((call) => call.url.pathname === '/api/logistics/order/list').every((call) => !call.url.searchParams.has('status'))).toBe(true);
  });

  it('gives the toolbar and the row actions by permission and by status', async () => {
    grant(['logistics:order:add', 'logistics:order:import', 'logistics:order:export', 'logistics:order:edit', 'logistics:order:cancel']);
    server();
    renderList();
    const created = (await screen.findByText('LO26030100000001')).closest('tr')!;
    const inWarehouse = screen.getByText('LO26030100000002').closest('tr')!;
    expect(within(created).getByTestId('order-edit')).toBeTruthy();
    expect(within(created).getByTestId('order-cancel')).toBeTruthy();
    // in the warehouse: neither editable nor cancellable
    expect(within(inWarehouse).queryByTestId('order-edit')).toBeNull();
    expect(within(inWarehouse).queryByTestId('order-cancel')).toBeNull();
    expect(screen.getByTestId('order-create')).toBeTruthy();
    expect(screen.getByTestId('order-import')).toBeTruthy();
    expect(screen.getByTestId('order-export')).toBeTruthy();
    expect(within(created).getByTestId('order-link').getAttribute('href')).toBe('/logistics/international-order/detail?id=1');
  });

  it('hides import, export and cancel from staff', async () => {
    grant(['logistics:order:add', 'logistics:order:edit']);
    server();
    renderList();
    const created = (await screen.findByText('LO26030100000001')).closest('tr')!;
    expect(within(created).getByTestId('order-edit')).toBeTruthy();
    expect(within(created).queryByTestId('order-cancel')).toBeNull();
    expect(screen.getByTestId('order-create')).toBeTruthy();
    expect(screen.queryByTestId('order-import')).toBeNull();
    expect(screen.queryByTestId('order-export')).toBeNull();
  });

  it('offers only "all" and the status chosen in the query form, counting that status as all', async () => {
    grant([]);
    const calls = server();
    renderList();
    await waitFor(() => expect(tabText('ALL')).toBe('All1,248'));
    await userEvent.click(screen.getByRole('button', { name: /More/ }));
    await userEvent.click(document.getElementById('status')!);
    await userEvent.click(await screen.findByTitle('Completed'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(tabText('ALL')).toBe('All45'));
    expect(tabText('DONE')).toBe('Completed45');
    expect(screen.queryByTestId('status-tab-CREATED')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/logistics/order/list').at(-1)!.url.searchParams.get('status')).toBe('DONE');
  });
});
