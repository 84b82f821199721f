import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LogisticsSummary } from '@portal/shared/logistics-schemas';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { renderUi, stubFetch, TestProviders } from '../../../test/render-ui.tsx';
import { testUser } from '../../../test/fixtures.ts';
import { LogisticsFigures } from './logistics-figures.tsx';
import { barsOf, OrdersChart } from './orders-chart.tsx';

const entry = (id: number, path: string, component: string): MenuEntry => ({
  id,
  path,
  name: path,
  component,
  redirect: null,
  hidden: false,
  alwaysShow: false,
  route: '1',
  meta: { title: path, icon: null, url: null, keepAlive: false, internalOrExternal: false, permissionList: [] },
});
const HOME = entry(1, '/dashboard/analysis', 'dashboard/analysis');
const ORDERS = entry(2, '/logistics/international-order', 'logistics/international-order-list');
const PACKAGES = entry(3, '/logistics/package', 'logistics/package-list');
const EXCEPTIONS = entry(4, '/logistics/collection-exception', 'logistics/collection-exception-list');
const RECEIVE = entry(5, '/warehouse/receive', 'warehouse/parcel-receive');
const WAREHOUSE_EXCEPTIONS = entry(6, '/warehouse/exception', 'warehouse/exception-list');

const days = (counts: number[]) => counts.map((count, index) => ({ date: `2026-01-${String(index + 1).padStart(2, '0')}`, count }));

const SUMMARY: LogisticsSummary = {
  byStatus: [
    { status: 'CREATED', count: 5 },
    { status: 'WAIT_COLLECT', count: 0 },
    { status: 'WHIN', count: 1234 },
    { status: 'WHOUT', count: 0 },
    { status: 'CROSS_BORDER', count: 0 },
    { status: 'OVERSEA_WH', count: 0 },
    { status: 'END_DELIVERY', count: 0 },
    { status: 'DONE', count: 0 },
    { status: 'CANCEL', count: 0 },
    { status: 'RETURN', count: 0 },
    { status: 'LOST', count: 1 },
  ],
  parcelsInWarehouse: 4,
  openExceptions: 2,
  ordersPerDay: days([0, 2, 8, 4]),
};

function renderFigures(menu: MenuEntry[], tenantId = 1) {
  useAuth.setState({ userInfo: testUser({ tenantId }), permissions: { menu, auth: [], allAuth: [] }, dictionaries: { LOGOrderStateEnum: [] } });
  const router = createMemoryRouter([{ path: '*', element: <LogisticsFigures /> }], { initialEntries: ['/dashboard/analysis'] });
  return renderUi(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  useAuth.setState({ userInfo: null, permissions: null, dictionaries: null });
  vi.unstubAllGlobals();
});

describe('the 30-day chart', () => {
  test('bars in proportion to the busiest day, which reaches the top; an empty day has no bar, a small one stays visible', () => {
    const bars = barsOf(days([0, 2, 8, 4, 0]));
    expect(bars.map((bar) => bar.height)).toEqual([0, 25, 100, 50, 0]);
    expect(bars.map((bar) => bar.y)).toEqual([100, 75, 0, 50, 100]);
    expect(bars.map((bar) => bar.x)).toEqual([1.5, 11.5, 21.5, 31.5, 41.5]);
    expect(barsOf(days([1, 1000]))[0]!.height).toBe(1);
    expect(barsOf(days([0, 0])).every((bar) => bar.height === 0)).toBe(true);
  });

  test('draws each day as a bar, sums it up for screen readers and lists every day in a table', () => {
    render(
      <TestProviders>
        <OrdersChart days={days([0, 2, 8, 4])} title="Orders of the last 4 days" />
      </TestProviders>,
    );
    const chart = screen.getByTestId('orders-chart');
    const rects = [...chart.querySelectorAll('rect')];
    expect(rects.map((rect) => [rect.dataset.date, rect.getAttribute('height')])).toEqual([
      ['2026-01-01', '0'],
      ['2026-01-02', '25'],
      ['2026-01-03', '100'],
      ['2026-01-04', '50'],
    ]);
    expect(rects[2]!.querySelector('title')?.textContent).toBe('2026-01-03: 8');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('近 4 天共 14 筆訂單，單日最多 8 筆（2026-01-03）');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['2026-01-010', '2026-01-022', '2026-01-038', '2026-01-044']);
  });
});

