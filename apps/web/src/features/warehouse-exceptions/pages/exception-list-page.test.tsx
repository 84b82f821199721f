import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ExceptionStatus } from '@portal/shared/logistics';
import { changeLanguage } from '../../../lib/i18n.ts';
import { dictOption as option, inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import type { PlatformException } from '../api/exceptions.ts';
import { PlatformExceptionListPage } from './exception-list-page.tsx';

const signInWith = (codes: readonly string[]) =>
  signIn(codes, {
    CollectionOrderExceptionConstant: [option('0', 'Pending'), option('1', 'Handled'), option('2', 'Awaiting merchant reply'), option('3', 'Closed'), option('4', 'Cancelled')],
    CollectionExceptionType: [option('DAMAGED', 'Damaged goods'), option('PROHIBITED', 'Prohibited goods')],
    ExceptionResolution: [option('CONTINUE', 'Ship as is'), option('RETURN', 'Return to merchant')],
  });

const exception = (status: ExceptionStatus): PlatformException => ({
  id: Number(status) + 1,
  exceptionNo: `EX26030100000${status}`,
  orderId: 10 + Number(status),
  orderNo: `LO2603010000000${status}`,
  type: 'DAMAGED',
  description: `Carton ${status} crushed`,
  status,
  resolution: status === '1' ? 'RETURN' : null,
  merchantRemark: status === '1' ? 'Send it back' : '',
  platformRemark: status === '2' ? 'Please decide' : '',
  dealtAt: status === '1' ? '2026-03-01T03:00:00.000Z' : null,
  createdAt: '2026-03-01T02:00:00.000Z',
  tenantId: 1,
  tenantName: 'Demo Trading',
});

const ALL_STATUSES: ExceptionStatus[] = ['0', '1', '2', '3', '4'];
const LIST = 'warehouse:exception:list';
const ADD = 'warehouse:exception:add';
const UPDATE = 'warehouse:exception:update';
const MOVE_NAMES = ['Ask merchant', 'Close', 'Cancel exception'];

function renderPage(entry = '/warehouse/exception') {
  const router = createMemoryRouter([{ path: '/warehouse/exception', Component: PlatformExceptionListPage }], { initialEntries: [entry] });
  renderUi(<RouterProvider router={router} />);
  return router;
}

const rowOf = async (exceptionNo: string) => (await screen.findByText(exceptionNo)).closest('tr')!;
const movesIn = (row: HTMLElement) => MOVE_NAMES.filter((name) => within(row).queryByRole('button', { name }) !== null);
const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

describe('platform collection exceptions', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('exceptions'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('offers on each row only the moves the server accepts from its status', async () => {
    signInWith([LIST, ADD, UPDATE]);
    stubFetch(() => pageOf(ALL_STATUSES.map(exception)));
    renderPage();
    const offered: Record<string, string[]> = {};
    for (const status of ALL_STATUSES) offered[status] = movesIn(await rowOf(exception(status).exceptionNo));
    expect(offered).toEqual({
      '0': ['Ask merchant', 'Close', 'Cancel exception'],
      '1': ['Close'],
      '2': ['Ask merchant', 'Close', 'Cancel exception'],
      '3': [],
      '4': [],
    });
    // the merchant's side shows in the row: its tenant, resolution and remark
    const handled = await rowOf('EX260301000001');
    expect(within(handled).getByText('Demo Trading')).toBeTruthy();
    expect(within(handled).getByText('Return to merchant')).toBeTruthy();
    expect(within(handled).getByText('Send it back')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Report exception/ })).toBeTruthy();
  });

  it('offers no move without warehouse:exception:update and no Register without warehouse:exception:add', async () => {
    signInWith([LIST]);
    stubFetch(() => pageOf(ALL_STATUSES.map(exception)));
    renderPage();
    for (const status of ALL_STATUSES) expect(movesIn(await rowOf(exception(status).exceptionNo))).toEqual([]);
    expect(screen.queryByRole('button', { name: /Report exception/ })).toBeNull();
  });

  it('asks the merchant only with a remark, and closes with a confirmation', async () => {
    signInWith([LIST, UPDATE]);
    const calls = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/warehouse/exception/list') return pageOf(ALL_STATUSES.map(exception));
      if (method === 'POST' && url.pathname === '/api/warehouse/exception/update') return { ...exception('0'), status: '2' };
      return new Response(null, { status: 404 });
    });
    renderPage();
    await userEvent.click(within(await rowOf('EX260301000000')).getByRole('button', { name: 'Ask merchant' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ask the merchant about exception EX260301000000')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Platform remark'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask merchant' }));
    expect(await within(dialog).findByText('Platform remark is required')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Platform remark'), ' Which box? ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask merchant' }));
    expect(await screen.findByText('Merchant asked to handle it')).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([{ id: 1, status: '2', remark: 'Which box?' }]);

    // closing a handled one needs no remark, but still a confirmation
    await userEvent.click(within(await rowOf('EX260301000001')).getByRole('button', { name: 'Close' }));
    dialog = (await screen.findByText('Close exception EX260301000001')).closest<HTMLElement>('.ant-modal')!;
    expect(posts(calls)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close exception' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]!.body).toEqual({ id: 2, status: '3', remark: '' });
  });

  it('validates the register form, shows a refusal in it, and sends the trimmed values', async () => {
    signInWith([LIST, ADD]);
    let refusals = 1;
    const calls = stubFetch(({ method, url }) => {
      if (method === 'GET') return pageOf([]);
      if (method === 'POST' && url.pathname === '/api/warehouse/exception/add') {
        if (refusals-- > 0) return refuse(404, 'Logistics order LO26030100000009 does not exist');
        return { ...exception('0'), exceptionNo: 'EX260301000042' };
      }
      return new Response(null, { status: 404 });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Report exception/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Description'), '    ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Logistics order number is required')).toBeTruthy();
    expect(within(dialog).getByText('Exception type is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Logistics order number'), ' LO26030100000009 ');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Prohibited goods'));
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Lithium battery inside');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect((await within(dialog).findByTestId('server-error')).textContent).toBe('Logistics order LO26030100000009 does not exist');
    expect(posts(calls).map((call) => call.body)).toEqual([{ orderNo: 'LO26030100000009', type: 'PROHIBITED', description: 'Lithium battery inside' }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Exception EX260301000042 reported')).toBeTruthy();
    expect(posts(calls)).toHaveLength(2);
  });

  it('opens the register form for the order named in ?register= (the receive screen links so)', async () => {
    signInWith([LIST, ADD]);
    stubFetch(() => pageOf([]));
    const router = renderPage('/warehouse/exception?register=LO26030100000007');
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Logistics order number') as HTMLInputElement).value).toBe('LO26030100000007');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // closed, the parameter is gone: a reload does not open it again
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("opens on the open exceptions the home page's figure counts (?status=OPEN): pending and awaiting the merchant, said in the status filter", async () => {
    signInWith([LIST]);
    const calls = stubFetch(({ url }) => pageOf(ALL_STATUSES.filter((status) => url.searchParams.get('status') !== 'OPEN' || status === '0' || status === '2').map(exception)));
    renderPage('/warehouse/exception?status=OPEN');
    expect(await screen.findByText('EX260301000000')).toBeTruthy();
    expect(screen.getByText('EX260301000002')).toBeTruthy();
    expect(screen.queryByText('EX260301000001')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/warehouse/exception/list').map((call) => call.url.searchParams.get('status'))).toEqual(['OPEN']);
    await waitFor(() => expect(screen.getByTestId('query-form').querySelector('.ant-select-content')?.textContent).toBe('Open'));
  });
});
