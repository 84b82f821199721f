import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import type { ParcelStatus } from '@portal/shared/logistics';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { signInWith } from '../test/shipping-fixtures.ts';
import { PackageListPage } from './package-list-page.tsx';

const parcel = (id: number, status: ParcelStatus): ParcelRecord => ({
  id,
  trackingNo: `SF${1000 + id}`,
  orderId: null,
  logisticsOrderNo: null,
  status,
  weight: status === 'FORECAST' ? null : '1.250',
  length: null,
  width: null,
  height: null,
  warehouseCode: 'SZ01',
  storageTime: null,
  shipmentTime: null,
  remark: '',
  createdAt: '2026-03-01T02:00:00.000Z',
});
const PARCELS = [parcel(1, 'FORECAST'), parcel(2, 'IN_WAREHOUSE'), parcel(3, 'SHIPPED')];
const LIST = '/api/logistics/package/list';

function openAt(path: string) {
  const calls = stubFetch(({ url }) => (url.pathname === LIST ? pageOf(PARCELS.filter((p) => !url.searchParams.has('status') || p.status === url.searchParams.get('status'))) : new Response(null, { status: 404 })));
  const router = createMemoryRouter([{ path: '*', element: <PackageListPage /> }], { initialEntries: [path] });
  renderUi(<RouterProvider router={router} />);
  return calls.filter((call) => call.url.pathname === LIST);
}
const statusShown = () => screen.getByTestId('query-form').querySelector('.ant-select-content')?.textContent;

describe("the package list opened from the home page's parcels card (?status=)", { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('asks the server for the parcels in the warehouse, and says so in the status filter', async () => {
    signInWith(['logistics:package:list']);
    const lists = openAt('/logistics/package?status=IN_WAREHOUSE');
    expect(await screen.findByText('SF1002')).toBeTruthy();
    expect(screen.queryByText('SF1001')).toBeNull();
    expect(lists.map((call) => call.url.searchParams.get('status'))).toEqual(['IN_WAREHOUSE']);
    await waitFor(() => expect(statusShown()).toBe('In warehouse'));
  });

  it('ignores a status that is not one: every parcel, and no status sent', async () => {
    signInWith(['logistics:package:list']);
    const lists = openAt('/logistics/package?status=LOST');
    expect(await screen.findByText('SF1001')).toBeTruthy();
    expect(lists.length).toBe(1);
    expect(lists[0]!.url.searchParams.has('status')).toBe(false);
  });
});
