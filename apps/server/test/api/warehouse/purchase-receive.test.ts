import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { purchaseRow, shippedPurchase, stockOf } from '../purchase/stock-fixtures.ts';

const RECEIVE = '/api/warehouse/purchase/receive';
const LIST = '/api/warehouse/purchase/list';
const EXPORT = '/api/warehouse/purchase/exportXls';

type Page = { records: { purchaseNo: string; status: string; tenantName: string; lineCount: number; quantity: number; receivedAt: string | null }[]; total: number };

describe(`purchased goods into the warehouse (${testDbKind()})`, () => {
  let t: TestApp;
  let warehouse: string;
  let warehouseUserId: number;
  let merchant: string;

  beforeAll(async () => {
    t = await createTestApp();
    [warehouse, merchant] = (await Promise.all(['warehouse', 'merchant'].map((name) => t.login(name)))) as [string, string];
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'warehouse'));
    warehouseUserId = user!.id;
  });
  afterAll(() => t.close());

  const receive = (expressNo: string, token = warehouse, lang = 'en-US', warehouseCode = 'GZ01') => t.call({ method: 'POST', url: RECEIVE, payload: { expressNo, warehouseCode }, token, lang });
  const list = (query: Record<string, string>, token = warehouse) => t.call({ method: 'GET', url: LIST, query, token, lang: 'en-US' });

  it('receives every line as one stock item of the merchant, in the scanning warehouse, whatever the case and spacing of the number', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: 1, expressNo: 'SFab12345' });
    const result = ok<{ expressNo: string; tenantName: string; purchaseNos: string[]; itemCount: number; quantity: number }>(await receive('  sfAB12345 '));
    expect(result).toMatchObject({ expressNo: 'SFab12345', purchaseNos: [purchase.purchaseNo], itemCount: 2, quantity: 3 });
    expect(result.tenantName).not.toBe('');

    const order = await purchaseRow(t.db, purchase);
    expect(order.status).toBe('IN_STOCK');
    expect(order.receivedBy).toBe(warehouseUserId);
    expect(order.receivedAt).toBeInstanceOf(Date);

    const stock = await stockOf(t.db, purchase);
    expect(stock.map((item) => ({ title: item.title, skuText: item.skuText, imageUrl: item.imageUrl, quantity: item.quantity, unitPrice: item.unitPrice, warehouseCode: item.warehouseCode, status: item.status, logisticsOrderId: item.logisticsOrderId }))).toEqual([
      { title: 'Ceramic tea cup 陶瓷茶杯', skuText: '顏色:白;容量:200ml', imageUrl: '/demo/purchase/cup.png', quantity: 2, unitPrice: 1250n, warehouseCode: 'GZ01', status: 'IN_STOCK', logisticsOrderId: null },
      { title: 'Linen scarf 亞麻圍巾', skuText: '顏色:藍', imageUrl: '', quantity: 1, unitPrice: 3999n, warehouseCode: 'GZ01', status: 'IN_STOCK', logisticsOrderId: null },
    ]);
    expect(stock.map((item) => item.preOrderLineId)).toEqual(purchase.lineIds);
  });

  it('receives every purchase order of one merchant that shares the parcel', async () => {
    const first = await shippedPurchase(t.db, { tenantId: 1, expressNo: 'YT-SHARED-1' });
    const second = await shippedPurchase(t.db, { tenantId: 1, expressNo: 'yt-shared-1', lines: [{ title: 'Socks', unitPrice: 500n, quantity: 5 }] });
    const result = ok<{ purchaseNos: string[]; itemCount: number; quantity: number }>(await receive('YT-SHARED-1'));
    expect(result.purchaseNos.sort()).toEqual([first.purchaseNo, second.purchaseNo].sort());
    expect(result).toMatchObject({ itemCount: 3, quantity: 8 });
    expect((await stockOf(t.db, second)).map((item) => item.title)).toEqual(['Socks']);
  });

  it('refuses a second scan with 409 "already in stock" and makes no more stock', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: 1 });
    ok(await receive(purchase.expressNo));
    expect(refused(await receive(purchase.expressNo), 409)).toBe(`The goods of express number "${purchase.expressNo}" are already in stock`);
    expect(refused(await receive(purchase.expressNo, warehouse, 'zh-TW'), 409)).toBe(`快遞單號「${purchase.expressNo}」的貨物已入庫`);
    expect(await stockOf(t.db, purchase)).toHaveLength(2);
  });

  it('answers 404 naming an unknown number, translated', async () => {
    expect(refused(await receive('NO-SUCH-EXPRESS'), 404)).toBe('No purchase order has the express number "NO-SUCH-EXPRESS"');
    expect(refused(await receive('NO-SUCH-EXPRESS', warehouse, 'zh-CN'), 404)).toBe('找不到快递单号为「NO-SUCH-EXPRESS」的采购单');
  });

  it('refuses a number shared by two merchants with 409 and receives neither', async () => {
    const mine = await shippedPurchase(t.db, { tenantId: 1, expressNo: 'JD-TWICE-77' });
    const theirs = await shippedPurchase(t.db, { tenantId: 2, expressNo: 'JD-TWICE-77' });
    expect(refused(await receive('jd-twice-77'), 409)).toContain('"jd-twice-77" belongs to purchase orders of several merchants');
    for (const purchase of [mine, theirs]) {
      expect((await purchaseRow(t.db, purchase)).status).toBe('SELLER_SHIPPED');
      expect(await stockOf(t.db, purchase)).toEqual([]);
    }
  });

  it('refuses a purchase order the seller has not shipped with 409 naming its status', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: 1, status: 'PURCHASED' });
    expect(refused(await receive(purchase.expressNo), 409)).toBe(`The purchase order of express number "${purchase.expressNo}" is Purchased and cannot be received`);
    expect((await purchaseRow(t.db, purchase)).status).toBe('PURCHASED');
  });

  it('lists awaiting and received purchase orders of every merchant, with filters, and exports them', async () => {
    const waiting = await shippedPurchase(t.db, { tenantId: 2, expressNo: 'ZTO-LIST-WAIT' });
    const received = await shippedPurchase(t.db, { tenantId: 1, expressNo: 'ZTO-LIST-DONE' });
    ok(await receive(received.expressNo));

    const awaiting = ok<Page>(await list({ status: 'SELLER_SHIPPED', expressNo: 'zto-list', pageSize: '50' }));
    expect(awaiting.records.map((record) => record.purchaseNo)).toEqual([waiting.purchaseNo]);
    expect(awaiting.records[0]).toMatchObject({ status: 'SELLER_SHIPPED', lineCount: 2, quantity: 3, receivedAt: null });

    const done = ok<Page>(await list({ status: 'IN_STOCK', expressNo: 'ZTO-LIST', pageSize: '50' }));
    expect(done.records.map((record) => record.purchaseNo)).toEqual([received.purchaseNo]);
    expect(done.records[0]!.receivedAt).not.toBeNull();

    const both = ok<Page>(await list({ expressNo: 'ZTO-LIST' }));
    expect(both.total).toBe(2);
    expect(ok<Page>(await list({ expressNo: 'ZTO-LIST', tenantId: '2' })).records.map((record) => record.purchaseNo)).toEqual([waiting.purchaseNo]);
    expect(ok<Page>(await list({ purchaseNo: received.purchaseNo.toLowerCase() })).records.map((record) => record.purchaseNo)).toEqual([received.purchaseNo]);
    const today = new Date().toISOString().slice(0, 10);
    expect(ok<Page>(await list({ expressNo: 'ZTO-LIST', receivedFrom: today })).records.map((record) => record.purchaseNo)).toEqual([received.purchaseNo]);
    expect(ok<Page>(await list({ expressNo: 'ZTO-LIST', receivedTo: '2000-01-01' })).total).toBe(0);

    const sheet = await readXlsx(await t.call({ method: 'GET', url: EXPORT, query: { expressNo: 'ZTO-LIST' }, token: warehouse, lang: 'en-US' }));
    expect(sheet.headers.slice(0, 3)).toEqual(['Express number', 'Express company', 'Purchase number']);
    expect(sheet.rows.map((row) => row[2]).sort()).toEqual([waiting.purchaseNo, received.purchaseNo].sort());
  });

  it('refuses merchants (403) and anonymous callers (401), changing nothing', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: 1 });
    for (const [method, url, payload] of [
      ['POST', RECEIVE, { expressNo: purchase.expressNo, warehouseCode: 'SZ01' }],
      ['GET', LIST, undefined],
      ['GET', EXPORT, undefined],
    ] as const) {
      refused(await t.call({ method, url, token: merchant, lang: 'en-US', ...(payload ? { payload } : {}) }), 403);
      expect((await t.call({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await purchaseRow(t.db, purchase)).status).toBe('SELLER_SHIPPED');
  });

  it('refuses a bad warehouse code with a translated 400', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: 1 });
    const response = await receive(purchase.expressNo, warehouse, 'en-US', 'XX99');
    expect(response.statusCode).toBe(400);
    expect((await purchaseRow(t.db, purchase)).status).toBe('SELLER_SHIPPED');
  });
});
