import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parcels } from '../../../src/db/schema/logistics.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { clearLogistics, insertOrder, type TestOrder } from '../../helpers/orders.ts';
import { naming } from '../../helpers/field-names.ts';

type Parcel = {
  id: number;
  trackingNo: string;
  orderId: number | null;
  logisticsOrderNo: string | null;
  status: string;
  weight: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
  warehouseCode: string | null;
  storageTime: string | null;
  shipmentTime: string | null;
  remark: string;
  createdAt: string;
};
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const BASE = '/api/logistics/package';

describe(`package management (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let warehouse: string;
  let created: TestOrder;
  let waiting: TestOrder;
  let received: TestOrder;
  let foreign: TestOrder;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, warehouse] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('warehouse')]);
    await clearLogistics(t.db);
    created = await insertOrder(t.db, { tenantId: 1 });
    waiting = await insertOrder(t.db, { tenantId: 1, status: 'WAIT_COLLECT' });
    received = await insertOrder(t.db, { tenantId: 1, status: 'WHIN' });
    foreign = await insertOrder(t.db, { tenantId: 2 });
  });
  afterAll(() => t.close());

  const add = (token: string, payload: object, lang?: string) => t.call({ method: 'POST', url: `${BASE}/add`, token, payload, lang });
  const edit = (token: string, payload: object, lang?: string) => t.call({ method: 'PUT', url: `${BASE}/edit`, token, payload, lang });
  const remove = (token: string, id: number | string, lang?: string) => t.call({ method: 'DELETE', url: `${BASE}/delete`, token, query: { id: String(id) }, lang });
  const list = (token: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `${BASE}/list`, token, query });
  const page = async (token: string, query: Record<string, string> = {}) => ok<Page<Parcel>>(await list(token, query));
  const parcelCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(parcels))[0]!.n);
  const row = async (id: number) => (await t.db.select().from(parcels).where(eq(parcels.id, id)))[0];

  it('forecasts a parcel linked to a Created order, storing grams and millimetres', async () => {
    const parcel = ok<Parcel>(await add(merchant, { trackingNo: 'SF1000000001', orderNo: created.orderNo, weight: '1.25', length: '30.5', width: '20', height: '10.1', remark: ' fragile ' }));
    expect(parcel).toMatchObject({
      trackingNo: 'SF1000000001',
      orderId: created.id,
      logisticsOrderNo: created.orderNo,
      status: 'FORECAST',
      weight: '1.250',
      length: '30.5',
      width: '20.0',
      height: '10.1',
      warehouseCode: null,
      storageTime: null,
      remark: 'fragile',
    });
    expect(await row(parcel.id)).toMatchObject({ tenantId: 1, weight: 1250, length: 305, width: 200, height: 101 });
  });

  it('forecasts a parcel without an order or sizes, and one on an order awaiting collection', async () => {
    const bare = ok<Parcel>(await add(merchant, { trackingNo: 'YT2000000001' }));
    expect(bare).toMatchObject({ orderId: null, logisticsOrderNo: null, weight: null, length: null, remark: '' });
    const linked = ok<Parcel>(await add(merchant, { trackingNo: 'YT2000000002', orderNo: waiting.orderNo }));
    expect(linked.logisticsOrderNo).toBe(waiting.orderNo);
  });

  it('refuses a tracking number the tenant already forecast (409), but another tenant may use it', async () => {
    const before = await parcelCount();
    expect(refused(await add(merchant, { trackingNo: 'SF1000000001' }, 'en-US'), 409)).toBe('Tracking number SF1000000001 has already been forecast');
    expect(await parcelCount()).toBe(before);
    ok(await add(merchant2, { trackingNo: 'SF1000000001' }));
  });

  it("answers 404 for an order of another tenant exactly as for a missing one, and 409 for one past collection", async () => {
    const before = await parcelCount();
    expect(refused(await add(merchant, { trackingNo: 'X1', orderNo: foreign.orderNo }, 'en-US'), 404)).toBe(`Logistics order ${foreign.orderNo} does not exist`);
    expect(refused(await add(merchant, { trackingNo: 'X1', orderNo: 'LO26010199999999' }, 'en-US'), 404)).toBe('Logistics order LO26010199999999 does not exist');
    expect(refused(await add(merchant, { trackingNo: 'X1', orderNo: received.orderNo }, 'en-US'), 409)).toBe(
      `Logistics order ${received.orderNo} is "In warehouse": a parcel can only be linked to a Created or Awaiting collection order`,
    );
    expect(refused(await add(merchant, { trackingNo: 'X1', orderNo: received.orderNo }, 'zh-CN'), 409)).toContain('已入库');
    expect(await parcelCount()).toBe(before);
  });

  it.each([
    [{}, 'trackingNo'],
    [{ trackingNo: '' }, 'trackingNo'],
    [{ trackingNo: 'SF 1' }, 'trackingNo'],
    [{ trackingNo: 'x'.repeat(65) }, 'trackingNo'],
    [{ trackingNo: 'V1', orderNo: 'L'.repeat(33) }, 'orderNo'],
    [{ trackingNo: 'V1', weight: '0' }, 'weight'],
    [{ trackingNo: 'V1', weight: '1.2345' }, 'weight'],
    [{ trackingNo: 'V1', weight: 'abc' }, 'weight'],
    [{ trackingNo: 'V1', weight: 1.5 }, 'weight'],
    [{ trackingNo: 'V1', weight: '10000.001' }, 'weight'],
    [{ trackingNo: 'V1', length: '0.05', width: '1', height: '1' }, 'length'],
    [{ trackingNo: 'V1', length: '1001', width: '1', height: '1' }, 'length'],
    [{ trackingNo: 'V1', length: '10' }, 'width'],
    [{ trackingNo: 'V1', length: '10', width: '10' }, 'height'],
    [{ trackingNo: 'V1', width: '10', height: '0' }, 'height'],
    [{ trackingNo: 'V1', remark: 'r'.repeat(501) }, 'remark'],
    [{ trackingNo: 'V1', tenantId: 2 }, 'tenantId'],
  ])('refuses %j naming %s and writes nothing', async (payload, field) => {
    const before = await parcelCount();
    expect(refused(await add(merchant, payload, 'en-US'), 400)).toMatch(naming(field, `${BASE}/add`));
    expect(await parcelCount()).toBe(before);
  });

  it('lists the tenant\'s parcels newest first, with every filter', async () => {
    const stored = ok<Parcel>(await add(merchant, { trackingNo: 'ZT3000000001', orderNo: created.orderNo }));
    const storedAt = new Date('2026-03-10T09:30:00.400Z');
    await t.db.update(parcels).set({ status: 'IN_WAREHOUSE', storageTime: storedAt, warehouseCode: 'SZ01' }).where(eq(parcels.id, stored.id));

    const all = await page(merchant);
    expect(all.records.map((p) => p.trackingNo)).toEqual(['ZT3000000001', 'YT2000000002', 'YT2000000001', 'SF1000000001']);
    expect(all).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });

    expect((await page(merchant, { trackingNo: 'YT2000000001' })).records.map((p) => p.trackingNo)).toEqual(['YT2000000001']);
    expect((await page(merchant, { orderNo: created.orderNo })).records.map((p) => p.trackingNo)).toEqual(['ZT3000000001', 'SF1000000001']);
    expect((await page(merchant, { orderNo: foreign.orderNo })).total).toBe(0);
    expect((await page(merchant, { status: 'IN_WAREHOUSE' })).records).toMatchObject([{ trackingNo: 'ZT3000000001', warehouseCode: 'SZ01', storageTime: storedAt.toISOString() }]);
    // the toolkit's range: 00:00:00 to 23:59:59 of the user's days, the last second included whole
    expect((await page(merchant, { storageTime_begin: '2026-03-10T00:00:00+08:00', storageTime_end: '2026-03-10T23:59:59+08:00' })).total).toBe(1);
    expect((await page(merchant, { storageTime_begin: '2026-03-10T00:00:00+08:00', storageTime_end: '2026-03-10T17:30:00+08:00' })).total).toBe(1);
    expect((await page(merchant, { storageTime_end: '2026-03-10T17:29:59+08:00' })).total).toBe(0);
    const now = Date.now();
    expect((await page(merchant, { createdAt_begin: new Date(now - 3_600_000).toISOString(), createdAt_end: new Date(now + 60_000).toISOString() })).total).toBe(4);
    expect((await page(merchant, { createdAt_end: new Date(now - 3_600_000).toISOString() })).total).toBe(0);

    const sorted = await page(merchant, { column: 'trackingNo', order: 'asc', pageSize: '2', pageNo: '2' });
    expect(sorted.records.map((p) => p.trackingNo)).toEqual(['YT2000000002', 'ZT3000000001']);
    expect(sorted).toMatchObject({ total: 4, current: 2, size: 2, pages: 2 });
  });

  it.each([
    [{ column: 'remark' }, 'column'],
    [{ column: 'created_at; drop table log_parcel' }, 'column'],
    [{ pageSize: '201' }, 'pageSize'],
    [{ pageNo: '0' }, 'pageNo'],
    [{ order: 'sideways' }, 'order'],
    [{ status: 'LOST' }, 'status'],
    [{ createdAt_begin: '2026-13-01T00:00:00Z' }, 'createdAt_begin'],
    [{ createdAt_end: '0000-01-01T00:00:00Z' }, 'createdAt_end'],
    [{ storageTime_begin: 'yesterday' }, 'storageTime_begin'],
    [{ orderNo: 'L'.repeat(33) }, 'orderNo'],
    [{ tenantId: '2' }, 'tenantId'],
  ])('refuses the list query %j naming %s', async (query, field) => {
    expect(refused(await t.call({ method: 'GET', url: `${BASE}/list`, token: merchant, query, lang: 'en-US' }), 400)).toMatch(naming(field, `${BASE}/list`));
  });

  it('names the list filters as the package screen labels them, in each language', async () => {
    const refusal = async (query: Record<string, string>, lang: string) => refused(await t.call({ method: 'GET', url: `${BASE}/list`, token: merchant, query, lang }), 400);
    expect(await refusal({ status: 'LOST' }, 'zh-TW')).toMatch(/^包裹狀態/);
    expect(await refusal({ status: 'LOST' }, 'en-US')).toMatch(/^Parcel status /);
    expect(await refusal({ storageTime_begin: 'yesterday' }, 'zh-CN')).toMatch(/^入库时间（起）/);
    expect(await refusal({ storageTime_end: 'yesterday' }, 'zh-TW')).toMatch(/^入庫時間（迄）/);
    expect(await refusal({ storageTime_end: 'yesterday' }, 'en-US')).toMatch(/^Storage time to /);
  });

  it("keeps tenants apart: merchant2 neither sees nor touches merchant's parcels", async () => {
    const theirs = await page(merchant2);
    expect(theirs.records.map((p) => p.trackingNo)).toEqual(['SF1000000001']);
    const mine = (await page(merchant, { trackingNo: 'YT2000000001' })).records[0]!;
    const missing = refused(await edit(merchant2, { id: mine.id, trackingNo: 'HACK1' }, 'en-US'), 404);
    expect(refused(await edit(merchant2, { id: 99_999_999, trackingNo: 'HACK1' }, 'en-US'), 404)).toBe(missing);
    expect(refused(await remove(merchant2, mine.id, 'en-US'), 404)).toBe(missing);
    expect((await row(mine.id))?.trackingNo).toBe('YT2000000001');
    // a tenant_id header of a tenant the user is not in is refused outright
    expect((await t.call({ method: 'GET', url: `${BASE}/list`, token: merchant2, tenant: 1 })).statusCode).toBe(403);
  });

  it('edits a forecast parcel as a whole: fields left out are cleared', async () => {
    const parcel = (await page(merchant, { trackingNo: 'SF1000000001' })).records[0]!;
    const edited = ok<Parcel>(await edit(merchant, { id: parcel.id, trackingNo: 'SF1000000009', orderNo: waiting.orderNo, weight: '2', remark: 'moved' }));
    expect(edited).toMatchObject({ id: parcel.id, trackingNo: 'SF1000000009', logisticsOrderNo: waiting.orderNo, weight: '2.000', length: null, width: null, height: null, remark: 'moved' });
    const unlinked = ok<Parcel>(await edit(merchant, { id: parcel.id, trackingNo: 'SF1000000009' }));
    expect(unlinked).toMatchObject({ orderId: null, logisticsOrderNo: null, weight: null, remark: '' });
  });

  it('keeps the link of an edited parcel to an order that has moved on, but refuses a new link to one', async () => {
    const order = await insertOrder(t.db, { tenantId: 1 });
    const parcel = ok<Parcel>(await add(merchant, { trackingNo: 'KEEP0001', orderNo: order.orderNo }));
    await t.db.execute(sql`update log_order set status = 'WHIN' where id = ${order.id}`);
    expect(ok<Parcel>(await edit(merchant, { id: parcel.id, trackingNo: 'KEEP0001', orderNo: order.orderNo, remark: 'still' })).remark).toBe('still');
    const other = ok<Parcel>(await add(merchant, { trackingNo: 'KEEP0002' }));
    refused(await edit(merchant, { id: other.id, trackingNo: 'KEEP0002', orderNo: order.orderNo }), 409);
  });

  it('refuses an edit to a tracking number taken by another parcel of the tenant', async () => {
    const parcel = (await page(merchant, { trackingNo: 'YT2000000001' })).records[0]!;
    expect(refused(await edit(merchant, { id: parcel.id, trackingNo: 'YT2000000002' }, 'en-US'), 409)).toContain('YT2000000002');
    expect((await row(parcel.id))?.trackingNo).toBe('YT2000000001');
  });

  it('edits and deletes only while FORECAST (409 otherwise, naming the status)', async () => {
    const stored = (await page(merchant, { trackingNo: 'ZT3000000001' })).records[0]!;
    expect(refused(await edit(merchant, { id: stored.id, trackingNo: 'ZT3000000001', remark: 'x' }, 'en-US'), 409)).toBe(
      'The parcel is "In warehouse": only a Forecast parcel can be changed or deleted',
    );
    expect(refused(await remove(merchant, stored.id, 'zh-TW'), 409)).toContain('在庫');
    expect(await row(stored.id)).toMatchObject({ status: 'IN_WAREHOUSE', remark: '' });
  });

  it.each([
    [{ id: 0, trackingNo: 'A1' }, 'id'],
    [{ trackingNo: 'A1' }, 'id'],
    [{ id: 'one', trackingNo: 'A1' }, 'id'],
    [{ id: 1, trackingNo: 'A 1' }, 'trackingNo'],
    [{ id: 1, trackingNo: 'A1', height: '5' }, 'length'],
  ])('refuses the edit %j naming %s', async (payload, field) => {
    expect(refused(await edit(merchant, payload, 'en-US'), 400)).toMatch(naming(field, `${BASE}/edit`));
  });

  it('deletes a forecast parcel; a second delete is 404; a bad id is 400', async () => {
    const parcel = ok<Parcel>(await add(merchant, { trackingNo: 'DEL0001' }));
    ok(await remove(merchant, parcel.id));
    expect(await row(parcel.id)).toBeUndefined();
    refused(await remove(merchant, parcel.id), 404);
    expect(refused(await remove(merchant, 'abc', 'en-US'), 400)).toMatch(naming('id', `${BASE}/delete`));
  });

  it('gives staff the daily work but not delete or export (403)', async () => {
    const parcel = ok<Parcel>(await add(staff, { trackingNo: 'STAFF0001' }));
    ok(await edit(staff, { id: parcel.id, trackingNo: 'STAFF0001', remark: 'by staff' }));
    refused(await remove(staff, parcel.id), 403);
    refused(await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: staff }), 403);
    expect(await row(parcel.id)).toMatchObject({ remark: 'by staff' });
    ok(await remove(merchant, parcel.id));
  });

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: `${BASE}/list` })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${BASE}/add`, payload: { trackingNo: 'ANON1' } })).statusCode).toBe(401);
  });

  it("exports the filtered list as xlsx in the caller's language, with status names and an RFC 5987 file name", async () => {
    const english = await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: merchant, lang: 'en-US', query: { timeZone: 'Asia/Taipei' } });
    const sheet = await readXlsx(english);
    expect(sheet.name).toBe('Packages');
    expect(sheet.headers).toEqual([
      'Tracking number',
      'Logistics order number',
      'Status',
      'Weight (kg)',
      'Length (cm)',
      'Width (cm)',
      'Height (cm)',
      'Warehouse',
      'Storage time',
      'Shipment time',
      'Remark',
      'Created at',
    ]);
    const listed = await page(merchant, { pageSize: '200' });
    expect(sheet.rows.map((r) => r[0])).toEqual(listed.records.map((p) => p.trackingNo));
    const stored = sheet.rows.find((r) => r[0] === 'ZT3000000001')!;
    // 09:30:00.400 UTC is 17:30:00 in Taipei
    expect(stored.slice(0, 3)).toEqual(['ZT3000000001', created.orderNo, 'In warehouse']);
    expect(stored[8]).toBe('2026-03-10 17:30:00');
    expect(downloadName(english)).toMatch(/^Packages_\d{14}\.xlsx$/);
    expect(english.headers['content-disposition']).toMatch(/^attachment; filename="packages_\d{14}\.xlsx"; filename\*=UTF-8''/);

    const chinese = await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: merchant, lang: 'zh-CN', query: { status: 'FORECAST' } });
    const zh = await readXlsx(chinese);
    expect(zh.headers[0]).toBe('快递单号');
    expect(new Set(zh.rows.map((r) => r[2]))).toEqual(new Set(['已预报']));
    expect(zh.rows).toHaveLength((await page(merchant, { status: 'FORECAST' })).total);
    expect(downloadName(chinese)).toMatch(/^包裹管理_\d{14}\.xlsx$/);
  });

  it("never puts another tenant's parcels in an export, and refuses a bad time zone", async () => {
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: merchant2, lang: 'en-US' }));
    expect(sheet.rows.map((r) => r[0])).toEqual(['SF1000000001']);
    expect(sheet.rows[0]![1]).toBeNull();
    expect(refused(await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: merchant, lang: 'en-US', query: { timeZone: 'Mars/Olympus' } }), 400)).toMatch(naming('timeZone', `${BASE}/exportXls`));
  });

  it('exports more rows than one read batch, in list order', async () => {
    const many = Array.from({ length: 1_203 }, (_, i) => ({ tenantId: 2, trackingNo: `BULK${String(i).padStart(5, '0')}`, createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 1000) }));
    await t.db.insert(parcels).values(many);
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${BASE}/exportXls`, token: merchant2, lang: 'en-US', query: { createdAt_end: '2025-12-31T00:00:00Z' } }));
    expect(sheet.rows).toHaveLength(1_203);
    // same second for three rows: newest first, then the higher id first
    expect(sheet.rows.slice(0, 3).map((r) => r[0])).toEqual(['BULK01202', 'BULK01201', 'BULK01200']);
    expect(new Set(sheet.rows.map((r) => r[0])).size).toBe(1_203);
    expect(sheet.rows.at(-1)![0]).toBe('BULK00000');
    await t.db.delete(parcels).where(and(eq(parcels.tenantId, 2), sql`${parcels.trackingNo} like 'BULK%'`));
  });

  it("refuses the platform's warehouse operator the merchants' package screen (it has its own)", async () => {
    expect((await list(warehouse)).statusCode).toBe(403);
  });
});
