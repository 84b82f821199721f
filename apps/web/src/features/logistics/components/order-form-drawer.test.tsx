import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@portal/shared/logistics-schemas';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi, type FetchCall } from '../../../test/render-ui.tsx';
import { OrderFormDrawer } from './order-form-drawer.tsx';

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });

const DICTIONARIES = {
  ServiceType: [option('BASE', 'Basic'), option('FULL_LINK', 'Full link')],
  CountryType: [option('TW', 'Taiwan'), option('JP', 'Japan')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
  Currency: [option('CNY', 'Chinese Yuan'), option('JPY', 'Japanese Yen')],
};

const json = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });

type Answer = (call: Pick<FetchCall, 'method' | 'url' | 'body'>) => unknown;

/** fetch replaced, with the bodies sent kept for assertions. */
function server(answer: Answer) {
  const bodies: unknown[] = [];
  const calls: Pick<FetchCall, 'method' | 'url'>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://portal.test') };
    calls.push(call);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (body !== undefined) bodies.push(body);
    const result = await answer({ ...call, body });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify({ success: true, message: '', code: 200, result: result ?? null, timestamp: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, bodies };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const fill = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
/** The error shown under a field (antd's explain list of its Form.Item). */
const errorOf = (id: string) => input(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function choose(id: string, text: string) {
  await userEvent.click(input(id));
  await userEvent.click(await screen.findByTitle(text));
}

async function fillValidOrder() {
  fill('order_merchantOrderNo', 'SO-1001');
  await choose('order_serviceType', 'Basic');
  await choose('order_destinationCountry', 'Taiwan');
  await choose('order_warehouseCode', 'Shenzhen warehouse');
  fill('order_weight', '1.25');
  fill('order_recipient_name', 'Chen Da-wen');
  fill('order_recipient_phone', '+886 912-345-678');
  fill('order_recipient_address', '1 Xinyi Road, Taipei');
  fill('order_items_0_name', 'Tea');
  fill('order_items_0_category', 'Food');
  fill('order_items_0_unitPrice', '19.99');
}

const submit = () => fireEvent.click(screen.getByTestId('order-form-submit'));

describe('the order form (create)', { timeout: 60_000 }, () => {
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
    useAuth.setState({ dictionaries: null });
    vi.unstubAllGlobals();
  });

  it('checks every required field before sending anything', async () => {
    const { calls } = server(() => null);
    renderUi(<OrderFormDrawer open orderId={null} onClose={vi.fn()} />);
    submit();
    // every field's rule answers on its own: on a loaded machine the messages came in over a few renders
    const required = {
      order_merchantOrderNo: 'Merchant order number is required',
      order_serviceType: 'Service type is required',
      order_destinationCountry: 'Destination is required',
      order_warehouseCode: 'Warehouse is required',
      order_weight: 'Weight (kg) is required',
      order_recipient_name: 'Recipient name is required',
      order_recipient_phone: 'Phone is required',
      order_recipient_address: 'Address is required',
      order_items_0_name: 'Product name is required',
      order_items_0_category: 'Category is required',
      order_items_0_unitPrice: 'Unit price is required',
    };
    await waitFor(() => expect(Object.fromEntries(Object.keys(required).map((id) => [id, errorOf(id)]))).toEqual(required));
    // optional fields stay quiet
    expect(errorOf('order_length')).toBe('');
    expect(errorOf('order_recipient_postcode')).toBe('');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('applies the number rules: 3 decimals for weights, 1 for sizes (all three or none), 2 for prices and none for JPY', async () => {
    server(() => null);
    renderUi(<OrderFormDrawer open orderId={null} onClose={vi.fn()} />);
    fill('order_merchantOrderNo', 'SO 1');
    fill('order_weight', '1.2345');
    fill('order_length', '30.25');
    fill('order_width', '20');
    fill('order_items_0_unitPrice', '19.999');
    fill('order_recipient_phone', 'call me');
    submit();
    await waitFor(() => expect(errorOf('order_weight')).toBe('Weight must be more than 0, with at most 3 decimals'));
    // the merchant order number validates after the duplicate check's pause in typing: its words may come a moment later
    await waitFor(() => expect(errorOf('order_merchantOrderNo')).toBe('Merchant order number: letters, digits, - and _ only'));
    await waitFor(() => expect(errorOf('order_height')).toBe('Give length, width and height all together, or none of them'));
    expect(errorOf('order_length')).toBe('Size must be more than 0, with at most 1 decimal');
    expect(errorOf('order_width')).toBe('');
    expect(errorOf('order_items_0_unitPrice')).toBe('Unit price must be a number with at most 2 decimals');
    expect(errorOf('order_recipient_phone')).toMatch(/^Phone: digits, spaces and -/);

    fill('order_weight', '0');
    await waitFor(() => expect(errorOf('order_weight')).toBe('Weight must be more than 0, with at most 3 decimals'));
    fill('order_weight', '10000.5');
    await waitFor(() => expect(errorOf('order_weight')).toBe('Weight must be at most 10,000 kg'));
    fill('order_weight', '2.125');
    await waitFor(() => expect(errorOf('order_weight')).toBe(''));
    fill('order_height', '15');
    fill('order_length', '30.5');
    // antd validates each field on its own tick: wait for both, not one then the other
    await waitFor(() => {
      expect(errorOf('order_height')).toBe('');
      expect(errorOf('order_length')).toBe('');
    });

    // the same price turns wrong when the currency has no minor unit, and right again without decimals
    fill('order_items_0_unitPrice', '1500.5');
    await choose('order_currency', 'Japanese Yen');
    await waitFor(() => expect(errorOf('order_items_0_unitPrice')).toBe('Unit prices in JPY take no decimals'));
    fill('order_items_0_unitPrice', '1500');
    await waitFor(() => expect(errorOf('order_items_0_unitPrice')).toBe(''));
  });

  it('adds the merchandise value up exactly as lines change, and keeps at least one product', async () => {
    server(() => null);
    renderUi(<OrderFormDrawer open orderId={null} onClose={vi.fn()} />);
    const total = () => screen.getByTestId('order-form-total').textContent;
    expect(total()).toBe('-');
    fill('order_items_0_unitPrice', '0.1');
    fill('order_items_0_quantity', '3');
    await waitFor(() => expect(total()).toBe('0.30 CNY'));
    fireEvent.click(screen.getByTestId('order-item-add'));
    await waitFor(() => expect(screen.getAllByTestId('order-item')).toHaveLength(2));
    fill('order_items_1_unitPrice', '0.2');
    // 0.1 * 3 + 0.2 is 0.5000000000000001 in floats
    await waitFor(() => expect(total()).toBe('0.50 CNY'));
    fill('order_items_1_unitPrice', '1234567.89');
    fill('order_items_1_quantity', '1000');
    await waitFor(() => expect(total()).toBe('1,234,567,890.30 CNY'));

    const removeButtons = () => screen.getAllByRole('button', { name: /Remove product/ });
    fireEvent.click(removeButtons()[1]!);
    await waitFor(() => expect(screen.getAllByTestId('order-item')).toHaveLength(1));
    await waitFor(() => expect(total()).toBe('0.30 CNY'));
    // the last product cannot be removed
    expect(removeButtons()[0]!.hasAttribute('disabled')).toBe(true);
  });

  it('quotes the freight as destination, service and weight are filled in, and says when there is no rate', async () => {
    const { calls } = server(({ url }) => {
      if (url.pathname !== '/api/logistics/freight/quote') return null;
      return url.searchParams.get('destinationCountry') === 'JP' ? null : { currency: 'CNY', chargeableWeight: '1.500', freight: '45' };
    });
    renderUi(<OrderFormDrawer open orderId={null} onClose={vi.fn()} />);
    const quote = () => screen.getByTestId('freight-quote').textContent;
    expect(quote()).toContain('Shown once destination, service type and weight are filled in');
    await choose('order_serviceType', 'Basic');
    await choose('order_destinationCountry', 'Taiwan');
    fill('order_weight', '1');
    fill('order_weight', '1.2');
    fill('order_weight', '1.25');
    await waitFor(() => expect(quote()).toContain('45.00 CNY'));
    expect(quote()).toContain('chargeable weight 1.500 kg');
    const asked = calls.filter((call) => call.url.pathname === '/api/logistics/freight/quote');
    // typing settles before asking: one request for the last weight only
    expect(asked.map((call) => call.url.searchParams.get('weight'))).toEqual(['1.25']);
    expect(asked[0]!.url.searchParams.get('serviceType')).toBe('BASE');
    expect(asked[0]!.url.searchParams.has('length')).toBe(false);

    fill('order_length', '30');
    fill('order_width', '20');
    fill('order_height', '10');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('height') === '10')).toBe(true));

    await choose('order_destinationCountry', 'Japan');
    await waitFor(() => expect(quote()).toContain('No rate for this destination and service type'));
  });

  it('sends the order, and shows a refusal on the field it names or at the top', async () => {
    let answer: Answer = () => ({ id: 7, orderNo: 'LO26030100000007' });
    const { bodies } = server((call) => (call.url.pathname === '/api/logistics/order/add' ? answer(call) : null));
    const onClose = vi.fn();
    renderUi(<OrderFormDrawer open orderId={null} onClose={onClose} />);
    await fillValidOrder();

    answer = () => json(409, 'Merchant order number SO-1001 already exists');
    submit();
    await waitFor(() => expect(errorOf('order_merchantOrderNo')).toBe('Merchant order number SO-1001 already exists'));
    expect(bodies[0]).toEqual({
      merchantOrderNo: 'SO-1001',
      serviceType: 'BASE',
      destinationCountry: 'TW',
      warehouseCode: 'SZ01',
      currency: 'CNY',
      weight: '1.25',
      recipient: { name: 'Chen Da-wen', phone: '+886 912-345-678', address: '1 Xinyi Road, Taipei', province: '', city: '', district: '', town: '', postcode: '' },
      items: [{ name: 'Tea', category: 'Food', quantity: 1, specifications: '', material: '', unitPrice: '19.99' }],
      remark: '',
    });

    fill('order_merchantOrderNo', 'SO-1002');
    answer = () => json(400, 'Field items[0].unitPrice has too many decimals: CNY takes at most 2');
    submit();
    await waitFor(() => expect(errorOf('order_items_0_unitPrice')).toBe('Field items[0].unitPrice has too many decimals: CNY takes at most 2'));

    answer = () => json(400, 'Something else went wrong');
    fill('order_items_0_unitPrice', '19.98');
    submit();
    expect(await screen.findByTestId('order-form-error')).toBeTruthy();
    expect(within(screen.getByTestId('order-form-error')).getByText('Something else went wrong')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    answer = () => ({ id: 7, orderNo: 'LO26030100000007' });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Order created: LO26030100000007')).toBeTruthy();
  });
});

const detail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 42,
  orderNo: 'LO26030100000042',
  merchantOrderNo: 'SO-42',
  serviceType: 'FULL_LINK',
  status: 'CREATED',
  statusUpdatedAt: '2026-03-01T02:00:00.000Z',
  destinationCountry: 'JP',
  warehouseCode: 'SZ01',
  waybillNo: null,
  recipientName: 'Sato',
  itemQuantity: 2,
  merchandiseValue: '3000',
  currency: 'JPY',
  weight: '2.000',
  freight: '90.00',
  freightCurrency: 'CNY',
  createdAt: '2026-03-01T02:00:00.000Z',
  recipient: { name: 'Sato', phone: '+81 90-1234-5678', address: '1-1 Chiyoda, Tokyo', province: 'Tokyo', city: '', district: '', town: '', postcode: '100-0001' },
  items: [{ name: 'Mug', category: 'Kitchen', categoryName: 'Kitchen', quantity: 2, specifications: '', material: 'Ceramic', unitPrice: '1500', currency: 'JPY' }],
  declaredWeight: '2.000',
  actualWeight: null,
  length: null,
  width: null,
  height: null,
  chargeableWeight: null,
  freightQuote: '90.00',
  freightCharge: null,
  remark: '',
  parcels: [],
  events: [],
  editable: true,
  cancellable: true,
  ...overrides,
});

