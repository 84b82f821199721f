import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { collectionExceptions } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { clearLogistics, insertOrder, type TestOrder } from '../../helpers/orders.ts';
import { naming } from '../../helpers/field-names.ts';

type Exception = {
  id: number;
  exceptionNo: string;
  orderId: number;
  orderNo: string;
  type: string;
  description: string;
  status: string;
  resolution: string | null;
  merchantRemark: string;
  platformRemark: string;
  dealtAt: string | null;
  createdAt: string;
};
type PlatformException = Exception & { tenantId: number; tenantName: string };
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const M = '/api/logistics/collectionException';
const P = '/api/warehouse/exception';
const STATUS_TEXT = { '0': 'Pending', '1': 'Handled', '2': 'Awaiting merchant reply', '3': 'Closed', '4': 'Cancelled' } as const;
type Status = keyof typeof STATUS_TEXT;
const STATUSES = Object.keys(STATUS_TEXT) as Status[];

describe(`collection exceptions (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let warehouse: string;
  let order: TestOrder;
  let foreignOrder: TestOrder;
  let userIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, warehouse] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('warehouse')]);
    await clearLogistics(t.db);
    order = await insertOrder(t.db, { tenantId: 1, status: 'WHIN' });
    foreignOrder = await insertOrder(t.db, { tenantId: 2, status: 'WHIN' });
    userIds = Object.fromEntries((await t.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object, lang = 'en-US') => t.call({ method: 'POST', url, token, payload, lang });
  const get = (url: string, token: string, query: Record<string, string> = {}, lang = 'en-US') => t.call({ method: 'GET', url, token, query, lang });
  const report = async (orderNo = order.orderNo, type = 'DAMAGED', description = 'Carton crushed on one corner') =>
    ok<PlatformException>(await post(`${P}/add`, warehouse, { orderNo, type, description }));
  const row = async (id: number) => (await t.db.select().from(collectionExceptions).where(eq(collectionExceptions.id, id)))[0]!;
  const count = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(collectionExceptions))[0]!.n);
  const setStatus = (id: number, status: Status) => t.db.update(collectionExceptions).set({ status }).where(eq(collectionExceptions.id, id));

  describe('the platform registers and follows exceptions', () => {
    it('registers a pending exception on an order of any tenant, by its number', async () => {
      const created = await report(foreignOrder.orderNo, 'PROHIBITED', ' Contains a lithium battery ');
      const today = new Date().toISOString().slice(2, 10).replace(/-/g, '');
      expect(created.exceptionNo).toMatch(new RegExp(`^EX${today}\\d{6}$`));
      expect(created).toMatchObject({
        orderId: foreignOrder.id,
        orderNo: foreignOrder.orderNo,
        type: 'PROHIBITED',
        description: 'Contains a lithium battery',
        status: '0',
        resolution: null,
        merchantRemark: '',
        platformRemark: '',
        dealtAt: null,
        tenantId: 2,
        tenantName: 'Harbour Imports',
      });
      expect(await row(created.id)).toMatchObject({ tenantId: 2, reportedBy: userIds.warehouse });
    });

    it.each([
      [{ type: 'DAMAGED', description: 'x' }, 'orderNo'],
      [{ orderNo: '', type: 'DAMAGED', description: 'x' }, 'orderNo'],
      [{ orderNo: 'L'.repeat(33), type: 'DAMAGED', description: 'x' }, 'orderNo'],
      [{ orderNo: 'LO1', type: 'BROKEN', description: 'x' }, 'type'],
      [{ orderNo: 'LO1', description: 'x' }, 'type'],
      [{ orderNo: 'LO1', type: 'DAMAGED', description: '   ' }, 'description'],
      [{ orderNo: 'LO1', type: 'DAMAGED', description: 'x'.repeat(1001) }, 'description'],
      [{ orderNo: 'LO1', type: 'DAMAGED', description: 'x', status: '1' }, 'status'],
    ])('refuses %j naming %s and writes nothing', async (payload, field) => {
      const before = await count();
      expect(refused(await post(`${P}/add`, warehouse, payload), 400)).toMatch(naming(field, `${P}/add`));
      expect(await count()).toBe(before);
    });

    it('answers 404 for an unknown order number', async () => {
      const before = await count();
      expect(refused(await post(`${P}/add`, warehouse, { orderNo: 'LO26010199999999', type: 'OTHER', description: 'x' }), 404)).toBe('Logistics order LO26010199999999 does not exist');
      expect(await count()).toBe(before);
    });

    // from each status to each status the platform may set: legal moves per docs/logistics-lifecycle.md
    const LEGAL: Record<Status, Status[]> = { '0': ['2', '3', '4'], '1': ['3'], '2': ['2', '3', '4'], '3': [], '4': [] };
    const moves = STATUSES.flatMap((from) => (['2', '3', '4'] as Status[]).map((to) => [from, to, LEGAL[from].includes(to) ? 'legal' : 'refused'] as const));
    it.each(moves)('update from %s to %s is %s', async (from, to, verdict) => {
      const exception = await report();
      await setStatus(exception.id, from);
      const before = await row(exception.id);
      const response = await post(`${P}/update`, warehouse, { id: exception.id, status: to, remark: 'Please send a photo of the label' });
      if (verdict === 'refused') {
        expect(refused(response, 409)).toBe(
          from === to ? `The exception is already "${STATUS_TEXT[to]}"; nothing was changed` : `The exception cannot move from "${STATUS_TEXT[from]}" to "${STATUS_TEXT[to]}"`,
        );
        expect(await row(exception.id)).toEqual(before);
        return;
      }
      expect(ok<PlatformException>(response)).toMatchObject({ id: exception.id, status: to, platformRemark: 'Please send a photo of the label', tenantName: 'Demo Trading' });
    });

    it('needs a remark to ask the merchant, keeps the last remark when closing without one', async () => {
      const exception = await report();
      expect(refused(await post(`${P}/update`, warehouse, { id: exception.id, status: '2' }), 400)).toBe('Platform remark is required');
      expect((await row(exception.id)).status).toBe('0');
      ok(await post(`${P}/update`, warehouse, { id: exception.id, status: '2', remark: 'Which address is right?' }));
      const closed = ok<PlatformException>(await post(`${P}/update`, warehouse, { id: exception.id, status: '3' }));
      expect(closed).toMatchObject({ status: '3', platformRemark: 'Which address is right?' });
      expect(refused(await post(`${P}/update`, warehouse, { id: exception.id, status: '4' }, 'zh-CN'), 409)).toBe('异常状态不能从「已关闭」变为「已取消」');
    });

    it.each([
      [{ id: 1, status: '1' }, 'status'],
      [{ id: 1, status: '0' }, 'status'],
      [{ id: 1, status: 3 }, 'status'],
      [{ status: '3' }, 'id'],
      [{ id: 1, status: '3', remark: 'x'.repeat(1001) }, 'remark'],
    ])('refuses the update %j naming %s', async (payload, field) => {
      expect(refused(await post(`${P}/update`, warehouse, payload), 400)).toMatch(naming(field, `${P}/update`));
    });

    it('answers 404 when updating a missing exception', async () => {
      refused(await post(`${P}/update`, warehouse, { id: 987_654_321, status: '3' }), 404);
    });

    it("lists every tenant's exceptions with the tenant name, newest first, with filters", async () => {
      const all = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { pageSize: '200' }));
      const rows = await t.db.select().from(collectionExceptions);
      expect(all.total).toBe(rows.length);
      expect(new Set(all.records.map((e) => e.tenantName))).toEqual(new Set(['Demo Trading', 'Harbour Imports']));
      expect(all.records[0]!.createdAt >= all.records.at(-1)!.createdAt).toBe(true);
      const two = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { tenantId: '2' }));
      expect(two.records.map((e) => e.orderNo)).toEqual([foreignOrder.orderNo]);
      const byOrder = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { orderNo: foreignOrder.orderNo }));
      expect(byOrder.total).toBe(1);
      const prohibited = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { type: 'PROHIBITED' }));
      expect(prohibited.records.map((e) => e.type)).toEqual(['PROHIBITED']);
      const closed = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { status: '3', pageSize: '200' }));
      expect(closed.total).toBe(rows.filter((r) => r.status === '3').length);
    });
  });

  describe('the merchant deals with them', () => {
    it.each(STATUSES.map((status) => [status, status === '0' || status === '2' ? 'dealt with' : 'refused'] as const))('an exception in status %s is %s', async (status, verdict) => {
      const exception = await report();
      await setStatus(exception.id, status);
      const before = await row(exception.id);
      const response = await post(`${M}/deal`, merchant, { id: exception.id, resolution: 'RESHIP', remark: ' New box tomorrow ' });
      if (verdict === 'refused') {
        expect(refused(response, 409)).toBe(`The exception is "${STATUS_TEXT[status]}": only a Pending or Awaiting merchant reply exception can be dealt with`);
        expect(await row(exception.id)).toEqual(before);
        return;
      }
      const dealt = ok<Exception>(response);
      expect(dealt).toMatchObject({ id: exception.id, status: '1', resolution: 'RESHIP', merchantRemark: 'New box tomorrow' });
      expect(Math.abs(new Date(dealt.dealtAt!).getTime() - Date.now())).toBeLessThan(60_000);
      expect(await row(exception.id)).toMatchObject({ dealtBy: userIds.merchant });
      // dealt once: a second deal is refused as handled
      expect(refused(await post(`${M}/deal`, merchant, { id: exception.id, resolution: 'RETURN' }), 409)).toContain('"Handled"');
    });

    it.each([
      [{ id: 1, resolution: 'KEEP' }, 'resolution'],
      [{ id: 1 }, 'resolution'],
      [{ resolution: 'RESHIP' }, 'id'],
      [{ id: 1, resolution: 'RESHIP', remark: 'x'.repeat(1001) }, 'remark'],
      [{ id: 1, resolution: 'RESHIP', status: '3' }, 'status'],
    ])('refuses the deal %j naming %s', async (payload, field) => {
      expect(refused(await post(`${M}/deal`, merchant, payload), 400)).toMatch(naming(field, `${M}/deal`));
    });

    it('shows the detail of its own exception', async () => {
      const exception = await report(order.orderNo, 'ADDRESS', 'Postcode missing');
      const detail = ok<Exception>(await get(`${M}/queryById`, merchant, { id: String(exception.id) }));
      expect(detail).toMatchObject({ id: exception.id, orderNo: order.orderNo, type: 'ADDRESS', description: 'Postcode missing', status: '0' });
      expect(detail).not.toHaveProperty('tenantName');
      expect(refused(await get(`${M}/queryById`, merchant, { id: 'x' }), 400)).toMatch(naming('id', `${M}/queryById`));
    });

    it('lists its exceptions with filters, newest first', async () => {
      const rows = (await t.db.select().from(collectionExceptions).where(eq(collectionExceptions.tenantId, 1))).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      const all = ok<Page<Exception>>(await get(`${M}/list`, merchant, { pageSize: '200' }));
      expect(all.records.map((e) => e.id)).toEqual(rows.map((r) => r.id));
      const handled = ok<Page<Exception>>(await get(`${M}/list`, merchant, { status: '1', pageSize: '200' }));
      expect(handled.records.map((e) => e.id)).toEqual(rows.filter((r) => r.status === '1').map((r) => r.id));
      const address = ok<Page<Exception>>(await get(`${M}/list`, merchant, { type: 'ADDRESS' }));
      expect(address.records.map((e) => e.description)).toEqual(['Postcode missing']);
      expect(ok<Page<Exception>>(await get(`${M}/list`, merchant, { orderNo: order.orderNo })).total).toBe(rows.length);
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      expect(ok<Page<Exception>>(await get(`${M}/list`, merchant, { createdAt_begin: hourAgo })).total).toBe(rows.length);
      expect(ok<Page<Exception>>(await get(`${M}/list`, merchant, { createdAt_end: hourAgo })).total).toBe(0);
      const second = ok<Page<Exception>>(await get(`${M}/list`, merchant, { pageSize: '3', pageNo: '2' }));
      expect(second.records.map((e) => e.id)).toEqual(rows.slice(3, 6).map((r) => r.id));
      expect(second).toMatchObject({ total: rows.length, pages: Math.ceil(rows.length / 3) });
      for (const query of [{ status: '5' }, { type: 'broken' }, { column: 'status' }, { pageSize: '500' }] as Record<string, string>[]) {
        expect(refused(await get(`${M}/list`, merchant, query), 400)).toMatch(naming(Object.keys(query)[0]!, `${M}/list`));
      }
    });

    it("exports in the caller's language with status, type and resolution names", async () => {
      const response = await get(`${M}/exportXls`, merchant, { status: '1' }, 'zh-CN');
      const sheet = await readXlsx(response);
      expect(sheet.headers).toEqual(['异常单号', '物流订单号', '异常类型', '异常描述', '状态', '处理方式', '商家备注', '平台备注', '处理时间', '创建时间']);
      expect(sheet.rows.length).toBe((await t.db.select().from(collectionExceptions).where(eq(collectionExceptions.status, '1'))).filter((r) => r.tenantId === 1).length);
      expect(new Set(sheet.rows.map((r) => r[4]))).toEqual(new Set(['已处理']));
      expect(sheet.rows.some((r) => r[5] === '重新发货' && r[2] === '货物破损')).toBe(true);
      expect(downloadName(response)).toMatch(/^揽收异常_\d{14}\.xlsx$/);
    });

    it("lists the open ones ('OPEN': pending or awaiting the merchant, what the home page counts), on both sides and in the export", async () => {
      const pending = await report();
      const awaiting = await report();
      await setStatus(awaiting.id, '2');
      const closed = await report();
      await setStatus(closed.id, '3');
      const rows = await t.db.select().from(collectionExceptions);
      const open = rows.filter((r) => r.status === '0' || r.status === '2');
      const ids = (records: { id: number }[]) => records.map((e) => e.id).sort((a, b) => a - b);
      const mine = ok<Page<Exception>>(await get(`${M}/list`, merchant, { status: 'OPEN', pageSize: '200' }));
      expect(ids(mine.records)).toEqual(ids(open.filter((r) => r.tenantId === 1)));
      expect(ids(mine.records)).toEqual(expect.arrayContaining([pending.id, awaiting.id]));
      expect(ids(mine.records)).not.toContain(closed.id);
      const every = ok<Page<PlatformException>>(await get(`${P}/list`, warehouse, { status: 'OPEN', pageSize: '200' }));
      expect(ids(every.records)).toEqual(ids(open));
      expect((await readXlsx(await get(`${M}/exportXls`, merchant, { status: 'OPEN' }))).rows.length).toBe(mine.total);
      expect(refused(await get(`${M}/list`, merchant, { status: 'open' }), 400)).toMatch(naming('status', `${M}/list`));
    });
  });

  describe('tenants and permissions', () => {
    it("hides merchant's exceptions from merchant2: 404 like a missing id, never in its list or export", async () => {
      const exception = await report();
      const before = await row(exception.id);
      const missing = refused(await get(`${M}/queryById`, merchant2, { id: '987654321' }), 404);
      expect(refused(await get(`${M}/queryById`, merchant2, { id: String(exception.id) }), 404)).toBe(missing);
      expect(refused(await post(`${M}/deal`, merchant2, { id: exception.id, resolution: 'DESTROY' }), 404)).toBe(missing);
      expect(await row(exception.id)).toEqual(before);
      const theirs = ok<Page<Exception>>(await get(`${M}/list`, merchant2, { pageSize: '200' }));
      expect(theirs.records.map((e) => e.orderNo)).toEqual([foreignOrder.orderNo]);
      expect(ok<Page<Exception>>(await get(`${M}/list`, merchant2, { orderNo: order.orderNo })).total).toBe(0);
      const sheet = await readXlsx(await get(`${M}/exportXls`, merchant2));
      expect(sheet.rows.map((r) => r[1])).toEqual([foreignOrder.orderNo]);
    });

    it('refuses the platform endpoints to merchant users (403)', async () => {
      const exception = await report();
      const before = await count();
      for (const token of [merchant, merchant2, staff]) {
        refused(await get(`${P}/list`, token), 403);
        refused(await post(`${P}/add`, token, { orderNo: order.orderNo, type: 'OTHER', description: 'x' }), 403);
        refused(await post(`${P}/update`, token, { id: exception.id, status: '4' }), 403);
      }
      expect(await count()).toBe(before);
      expect((await row(exception.id)).status).toBe('0');
    });

    it('refuses the platform endpoints to a platform user without the warehouse:exception codes (403)', async () => {
      // finance works in the platform tenant but holds no warehouse: code: the permission, not the tenant, refuses it
      const finance = await t.login('finance');
      const exception = await report();
      const before = await count();
      refused(await get(`${P}/list`, finance), 403);
      refused(await post(`${P}/add`, finance, { orderNo: order.orderNo, type: 'OTHER', description: 'x' }), 403);
      refused(await post(`${P}/update`, finance, { id: exception.id, status: '4' }), 403);
      expect(await count()).toBe(before);
      expect((await row(exception.id)).status).toBe('0');
    });

    it('declares warehouse:exception:list / add / update on the platform endpoints and grants them to the warehouse operator', async () => {
      const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
      expect(doc.paths[`${P}/list`]?.get?.['x-permission']).toBe('warehouse:exception:list');
      expect(doc.paths[`${P}/add`]?.post?.['x-permission']).toBe('warehouse:exception:add');
      expect(doc.paths[`${P}/update`]?.post?.['x-permission']).toBe('warehouse:exception:update');
      const permissions = await get('/api/sys/permission/getUserPermissionByToken', warehouse, { _t: '1700000000' });
      type Entry = { path: string; children?: Entry[] };
      const granted = ok<{ menu: Entry[]; auth: { action: string }[] }>(permissions);
      const paths = (menu: Entry[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);
      // the list is a menu entry (its perms), add and update are its buttons
      expect(paths(granted.menu)).toContain('/warehouse/exception');
      expect(granted.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['warehouse:exception:add', 'warehouse:exception:update']));
    });

    it('lets staff deal with an exception but not export (403)', async () => {
      const exception = await report();
      refused(await get(`${M}/exportXls`, staff), 403);
      expect(ok<Exception>(await post(`${M}/deal`, staff, { id: exception.id, resolution: 'CONTINUE' })).status).toBe('1');
      expect(await row(exception.id)).toMatchObject({ dealtBy: userIds.staff });
    });

    it('answers 401 without a session', async () => {
      expect((await t.call({ method: 'GET', url: `${M}/list` })).statusCode).toBe(401);
      expect((await t.call({ method: 'POST', url: `${P}/add`, payload: {} })).statusCode).toBe(401);
    });
  });
});
