import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { storage, userChoiceKey } from '../../../lib/storage.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { testUser } from '../../../test/fixtures.ts';
import { ReceivePage } from './receive-page.tsx';

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });
const EMPTY_PAGE = { records: [], total: 0, current: 1, size: 10, pages: 0, totalExact: true };

/** The warehouse user of these tests, and where their warehouse is remembered. */
const WAREHOUSE_USER = 4;
const rememberedWarehouse = (userId = WAREHOUSE_USER) => storage.get<string>(userChoiceKey(userId, 'RECEIVE_WAREHOUSE'));

function signIn(buttons: string[], userId = WAREHOUSE_USER) {
  useAuth.setState({
    userInfo: testUser({ id: userId, username: 'warehouse', tenantId: 0 }),
    permissions: { menu: [], auth: buttons.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] },
    dictionaries: {
      LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse'), option('GZ01', 'Guangzhou warehouse')],
      LOGOrderStateEnum: [option('WHIN', 'In warehouse'), option('CREATED', 'Created')],
      ParcelStatus: [option('IN_WAREHOUSE', 'In warehouse')],
    },
  });
}

const envelope = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'content-type': 'application/json' } });

type Sent = { number: string; warehouseCode: string; weight: string; length: string; width: string; height: string };

/** The server: LO…1 is received, LO…2 was received already (409: already received), anything else is unknown. */
function server() {
  const bodies: Sent[] = [];
  const calls: FetchCall[] = stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/warehouse/parcel/list') return EMPTY_PAGE;
    if (method === 'POST' && url.pathname === '/api/warehouse/parcel/receive') {
      const body = bodies.at(-1);
      if (body?.number === 'LO26011500000001')
        return { orderNo: 'LO26011500000001', tenantName: 'Demo Trading', status: 'WHIN', chargeableWeight: '1.500', freightCharge: '38.50', freightCurrency: 'CNY' };
      if (body?.number === 'LO26011500000002') return envelope(409, 'The order is already "In warehouse"; nothing was changed');
      return envelope(404, 'No parcel or order has this number');
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  });
  // the request bodies, read before the answer above is chosen
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body) bodies.push(JSON.parse(String(init.body)) as Sent);
    return stubbed(input, init);
  });
  return { calls, bodies, receives: () => calls.filter((call) => call.method === 'POST') };
}

const field = (name: string) => document.getElementById(`receive_${name}`) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => fireEvent.submit(document.getElementById('receive') as HTMLFormElement);
/** Enter in a field, as a scanner ends a number or a person a measure. */
const enter = (name: string) => fireEvent.keyDown(field(name), { key: 'Enter' });
const errorsShown = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

function measure(number: string) {
  fill('number', number);
  fill('weight', '1.25');
  fill('length', '30');
  fill('width', '20.5');
  fill('height', '10');
}

