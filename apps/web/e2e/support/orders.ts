import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderInput } from '@portal/shared/logistics-schemas';
import type { ApiSession, portalApi } from './api.ts';
import { choose } from './portal.ts';

/** Fills the merchant's order form with a valid order; the selects are named as the dictionaries name them in the page's language. */
export async function fillOrder(page: Page, merchantOrderNo: string, names: { service: string; country: string; warehouse: string }): Promise<void> {
  await page.locator('#order_merchantOrderNo').fill(merchantOrderNo);
  await choose(page, 'order_serviceType', names.service, { typed: true });
  await choose(page, 'order_destinationCountry', names.country, { typed: true });
  await choose(page, 'order_warehouseCode', names.warehouse, { typed: true });
  await page.locator('#order_weight').fill('1.25');
  await page.locator('#order_length').fill('30');
  await page.locator('#order_width').fill('20');
  await page.locator('#order_height').fill('10');
  await page.locator('#order_recipient_name').fill('Chen Da-wen');
  await page.locator('#order_recipient_phone').fill('0912-345-678');
  await page.locator('#order_recipient_address').fill('1 Shifu Road, Xinyi District, Taipei');
  await page.locator('#order_items_0_name').fill('Oolong tea');
  await page.locator('#order_items_0_category').fill('Food');
  await page.locator('#order_items_0_quantity').fill('3');
  await page.locator('#order_items_0_unitPrice').fill('12.50');
}

export const orderNoIn = (text: string): string => /LO\d{14}/.exec(text)?.[0] ?? '';

/** The rows of the order list on screen. */
export const orderRows = (page: Page) => page.locator('[data-testid^="list-page-"] .ant-table-tbody tr.ant-table-row');

/** Searches the order list by the query-form field `#field` and waits until every row shown has `value`. */
export async function searchOrders(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`#${field}`).fill(value);
  await page.locator('[data-testid="query-form"] button[type="submit"]').click();
  await expect.poll(async () => (await orderRows(page).allTextContents()).every((text) => text.includes(value)) && (await orderRows(page).count()) > 0).toBe(true);
}

let serial = 0;
/** A CREATED order of the merchant signed in, through its API; `order` replaces the fields it names. */
export function addOrder(merchant: ApiSession, order: Partial<OrderInput> = {}): Promise<{ id: number; orderNo: string }> {
  serial += 1;
  return merchant.post('/api/logistics/order/add', {
    merchantOrderNo: `E2E-${Date.now()}-${serial}`,
    serviceType: 'BASE',
    destinationCountry: 'TW',
    warehouseCode: 'SZ01',
    recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.', province: 'Taiwan', city: 'Taipei', district: 'Xinyi', town: '', postcode: '110' },
    currency: 'CNY',
    items: [{ name: 'Bluetooth earphones', category: 'C0201', quantity: 1, specifications: 'Black', material: 'ABS', unitPrice: '19.90' }],
    weight: '1.250',
    remark: '',
    ...order,
  } satisfies OrderInput);
}

type ListedOrder = { orderNo: string; tenantName: string; merchantOrderNo: string; recipientName: string; freight: string | null };

/** A shipment the public tracking page finds: its order as the warehouse lists it, its waybill, the recipient's phone. */
export type Shipment = { order: ListedOrder; waybillNo: string; phone: string };

/**
 * A `merchant` order of its own (a known recipient), received, shipped with a waybill and moved to cross-border
 * transit by a carrier event, through the API.
 */
export async function shippedOrder(api: ReturnType<typeof portalApi>): Promise<Shipment> {
  const warehouse = api.as('warehouse');
  const phone = '0933 246 810';
  const created = await addOrder(api.as('merchant'), {
    merchantOrderNo: `TRACK-E2E-${Date.now()}`,
    recipient: { name: '王小美', phone, address: '追蹤路 88 號 5 樓', province: '台北市', city: '台北市', district: '信義區' },
    items: [{ name: '陶瓷馬克杯 Ceramic mug', category: 'C04', quantity: 3, unitPrice: '39.00' }],
    weight: '1.140',
  });
  await warehouse.post('/api/warehouse/parcel/receive', { number: created.orderNo, warehouseCode: 'SZ01', weight: '1.200', length: '30', width: '20', height: '15' });
  const waybillNo = `WBTRACK${Date.now()}`;
  await warehouse.post('/api/warehouse/order/shipOut', { orderNos: [created.orderNo], waybillNo });
  await warehouse.post('/api/warehouse/tracking/add', {
    orderNo: created.orderNo,
    status: 'CROSS_BORDER',
    occurredAt: new Date().toISOString(),
    location: '香港 Hong Kong',
    description: { 'zh-TW': '已自香港啟航，前往台灣', 'zh-CN': '已从香港启航，前往台湾', 'en-US': 'Departed Hong Kong for Taiwan' },
    source: 'CARRIER',
  });
  const order = (await warehouse.get<{ records: ListedOrder[] }>(`/api/warehouse/order/list?orderNo=${created.orderNo}`)).records[0];
  if (!order) throw new Error(`${created.orderNo} is not listed`);
  return { order, waybillNo, phone };
}
