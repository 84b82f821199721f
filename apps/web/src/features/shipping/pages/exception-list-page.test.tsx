import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import type { ExceptionStatus } from '@portal/shared/logistics';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { signInWith } from '../test/shipping-fixtures.ts';
import { ExceptionListPage } from './exception-list-page.tsx';

const exception = (status: ExceptionStatus): ExceptionRecord => ({
  id: Number(status) + 1,
  exceptionNo: `EX26030100000${status}`,
  orderId: 10 + Number(status),
  orderNo: `LO2603010000000${status}`,
  type: 'DAMAGED',
  description: `Carton ${status} crushed`,
  status,
  resolution: status === '1' ? 'CONTINUE' : null,
  merchantRemark: '',
  platformRemark: status === '2' ? 'Please decide' : '',
  dealtAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
});

const ALL_STATUSES: ExceptionStatus[] = ['0', '1', '2', '3', '4'];
const LIST = ['logistics:collection-exception:list', 'logistics:collection-exception:detail'];
const DEAL = 'logistics:collection-exception:deal';

const rowOf = async (exceptionNo: string) => (await screen.findByText(exceptionNo)).closest('tr')!;
const dealButtonIn = (row: HTMLElement) => within(row).queryByRole('button', { name: 'Handle' });

describe('collection exceptions: the Deal button (spec §4)', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it("shows Deal for pending ('0') and awaiting ('2') only, never for '1', '3' or '4'", async () => {
    signInWith([...LIST, DEAL]);
    stubFetch(({ url }) => (url.pathname === '/api/logistics/collectionException/list' ? pageOf(ALL_STATUSES.map(exception)) : new Response(null, { status: 404 })));
    renderUi(<ExceptionListPage />);
    const shown: ExceptionStatus[] = [];
    for (const status of ALL_STATUSES) {
      const row = await rowOf(exception(status).exceptionNo);
      // every row keeps its Details button: only Deal depends on the status
      expect(within(row).getByRole('button', { name: 'Details' })).toBeTruthy();
      if (dealButtonIn(row)) shown.push(status);
    }
    expect(shown).toEqual(['0', '2']);
  });

  it('shows Deal for no status without the permission logistics:collection-exception:deal', async () => {
    signInWith(LIST);
    stubFetch(() => pageOf(ALL_STATUSES.map(exception)));
    renderUi(<ExceptionListPage />);
    for (const status of ALL_STATUSES) expect(dealButtonIn(await rowOf(exception(status).exceptionNo))).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Handle' })).toEqual([]);
  });

  it('requires a resolution, shows a refusal in the dialog, and after dealing the button is gone', async () => {
    signInWith([...LIST, DEAL]);
    let handled = false;
    let refusals = 1;
    const calls = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/logistics/collectionException/list') {
        return pageOf(ALL_STATUSES.map((status) => (status === '0' && handled ? { ...exception('0'), status: '1' as const, resolution: 'RETURN' as const } : exception(status))));
      }
      if (method === 'POST' && url.pathname === '/api/logistics/collectionException/deal') {
        if (refusals-- > 0) return refuse(409, 'The exception is Closed and can no longer be handled');
        handled = true;
        return { ...exception('0'), status: '1' };
      }
      return new Response(null, { status: 404 });
    });
    renderUi(<ExceptionListPage />);
    await userEvent.click(dealButtonIn(await rowOf('EX260301000000'))!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Handle exception EX260301000000')).toBeTruthy();
    expect(within(dialog).getByText('Carton 0 crushed')).toBeTruthy();

    // nothing is sent without a resolution
    await userEvent.click(within(dialog).getByRole('button', { name: 'Handle' }));
    expect(await within(dialog).findByText('Resolution is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Return to merchant'));
    await userEvent.type(within(dialog).getByLabelText('Merchant remark'), '  send it back  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Handle' }));
    // the server's 409 stays in the dialog, which stays open for another try
    expect((await within(dialog).findByTestId('server-error')).textContent).toContain('can no longer be handled');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ id: 1, resolution: 'RETURN', remark: 'send it back' }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Handle' }));
    expect(await screen.findByText('Resolution sent')).toBeTruthy();
    // the list is read again: the handled exception shows its resolution and no Deal button
    await waitFor(async () => expect(dealButtonIn(await rowOf('EX260301000000'))).toBeNull());
    expect(within(await rowOf('EX260301000000')).getByText('Return to merchant')).toBeTruthy();
    expect(dealButtonIn(await rowOf('EX260301000002'))).not.toBeNull();
  });

  it("opens on the open exceptions the home page's figure counts (?status=OPEN): pending and awaiting the merchant, said in the status filter", async () => {
    signInWith(LIST);
    const calls = stubFetch(({ url }) => pageOf(ALL_STATUSES.filter((status) => url.searchParams.get('status') !== 'OPEN' || status === '0' || status === '2').map(exception)));
    const router = createMemoryRouter([{ path: '*', element: <ExceptionListPage /> }], { initialEntries: ['/logistics/collection-exception?status=OPEN'] });
    renderUi(<RouterProvider router={router} />);
    expect(await screen.findByText('EX260301000000')).toBeTruthy();
    expect(screen.getByText('EX260301000002')).toBeTruthy();
    expect(screen.queryByText('EX260301000003')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/logistics/collectionException/list').map((call) => call.url.searchParams.get('status'))).toEqual(['OPEN']);
    await waitFor(() => expect(screen.getByTestId('query-form').querySelector('.ant-select-content')?.textContent).toBe('Open'));
  });
});