describe('the order form (edit)', { timeout: 60_000 }, () => {
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
    useAuth.setState({ dictionaries: null });
    vi.unstubAllGlobals();
  });

  it('loads the order into the form and sends it back with its id', async () => {
    const { bodies } = server(({ url }) => {
      if (url.pathname === '/api/logistics/order/queryById') return detail();
      if (url.pathname === '/api/logistics/order/edit') return { id: 42, orderNo: 'LO26030100000042' };
      return null;
    });
    const onClose = vi.fn();
    renderUi(<OrderFormDrawer open orderId={42} onClose={onClose} />);
    await waitFor(() => expect(input('order_merchantOrderNo').value).toBe('SO-42'));
    expect(screen.getByText('Edit order LO26030100000042')).toBeTruthy();
    expect(input('order_items_0_unitPrice').value).toBe('1500');
    await waitFor(() => expect(screen.getByTestId('order-form-total').textContent).toBe('3,000.00 JPY'));
    fill('order_weight', '2.5');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ id: 42, merchantOrderNo: 'SO-42', currency: 'JPY', weight: '2.5', items: [{ name: 'Mug', quantity: 2, unitPrice: '1500', material: 'Ceramic' }] });
  });

  it('saves an untouched order as it is: every field of the detail the form shows', async () => {
    const order = detail({
      merchantOrderNo: 'SO-42-B',
      currency: 'CNY',
      declaredWeight: '2.500',
      length: '30.0',
      width: '20.0',
      height: '15.5',
      recipient: { name: 'Lin', phone: '+886 912-345-678', address: '5F, 1 Xinyi Road', province: 'Taipei', city: 'Taipei', district: 'Xinyi', town: 'Sanli', postcode: '110' },
      items: [
        { name: 'Mug', category: 'C0102', categoryName: 'Kitchen', quantity: 2, specifications: '350 ml', material: 'Ceramic', unitPrice: '19.90', currency: 'CNY' },
        { name: 'Tea', category: 'Food', categoryName: 'Food', quantity: 1, specifications: '', material: '', unitPrice: '5.00', currency: 'CNY' },
      ],
      remark: 'Leave at the door',
    });
    const { bodies } = server(({ url }) => {
      if (url.pathname === '/api/logistics/order/queryById') return order;
      if (url.pathname === '/api/logistics/order/edit') return { id: 42, orderNo: order.orderNo };
      return null;
    });
    const onClose = vi.fn();
    renderUi(<OrderFormDrawer open orderId={42} onClose={onClose} />);
    await waitFor(() => expect(input('order_merchantOrderNo').value).toBe('SO-42-B'));
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies.at(-1)).toEqual({
      id: 42,
      merchantOrderNo: order.merchantOrderNo,
      serviceType: order.serviceType,
      destinationCountry: order.destinationCountry,
      warehouseCode: order.warehouseCode,
      currency: order.currency,
      weight: order.declaredWeight,
      length: order.length,
      width: order.width,
      height: order.height,
      recipient: order.recipient,
      items: order.items.map(({ name, category, quantity, specifications, material, unitPrice }) => ({ name, category, quantity, specifications, material, unitPrice })),
      remark: order.remark,
    });
  });

  it('refuses to edit an order that is no longer CREATED, and offers no more than 50 products', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ name: `P${i}`, category: 'C', categoryName: 'C', quantity: 1, specifications: '', material: '', unitPrice: '1', currency: 'JPY' }));
    server(({ url }) => (url.pathname === '/api/logistics/order/queryById' ? detail({ status: 'WHIN', editable: false, items }) : null));
    renderUi(<OrderFormDrawer open orderId={42} onClose={vi.fn()} />);
    expect(await screen.findByTestId('order-form-locked')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('order-item')).toHaveLength(50));
    expect(screen.getByTestId('order-form-submit').hasAttribute('disabled')).toBe(true);
    expect(input('order_merchantOrderNo').disabled).toBe(true);
    expect(screen.getByTestId('order-item-add').hasAttribute('disabled')).toBe(true);
  });
});
