import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import type { StockItemRecord } from '../api/stock-items.ts';
import { ShipDrawer } from './ship-drawer.tsx';

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });
const DICTIONARIES = {
  ServiceType: [option('BASE', 'Basic'), option('FULL_LINK', 'Full link')],
  CountryType: [option('TW', 'Taiwan'), option('JP', 'Japan')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
};

const item = (id: number, title: string, extra: Partial<StockItemRecord> = {}): StockItemRecord => ({
  id,
  title,
  skuText: '顏色:白',
  imageUrl: '',
  quantity: 2,
  unitPrice: '12.50',
  warehouseCode: 'SZ01',
  status: 'IN_STOCK',
  purchaseNo: 'PC00000001',
  preOrderNo: 'PP00000001',
  platform: 'TAOBAO',
  logisticsOrderId: null,
  logisticsOrderNo: null,
  receivedAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});
const ITEMS = [item(11, 'Ceramic tea cup'), item(12, 'Linen scarf', { quantity: 1, unitPrice: '39.99', skuText: '' })];

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const fill = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const errorOf = (id: string) => input(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const submit = () => fireEvent.click(screen.getByTestId('ship-submit'));

async function choose(id: string, text: string) {
  await userEvent.click(input(id));
  await userEvent.click(await screen.findByTitle(text));
}

async function fillValid() {
  fill('ship_recipient_name', ' Chen Mei-Ling ');
  fill('ship_recipient_phone', '+886 912-345-678');
  fill('ship_recipient_address', 'No. 7, Sec. 5, Xinyi Rd.');
  fill('ship_recipient_city', 'Taipei');
  await choose('ship_destinationCountry', 'Taiwan');
  fill('ship_weight', '1.25');
  fill('ship_merchantOrderNo', 'SO-77');
}

const render = (onShipped = vi.fn()) => renderUi(
  <MemoryRouter>
    <ShipDrawer open items={ITEMS} onClose={vi.fn()} onShipped={onShipped} />
  </MemoryRouter>,
);

describe('the ship-abroad drawer', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('purchase-stock');
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

  it('lists the selected goods read-only, in their warehouse, and checks the required fields before sending anything', async () => {
    const calls = stubFetch(() => null);
    render();
    const rows = within(screen.getByTestId('ship-items')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['Ceramic tea cup顏色:白212.50', 'Linen scarf139.99']);
    expect(screen.getByText('Shenzhen warehouse')).toBeTruthy();
    expect(screen.getByTestId('ship-items').querySelector('input')).toBeNull();
    submit();
    // each field's rule answers on its own: the messages may come in over a few renders
    const required = {
      ship_recipient_name: 'Enter the Recipient name',
      ship_recipient_phone: 'Enter the Recipient phone',
      ship_recipient_address: 'Enter the Address',
      ship_destinationCountry: 'Enter the Destination',
      ship_weight: 'Enter the Declared weight',
      ship_merchantOrderNo: 'Enter the Merchant order number',
    };
    await waitFor(() => expect(Object.fromEntries(Object.keys(required).map((id) => [id, errorOf(id)]))).toEqual(required));
    expect(errorOf('ship_recipient_postcode')).toBe('');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('applies the weight, phone and order number rules of the server', async () => {
    const calls = stubFetch(() => null);
    render();
    await fillValid();
    fill('ship_weight', '1.2345');
    fill('ship_recipient_phone', 'call me');
    fill('ship_merchantOrderNo', 'SO 77');
    submit();
    const broken = {
      ship_weight: 'The weight must be above 0 with at most 3 decimals (kg)',
      ship_recipient_phone: 'A phone number has digits, spaces, - and a leading + only',
      ship_merchantOrderNo: 'An order number has letters, digits, - and _ only',
    };
    await waitFor(() => expect(Object.fromEntries(Object.keys(broken).map((id) => [id, errorOf(id)]))).toEqual(broken));
    fill('ship_weight', '0.000');
    await waitFor(() => expect(errorOf('ship_weight')).toBe('The weight must be above 0 with at most 3 decimals (kg)'));
    fill('ship_weight', '0.005');
    await waitFor(() => expect(errorOf('ship_weight')).toBe(''));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the order with the selected items and shows the new order number with the way to the order list', async () => {
    const onShipped = vi.fn();
    const calls = stubFetch((call) => (call.method === 'POST' ? { orderId: 5, orderNo: 'LO26112700000042', itemCount: 2 } : null));
    render(onShipped);
    await fillValid();
    submit();
    expect((await screen.findByTestId('ship-created')).textContent).toBe('International order LO26112700000042 created');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/purchase/stock/ship');
    expect(post?.body).toEqual({
      stockItemIds: [11, 12],
      order: {
        merchantOrderNo: 'SO-77',
        serviceType: 'BASE',
        destinationCountry: 'TW',
        weight: '1.25',
        recipient: { name: 'Chen Mei-Ling', phone: '+886 912-345-678', address: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei' },
      },
    });
    expect(screen.getByTestId('ship-orders-link').getAttribute('href')).toBe('/logistics/international-order');
    expect(onShipped).toHaveBeenCalledWith({ orderId: 5, orderNo: 'LO26112700000042', itemCount: 2 });
  });

  it("shows the server's refusal and keeps the form to try again", async () => {
    stubFetch((call) => (call.method === 'POST' ? refuse(409, 'Pre-purchase order PP00000001 has an unpaid top-up: pay it before shipping its goods') : null));
    render();
    await fillValid();
    submit();
    expect((await screen.findByTestId('server-error')).textContent).toBe('Pre-purchase order PP00000001 has an unpaid top-up: pay it before shipping its goods');
    expect(screen.queryByTestId('ship-created')).toBeNull();
    expect(input('ship_merchantOrderNo').value).toBe('SO-77');
  });
});
