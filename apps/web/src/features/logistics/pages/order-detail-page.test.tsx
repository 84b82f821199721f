import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import dayjs from 'dayjs';
import type { OrderDetail } from '@portal/shared/logistics-schemas';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { lineTotal, orderIdOf, OrderDetailPage } from './order-detail-page.tsx';

const option = (value: string, text: string, color: string | null = null): DictOption => ({ value, text, label: text, title: text, color });
const DICTIONARIES = {
  LOGOrderStateEnum: [option('CREATED', 'Created', 'blue'), option('WHIN', 'In warehouse', 'cyan'), option('WHOUT', 'Left warehouse', 'geekblue')],
  CountryType: [option('US', 'United States')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
  ServiceType: [option('FULL_LINK', 'Full link')],
  ParcelStatus: [option('IN_WAREHOUSE', 'In warehouse', 'cyan')],
  TrackingSource: [option('WAREHOUSE', 'Warehouse'), option('MANUAL', 'Manual')],
};

// local times: the timeline groups by the user's day
const at = (text: string) => dayjs(text).toISOString();

const FIXTURE: OrderDetail = {
  id: 42,
  orderNo: 'LO26030100000042',
  merchantOrderNo: 'SO-42',
  serviceType: 'FULL_LINK',
  status: 'WHOUT',
  statusUpdatedAt: at('2026-03-03 09:15:00'),
  destinationCountry: 'US',
  warehouseCode: 'SZ01',
  waybillNo: 'WB123456',
  recipientName: 'Jane Doe',
  itemQuantity: 5,
  merchandiseValue: '1059.95',
  currency: 'USD',
  weight: '2.345',
  freight: '158.40',
  freightCurrency: 'CNY',
  createdAt: at('2026-03-01 10:00:00'),
  recipient: { name: 'Jane Doe', phone: '+1 415-555-0100', address: '1 Market St', province: 'CA', city: 'San Francisco', district: '', town: '', postcode: '94105' },
  items: [
    // a category code of the dictionary shows as its name (C0201 was shown)
    { name: 'Headphones', category: 'C0201', categoryName: 'Electronics', quantity: 2, specifications: 'Black', material: '', unitPrice: '499.99', currency: 'USD' },
    { name: 'Cable', category: 'Electronics', categoryName: 'Electronics', quantity: 3, specifications: '', material: 'Copper', unitPrice: '19.99', currency: 'USD' },
  ],
  declaredWeight: '2.000',
  actualWeight: '2.345',
  length: '40.0',
  width: '30.0',
  height: '20.5',
  chargeableWeight: '4.100',
  freightQuote: '120.00',
  freightCharge: '158.40',
  remark: 'Fragile',
  parcels: [
    {
      id: 7,
      trackingNo: 'SF1234567890',
      orderId: 42,
      logisticsOrderNo: 'LO26030100000042',
      status: 'IN_WAREHOUSE',
      weight: '2.345',
      length: '40.0',
      width: '30.0',
      height: '20.5',
      warehouseCode: 'SZ01',
      storageTime: at('2026-03-02 14:00:00'),
      shipmentTime: null,
      remark: '',
      createdAt: at('2026-03-01 10:00:00'),
    },
  ],
  // oldest first, as the server sends them
  events: [
    { id: 1, occurredAt: at('2026-03-01 10:00:00'), status: 'CREATED', location: '', description: 'Order created', carrierCode: null, source: 'MANUAL' },
    { id: 2, occurredAt: at('2026-03-02 14:00:00'), status: 'WHIN', location: 'Shenzhen', description: 'Received at the warehouse', carrierCode: null, source: 'WAREHOUSE' },
    { id: 3, occurredAt: at('2026-03-02 18:30:00'), status: null, location: 'Shenzhen', description: 'Weighed and labelled', carrierCode: 'SCAN', source: 'WAREHOUSE' },
    { id: 4, occurredAt: at('2026-03-03 09:15:00'), status: 'WHOUT', location: 'Shenzhen', description: 'Left the warehouse', carrierCode: null, source: 'WAREHOUSE' },
  ],
  editable: false,
  cancellable: false,
};

const entry = (action: string) => ({ action, describe: action, type: '1', status: '1' });

function renderDetail(search: string) {
  const router = createMemoryRouter([{ path: '*', element: <OrderDetailPage /> }], { initialEntries: [`/logistics/international-order/detail${search}`] });
  return renderUi(<RouterProvider router={router} />);
}

const cellsOf = (row: Element) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);

