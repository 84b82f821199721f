import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { purchaseOrder } from '../test/purchasing-fixtures.ts';
import { PurchasingOrderListPage } from './purchasing-order-list-page.tsx';

const PLACE = '/api/purchasing/order/place';

function renderPage() {
  const router = createMemoryRouter([{ path: '/purchasing/order', Component: PurchasingOrderListPage }], { initialEntries: ['/purchasing/order'] });
  renderUi(<RouterProvider router={router} />);
}

describe("the purchaser's purchase orders", { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('purchasing'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('asks before placing an order at its platform, naming it and its amount; only a confirmation places it', async () => {
    signIn(['purchasing:order:list', 'purchasing:order:place']);
    const order = purchaseOrder({ status: 'PLACING', platform: '1688', purchaseAmount: '1250.30' });
    const calls = stubFetch(({ url }) => (url.pathname === PLACE ? { ...order, status: 'PURCHASED' } : pageOf([order])));
    renderPage();
    await userEvent.click(await screen.findByTestId('order-place'));
    const asked = (await screen.findByText(`Place ${order.purchaseNo} on 1688?`)).closest('.ant-popover') as HTMLElement;
    expect(within(asked).getByText('Purchase amount 1,250.30 CNY. Once it is placed, the merchant can no longer cancel it.')).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname === PLACE)).toEqual([]);

    await userEvent.click(within(asked).getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === PLACE).map((call) => call.body)).toEqual([{ tenantId: 1, id: 31 }]));
    expect(await screen.findByText(`Purchase order ${order.purchaseNo}: Purchased`)).toBeTruthy();
  });
});
