import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../../src/db/schema/logistics.ts';
import { stockItems } from '../../../src/db/schema/purchase.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { shippedPurchase, stockOf, unpaidTopUp, type ShippedPurchase } from './stock-fixtures.ts';

const LIST = '/api/purchase/stock/list';
const EXPORT = '/api/purchase/stock/exportXls';
const SHIP = '/api/purchase/stock/ship';

type StockPage = { records: { id: number; title: string; status: string; purchaseNo: string; preOrderNo: string; platform: string; unitPrice: string; warehouseCode: string; logisticsOrderNo: string | null }[]; total: number };
type OrderDetail = { orderNo: string; status: string; warehouseCode: string; destinationCountry: string; items: { name: string; category: string; quantity: number; specifications: string; unitPrice: string; currency: string }[]; recipient: { name: string; postcode: string } };

let merchantNoSequence = Math.floor(Math.random() * 1_000_000);
const shipOrder = (overrides: Record<string, unknown> = {}) => ({
  merchantOrderNo: `STOCK-${(merchantNoSequence += 1)}`,
  serviceType: 'BASE',
  destinationCountry: 'TW',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.', city: 'Taipei', postcode: '110' },
  weight: '1.250',
  remark: 'from stock',
  ...overrides,
});

describe(`the merchant's purchased stock and shipping it abroad (${testDbKind()})`, () => {
  let t: TestApp;
  let warehouse: string;
  let merchant: string;
  let merchant2: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    [warehouse, merchant, merchant2, admin] = (await Promise.all(['warehouse', 'merchant', 'merchant2', 'admin'].map((name) => t.login(name)))) as [string, string, string, string];
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token = merchant, lang = 'en-US') => t.call({ method: 'POST', url, payload, token, lang });
  const get = (url: string, query: Record<string, string> = {}, token = merchant) => t.call({ method: 'GET', url, query, token, lang: 'en-US' });

  /** Purchased goods received at the warehouse through its scan: the merchant's stock items. */
  async function received(tenantId = 1, options: Parameters<typeof shippedPurchase>[1] extends infer O ? Partial<O> : never = {}, warehouseCode = 'SZ01'): Promise<{ purchase: ShippedPurchase; ids: number[] }> {
    const purchase = await shippedPurchase(t.db, { tenantId, ...options });
    ok(await post('/api/warehouse/purchase/receive', { expressNo: purchase.expressNo, warehouseCode }, warehouse));
    return { purchase, ids: (await stockOf(t.db, purchase)).map((item) => item.id) };
  }

  const stockRows = async (ids: number[]) => (await t.db.select().from(stockItems).where(eq(stockItems.tenantId, 1))).filter((row) => ids.includes(row.id)).sort((a, b) => a.id - b.id);
  const ordersByMerchantNo = (merchantOrderNo: string) => t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.tenantId, 1), eq(orders.merchantOrderNo, merchantOrderNo)));

  it('lists the stock with its purchase and pre-purchase numbers and platform, filtered, and exports it', async () => {
    const { purchase } = await received(1, { lines: [{ title: 'Bamboo steamer 竹蒸籠', skuText: '尺寸:20cm', unitPrice: 2890n, quantity: 1 }] }, 'YW01');
    const page = ok<StockPage>(await get(LIST, { purchaseNo: purchase.purchaseNo.toLowerCase() }));
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ title: 'Bamboo steamer 竹蒸籠', status: 'IN_STOCK', purchaseNo: purchase.purchaseNo, preOrderNo: purchase.preOrderNo, platform: 'TAOBAO', unitPrice: '28.90', warehouseCode: 'YW01', logisticsOrderNo: null });
    expect(ok<StockPage>(await get(LIST, { title: 'steamer', warehouseCode: 'YW01' })).records.map((r) => r.purchaseNo)).toContain(purchase.purchaseNo);
    expect(ok<StockPage>(await get(LIST, { title: 'steamer', warehouseCode: 'GZ01' })).records.map((r) => r.purchaseNo)).not.toContain(purchase.purchaseNo);
    expect(ok<StockPage>(await get(LIST, { title: 'steamer', status: 'SHIPPED' })).total).toBe(0);
    // a LIKE wildcard typed is searched for as it is
    expect(ok<StockPage>(await get(LIST, { title: '%' })).total).toBe(0);

    const sheet = await readXlsx(await get(EXPORT, { purchaseNo: purchase.purchaseNo }));
    expect(sheet.headers[0]).toBe('Title');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.slice(0, 4)).toEqual(['Bamboo steamer 竹蒸籠', '尺寸:20cm', 1, '28.90']);
  });

  it("shows merchant2 none of merchant's stock and refuses to ship it (404)", async () => {
    const { purchase, ids } = await received(1);
    const theirs = ok<StockPage>(await get(LIST, { pageSize: '200' }, merchant2));
    expect(theirs.records.map((record) => record.purchaseNo)).not.toContain(purchase.purchaseNo);
    expect(refused(await post(SHIP, { stockItemIds: ids, order: shipOrder() }, merchant2), 404)).toBe(`Stock item ${ids[0]} not found`);
    expect((await stockRows(ids)).map((row) => row.status)).toEqual(['IN_STOCK', 'IN_STOCK']);
  });

  it('creates a real international order with one product per item, in their warehouse, and allocates them', async () => {
    const { ids } = await received(1, {}, 'GZ01');
    const order = shipOrder();
    const shipped = ok<{ orderId: number; orderNo: string; itemCount: number }>(await post(SHIP, { stockItemIds: ids, order }));
    expect(shipped.orderNo).toMatch(/^LO\d{14}$/);
    expect(shipped.itemCount).toBe(2);

    const detail = ok<OrderDetail>(await get('/api/logistics/order/queryById', { id: String(shipped.orderId) }));
    expect(detail).toMatchObject({ orderNo: shipped.orderNo, status: 'CREATED', warehouseCode: 'GZ01', destinationCountry: 'TW', recipient: { name: 'Chen Mei-Ling', postcode: '110' } });
    expect(detail.items.map(({ name, category, quantity, specifications, unitPrice, currency }) => ({ name, category, quantity, specifications, unitPrice, currency }))).toEqual([
      { name: 'Ceramic tea cup 陶瓷茶杯', category: 'General goods', quantity: 2, specifications: '顏色:白;容量:200ml', unitPrice: '12.50', currency: 'CNY' },
      { name: 'Linen scarf 亞麻圍巾', category: 'General goods', quantity: 1, specifications: '顏色:藍', unitPrice: '39.99', currency: 'CNY' },
    ]);
    expect((await stockRows(ids)).map((row) => [row.status, row.logisticsOrderId])).toEqual([
      ['ALLOCATED', shipped.orderId],
      ['ALLOCATED', shipped.orderId],
    ]);
    const listed = ok<StockPage>(await get(LIST, { status: 'ALLOCATED', pageSize: '200' }));
    expect(listed.records.find((record) => record.id === ids[0])?.logisticsOrderNo).toBe(shipped.orderNo);

    // taken once, the items cannot go on a second order
    expect(refused(await post(SHIP, { stockItemIds: [ids[1]], order: shipOrder() }), 409)).toBe('Stock item "Linen scarf 亞麻圍巾" is no longer in stock (On an order) and cannot be shipped');
  });

  it('refuses goods whose pre-purchase order has an unpaid top-up (409) and creates nothing', async () => {
    const { purchase, ids } = await received(1);
    await unpaidTopUp(t.db, purchase);
    const order = shipOrder();
    expect(refused(await post(SHIP, { stockItemIds: ids, order }), 409)).toBe(`Pre-purchase order ${purchase.preOrderNo} has an unpaid top-up: pay it before shipping its goods`);
    expect(refused(await post(SHIP, { stockItemIds: ids, order }, merchant, 'zh-TW'), 409)).toContain('尚有未支付的補款');
    expect(await ordersByMerchantNo(order.merchantOrderNo)).toEqual([]);
    expect((await stockRows(ids)).map((row) => row.status)).toEqual(['IN_STOCK', 'IN_STOCK']);
  });

  it('refuses items of two warehouses (409 naming the item) and creates nothing', async () => {
    const a = await received(1, { lines: [{ title: 'Item in SZ', unitPrice: 100n, quantity: 1 }] }, 'SZ01');
    const b = await received(1, { lines: [{ title: 'Item in YW', unitPrice: 100n, quantity: 1 }] }, 'YW01');
    const order = shipOrder();
    expect(refused(await post(SHIP, { stockItemIds: [...a.ids, ...b.ids], order }), 409)).toContain('"Item in YW" is in warehouse YW01, not SZ01');
    expect(await ordersByMerchantNo(order.merchantOrderNo)).toEqual([]);
  });

  it("refuses a mix with another tenant's item (404) and an order the logistics rules refuse (409), allocating nothing", async () => {
    const mine = await received(1);
    const theirs = await received(2);
    expect(refused(await post(SHIP, { stockItemIds: [...mine.ids, ...theirs.ids], order: shipOrder() }), 404)).toBe(`Stock item ${theirs.ids[0]} not found`);
    // the merchant number is taken: the logistics module refuses, the stock stays as it was
    const first = await received(1);
    const order = shipOrder();
    ok(await post(SHIP, { stockItemIds: first.ids, order }));
    expect(refused(await post(SHIP, { stockItemIds: mine.ids, order }), 409)).toContain(order.merchantOrderNo);
    expect((await stockRows(mine.ids)).map((row) => [row.status, row.logisticsOrderId])).toEqual([
      ['IN_STOCK', null],
      ['IN_STOCK', null],
    ]);
  });

  it('puts the stock back when the order is cancelled, and marks it shipped when the order leaves the warehouse', async () => {
    const cancelled = await received(1);
    const first = ok<{ orderId: number; orderNo: string }>(await post(SHIP, { stockItemIds: cancelled.ids, order: shipOrder() }));
    ok(await post('/api/logistics/order/cancel', { id: first.orderId, reason: 'changed my mind' }));
    expect((await stockRows(cancelled.ids)).map((row) => [row.status, row.logisticsOrderId])).toEqual([
      ['IN_STOCK', null],
      ['IN_STOCK', null],
    ]);
    // free again: a new order takes them
    const second = ok<{ orderId: number; orderNo: string }>(await post(SHIP, { stockItemIds: cancelled.ids, order: shipOrder() }));
    ok(await post('/api/warehouse/parcel/receive', { number: second.orderNo, warehouseCode: 'SZ01', weight: '1.2', length: '30', width: '20', height: '10' }, warehouse));
    expect((await stockRows(cancelled.ids)).map((row) => row.status)).toEqual(['ALLOCATED', 'ALLOCATED']);
    const out = ok<{ orderNo: string; ok: boolean }[]>(await post('/api/warehouse/order/shipOut', { orderNos: [second.orderNo] }, warehouse));
    expect(out).toMatchObject([{ orderNo: second.orderNo, ok: true }]);
    expect((await stockRows(cancelled.ids)).map((row) => [row.status, row.logisticsOrderId])).toEqual([
      ['SHIPPED', second.orderId],
      ['SHIPPED', second.orderId],
    ]);
  });

  it('enforces the sides and codes: the platform and the warehouse get 403, anonymous callers 401', async () => {
    const { ids } = await received(1);
    for (const token of [admin, warehouse]) {
      refused(await get(LIST, {}, token), 403);
      refused(await get(EXPORT, {}, token), 403);
      refused(await post(SHIP, { stockItemIds: ids, order: shipOrder() }, token), 403);
    }
    expect((await t.call({ method: 'GET', url: LIST })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: SHIP, payload: { stockItemIds: ids, order: shipOrder() } })).statusCode).toBe(401);
    expect((await stockRows(ids)).map((row) => row.status)).toEqual(['IN_STOCK', 'IN_STOCK']);
  });

  it('refuses a bad order with a translated 400 naming the field', async () => {
    const { ids } = await received(1);
    const response = await post(SHIP, { stockItemIds: ids, order: shipOrder({ weight: '0' }) });
    expect(response.statusCode).toBe(400);
    expect(refused(await post(SHIP, { stockItemIds: [], order: shipOrder() }), 400)).not.toBe('');
  });
});