describe('the order detail page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('logistics');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  beforeEach(() => useAuth.setState({ dictionaries: DICTIONARIES, permissions: { menu: [], auth: [entry('logistics:order:edit'), entry('logistics:order:cancel')], allAuth: [] } }));
  afterEach(() => {
    cleanup();
    useAuth.setState({ dictionaries: null, permissions: null });
    vi.unstubAllGlobals();
  });

  it('reads the id, and computes line totals exactly', () => {
    expect(orderIdOf('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999']) expect(orderIdOf(bad), String(bad)).toBeNull();
    expect(lineTotal('499.99', 2, 'USD')).toBe('999.98');
    expect(lineTotal('0.1', 3, 'CNY')).toBe('0.30');
    expect(lineTotal('1500', 3, 'JPY')).toBe('4500');
    expect(lineTotal('1.5', 3, 'JPY')).toBeNull();
  });

  it('shows the order, recipient, products, parcels, fees and the timeline of a fixture', async () => {
    const calls = stubFetch(({ url }) => (url.pathname === '/api/logistics/order/queryById' ? FIXTURE : null));
    renderDetail('?id=42');
    expect((await screen.findByTestId('order-detail-no')).textContent).toBe('LO26030100000042');
    expect(calls[0]!.url.searchParams.get('id')).toBe('42');

    const info = screen.getByTestId('order-detail-info');
    expect(info.textContent).toContain('SO-42');
    expect(info.textContent).toContain('Full link');
    expect(info.textContent).toContain('United States');
    expect(info.textContent).toContain('Shenzhen warehouse');
    expect(info.textContent).toContain('WB123456');
    expect(info.textContent).toContain('1,059.95 USD');
    expect(info.textContent).toContain('2026-03-01 10:00:00');
    expect(within(info).getByText('Left warehouse').className).toContain('ant-tag-geekblue');

    const recipient = screen.getByTestId('order-detail-recipient').textContent;
    for (const part of ['Jane Doe', '+1 415-555-0100', '1 Market St', 'San Francisco', '94105']) expect(recipient).toContain(part);

    const products = screen.getByTestId('order-detail-products');
    const productRows = within(products).getAllByRole('row').filter((row) => row.querySelector('td'));
    expect(cellsOf(productRows[0]!)).toEqual(['Headphones', 'Electronics', 'Black', '-', '499.99 USD', '2', '999.98 USD']);
    expect(cellsOf(productRows[1]!)).toEqual(['Cable', 'Electronics', '-', 'Copper', '19.99 USD', '3', '59.97 USD']);
    expect(screen.getByTestId('order-detail-products-total').textContent).toBe('1,059.95 USD');

    const parcelRows = within(screen.getByTestId('order-detail-parcels')).getAllByRole('row').filter((row) => row.querySelector('td'));
    expect(cellsOf(parcelRows[0]!)).toEqual(['SF1234567890', 'LO26030100000042', 'In warehouse', '2.345', '40.0 × 30.0 × 20.5', 'Shenzhen warehouse', '2026-03-02 14:00:00', '-']);

    const fees = screen.getByTestId('order-detail-fees').textContent;
    expect(fees).toContain('Declared weight (kg)2.000');
    expect(fees).toContain('Measured weight (kg)2.345');
    expect(fees).toContain('Chargeable weight (kg)4.100');
    expect(fees).toContain('Freight quote120.00 CNY');
    expect(fees).toContain('Freight charged158.40 CNY');

    // newest first, by day
    const days = screen.getAllByTestId('timeline-day');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['2026-03-03', '2026-03-02', '2026-03-01']);
    const secondDay = within(days[1]!).getAllByTestId('timeline-event').map((event) => event.textContent);
    expect(secondDay[0]).toContain('18:30:00');
    expect(secondDay[0]).toContain('Weighed and labelled');
    expect(secondDay[0]).toContain('Source: Warehouse');
    expect(secondDay[0]).toContain('SCAN');
    expect(secondDay[1]).toContain('14:00:00');
    expect(secondDay[1]).toContain('In warehouse');
    expect(secondDay[1]).toContain('Received at the warehouse');

    // shipped out: neither editable nor cancellable, whatever the permissions
    expect(screen.queryByTestId('order-detail-edit')).toBeNull();
    expect(screen.queryByTestId('order-detail-cancel')).toBeNull();
  });

  it('offers edit and cancel when the server allows them and the user may', async () => {
    stubFetch(() => ({ ...FIXTURE, status: 'CREATED', editable: true, cancellable: true }));
    renderDetail('?id=42');
    expect(await screen.findByTestId('order-detail-edit')).toBeTruthy();
    expect(screen.getByTestId('order-detail-cancel')).toBeTruthy();
    cleanup();
    useAuth.setState({ permissions: { menu: [], auth: [entry('logistics:order:edit')], allAuth: [] } });
    renderDetail('?id=42');
    expect(await screen.findByTestId('order-detail-edit')).toBeTruthy();
    expect(screen.queryByTestId('order-detail-cancel')).toBeNull();
  });

  it('says so for a missing order (another tenant’s too) and for a bad id', async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ success: false, message: 'Not found', code: 404, result: null, timestamp: 0 }), { status: 404 }));
    renderDetail('?id=999');
    expect((await screen.findByTestId('order-detail-error')).textContent).toContain('Order not found');
    // silent: the page says it, no notification on top
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    cleanup();
    renderDetail('?id=abc');
    expect((await screen.findByTestId('order-detail-bad-id')).textContent).toContain('The address does not name a valid order');
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