describe('the home page figures', () => {
  test("a merchant sees every status with its count, each leading to the order list filtered by it, and the parcels, exceptions and chart", async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/logistics/summary') return SUMMARY;
      throw new Error(`unexpected ${url.pathname}`);
    });
    renderFigures([HOME, ORDERS]);
    const counts = await screen.findByTestId('status-counts');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/logistics/summary']);
    const items = within(counts).getAllByRole('listitem');
    // every status the server counts, in its order, zero ones too
    expect(items.map((item) => [item.dataset.status, item.dataset.count])).toEqual([
      ['CREATED', '5'],
      ['WAIT_COLLECT', '0'],
      ['WHIN', '1234'],
      ['WHOUT', '0'],
      ['CROSS_BORDER', '0'],
      ['OVERSEA_WH', '0'],
      ['END_DELIVERY', '0'],
      ['DONE', '0'],
      ['CANCEL', '0'],
      ['RETURN', '0'],
      ['LOST', '1'],
    ]);
    expect(items[2]!.textContent).toContain('1,234');
    expect(within(items[2]!).getByRole('link').getAttribute('href')).toBe('/logistics/international-order?status=WHIN');
    expect(screen.getByTestId('orders-total').textContent).toBe('共 1,240 筆訂單');
    expect(screen.getByTestId('parcels-in-warehouse').textContent).toBe('4');
    expect(screen.getByTestId('open-exceptions').textContent).toBe('2');
    expect(screen.getByTestId('orders-chart').querySelectorAll('rect')).toHaveLength(4);
  });

  test('platform staff: the figures without links to a merchant order list', async () => {
    stubFetch(() => SUMMARY);
    renderFigures([HOME, ORDERS], 0);
    const counts = await screen.findByTestId('status-counts');
    expect(within(counts).queryAllByRole('link')).toEqual([]);
  });

  test('the parcels and exceptions cards are links, like the status cards, for whoever may open those lists', async () => {
    stubFetch(() => SUMMARY);
    renderFigures([HOME, ORDERS, PACKAGES, EXCEPTIONS]);
    const parcels = within(await screen.findByTestId('parcels-in-warehouse-card')).getByRole('link');
    expect(parcels.getAttribute('href')).toBe('/logistics/package?status=IN_WAREHOUSE');
    expect(parcels.getAttribute('aria-label')).toBeNull();
    expect(parcels.textContent).toBe('在庫包裹4');
    const exceptions = within(screen.getByTestId('open-exceptions-card')).getByRole('link');
    expect(exceptions.getAttribute('href')).toBe('/logistics/collection-exception?status=OPEN');
    expect(exceptions.textContent).toContain('待處理異常');
  });

  test('the cards are no links for whoever may not open those lists, and lead platform staff to the warehouse', async () => {
    stubFetch(() => SUMMARY);
    renderFigures([HOME, ORDERS]);
    await screen.findByTestId('parcels-in-warehouse-card');
    expect(within(screen.getByTestId('parcels-in-warehouse-card')).queryByRole('link')).toBeNull();
    expect(within(screen.getByTestId('open-exceptions-card')).queryByRole('link')).toBeNull();
    cleanup();
    renderFigures([HOME, RECEIVE, WAREHOUSE_EXCEPTIONS], 0);
    expect(within(await screen.findByTestId('parcels-in-warehouse-card')).getByRole('link').getAttribute('href')).toBe('/warehouse/receive');
    expect(within(screen.getByTestId('open-exceptions-card')).getByRole('link').getAttribute('href')).toBe('/warehouse/exception?status=OPEN');
  });

  test('shows only the figures the server gives the reader: no card, no chart and no zero for the others', async () => {
    stubFetch(() => ({ ...SUMMARY, parcelsInWarehouse: null, openExceptions: null }));
    renderFigures([HOME, ORDERS]);
    await screen.findByTestId('status-counts');
    expect(screen.queryByTestId('parcels-in-warehouse-card')).toBeNull();
    expect(screen.queryByTestId('open-exceptions-card')).toBeNull();
    expect(screen.getByTestId('orders-chart')).toBeTruthy();
    cleanup();
    stubFetch(() => ({ byStatus: null, ordersPerDay: null, parcelsInWarehouse: 4, openExceptions: null }));
    renderFigures([HOME, PACKAGES]);
    expect((await screen.findByTestId('parcels-in-warehouse')).textContent).toBe('4');
    expect(screen.queryByTestId('status-counts')).toBeNull();
    expect(screen.queryByTestId('orders-chart')).toBeNull();
    expect(screen.queryByTestId('open-exceptions-card')).toBeNull();
    cleanup();
    const calls = stubFetch(() => ({ byStatus: null, ordersPerDay: null, parcelsInWarehouse: null, openExceptions: null }));
    renderFigures([HOME]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('logistics-figures')).toBeNull();
  });

  test('nothing and no request without the home menu entry (dashboard:analysis:view)', async () => {
    const calls = stubFetch(() => SUMMARY);
    renderFigures([ORDERS]);
    // long enough for a query that was going to start to have started
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('logistics-figures')).toBeNull();
    expect(calls).toEqual([]);
  });
});