describe('warehouse-in by scan', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  beforeEach(() => storage.set(userChoiceKey(WAREHOUSE_USER, 'RECEIVE_WAREHOUSE'), 'SZ01'));
  afterEach(() => {
    // unmounted before fetch is restored: a list refreshing after a scan must not reach the network
    cleanup();
    useAuth.setState({ userInfo: null, permissions: null, dictionaries: null });
    vi.unstubAllGlobals();
  });

  test('a scan sends the number with the remembered warehouse and the measure, shows the order, its merchant and freight, and is ready for the next parcel', async () => {
    signIn(['warehouse:receive:scan']);
    const { bodies, receives } = server();
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('number')).toBeTruthy());
    measure(' LO26011500000001 ');
    send();

    const result = await screen.findByTestId('receive-result');
    expect(bodies).toEqual([{ number: 'LO26011500000001', warehouseCode: 'SZ01', weight: '1.25', length: '30', width: '20.5', height: '10' }]);
    expect(receives()).toHaveLength(1);
    expect(result.textContent).toContain('LO26011500000001');
    expect(within(result).getByTestId('receive-tenant').textContent).toBe('Demo Trading');
    expect(within(result).getByTestId('receive-freight').textContent).toBe('38.50 CNY');
    expect(result.textContent).toContain('1.500 kg');
    // the number and the measure are cleared for the next parcel; the warehouse stays; the number has the focus
    await waitFor(() => expect(document.activeElement).toBe(field('number')));
    expect(field('number').value).toBe('');
    expect(field('weight').value).toBe('');
    expect(screen.getByTestId('scan-count').textContent).toBe('1 scan, 1 received');
  });

  test('a refusal is listed with the server message, the number stays to be scanned over, the measure is cleared, and an unknown number says so', async () => {
    signIn(['warehouse:receive:scan']);
    server();
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('number')).toBeTruthy());
    measure('LO26011500000002');
    send();
    expect((await screen.findByTestId('receive-error')).textContent).toBe('The order is already "In warehouse"; nothing was changed');
    expect(field('number').value).toBe('LO26011500000002');
    // a measure belongs to the parcel it was taken for: the next scan starts from none
    await waitFor(() => expect(field('weight').value).toBe(''));
    expect(['length', 'width', 'height'].map((name) => field(name).value)).toEqual(['', '', '']);

    measure('SF0000000000');
    send();
    await waitFor(() => expect(screen.getByTestId('receive-error').textContent).toBe('No parcel or order has the number "SF0000000000"'));
    const rows = within(screen.getByTestId('scan-list')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('SF0000000000'), expect.stringContaining('The order is already "In warehouse"; nothing was changed')]);
    expect(rows.every((row) => row.textContent?.includes('Failed'))).toBe(true);
    expect(screen.getByTestId('scan-count').textContent).toBe('2 scans, 0 received');
  });

  test('with something missing or wrong, nothing is sent and the focus goes to the first field to fill', async () => {
    signIn(['warehouse:receive:scan']);
    const { receives } = server();
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('number')).toBeTruthy());
    fill('number', 'LO26011500000001');
    send();
    await waitFor(() => expect(document.activeElement).toBe(field('weight')));
    fill('weight', '1.2345');
    fill('length', '0');
    fill('width', '20');
    fill('height', '10');
    send();
    expect(await screen.findByText('The weight must be more than 0, with at most 3 decimals')).toBeTruthy();
    expect(await screen.findByText('The Length must be more than 0, with at most 1 decimal')).toBeTruthy();
    // the server's limits are checked here too
    fill('weight', '1000.5');
    fill('length', '30');
    fill('height', '500.1');
    send();
    expect(await screen.findByText('The weight can be at most 1000 kg')).toBeTruthy();
    expect(await screen.findByText('The Height can be at most 500 cm')).toBeTruthy();
    expect(receives()).toHaveLength(0);
  });

  test('a measure typed before the number was scanned is not sent with it: the number and Enter ask for its own', async () => {
    signIn(['warehouse:receive:scan']);
    const { receives } = server();
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('number')).toBeTruthy());
    fill('weight', '2.5');
    fill('length', '50');
    fill('number', 'LO26011500000001');
    expect([field('weight').value, field('length').value]).toEqual(['', '']);
    enter('number');
    await waitFor(() => expect(document.activeElement).toBe(field('weight')));
    expect(receives()).toHaveLength(0);
  });

  test('Enter walks to the next empty field without turning the untouched ones red; Enter in an empty field says what it needs', async () => {
    signIn(['warehouse:receive:scan']);
    const { receives } = server();
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('number')).toBeTruthy());
    fill('number', 'LO26011500000001');
    enter('number');
    await waitFor(() => expect(document.activeElement).toBe(field('weight')));
    fill('weight', '1.25');
    enter('weight');
    await waitFor(() => expect(document.activeElement).toBe(field('length')));
    // give a validation that should not happen the time to show
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorsShown()).toEqual([]);
    enter('length');
    expect(await screen.findByText('Length is required')).toBeTruthy();
    expect(errorsShown()).toHaveLength(1);
    expect(receives()).toHaveLength(0);
  });

  test('the warehouse is remembered for each user: chosen once, there on the next visit, not another user’s', async () => {
    window.localStorage.clear();
    signIn(['warehouse:receive:scan']);
    server();
    const user = userEvent.setup();
    const first = renderUi(<ReceivePage />);
    await waitFor(() => expect(field('warehouseCode')).toBeTruthy());
    await user.click(field('warehouseCode'));
    await user.click(await screen.findByText('Guangzhou warehouse', { selector: '.ant-select-item-option-content' }));
    expect(rememberedWarehouse()).toBe('GZ01');
    first.unmount();

    renderUi(<ReceivePage />);
    await waitFor(() => expect(document.querySelector('.ant-select-content')?.textContent).toBe('Guangzhou warehouse'));
    cleanup();

    signIn(['warehouse:receive:scan'], 99);
    renderUi(<ReceivePage />);
    await waitFor(() => expect(field('warehouseCode')).toBeTruthy());
    expect(document.querySelector('.ant-select-content')?.textContent).toBe('');
    expect(rememberedWarehouse(99)).toBeNull();
  });

  test('without the scan permission, only the parcel list', async () => {
    signIn([]);
    const { calls } = server();
    renderUi(<ReceivePage />);
    expect(await screen.findByText('You may not scan parcels in; you can only see the parcels received.')).toBeTruthy();
    expect(document.getElementById('receive_number')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/warehouse/parcel/list')).toBe(true));
    const list = calls.find((call) => call.url.pathname === '/api/warehouse/parcel/list');
    expect(list?.url.searchParams.get('column')).toBe('storageTime');
  });
});
