import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition, type OrderStatus } from '@portal/shared/logistics';
import { ORDER_STATUS_TEXTS } from '@portal/shared/order-status';
import { parcels } from '../../../src/db/schema/logistics.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { eventsOf, insertOrder, insertParcel, orderRow } from '../../helpers/orders.ts';

const RECEIVE = '/api/warehouse/parcel/receive';
const SHIP_OUT = '/api/warehouse/order/shipOut';
const TRACKING_ADD = '/api/warehouse/tracking/add';
const TRACKING_LIST = '/api/warehouse/tracking/list';
const ORDER_LIST = '/api/warehouse/order/list';
const PARCEL_LIST = '/api/warehouse/parcel/list';

const en = (status: OrderStatus) => ORDER_STATUS_TEXTS[status]['en-US'];
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe(`the platform's warehouse (${testDbKind()})`, () => {
  let t: TestApp;
  let warehouse: string;
  let admin: string;
  let merchantTokens: Record<'merchant' | 'staff' | 'merchant2', string>;

  beforeAll(async () => {
    t = await createTestApp();
    const [w, a, m, s, m2] = await Promise.all(['warehouse', 'admin', 'merchant', 'staff', 'merchant2'].map((name) => t.login(name)));
    warehouse = w!;
    admin = a!;
    merchantTokens = { merchant: m!, staff: s!, merchant2: m2! };
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token = warehouse, lang = 'en-US') => t.call({ method: 'POST', url, payload, token, lang });
  const get = (url: string, query: Record<string, string> = {}, token = warehouse, lang = 'en-US') => t.call({ method: 'GET', url, query, token, lang });
  const measure = { warehouseCode: 'SZ01', weight: '1.2', length: '30.5', width: '20', height: '15' };

  describe('access', () => {
    // real payloads for a real order: were the permission not checked, these would move it
    const calls: [string, 'GET' | 'POST', ((orderNo: string) => object)?][] = [
      [RECEIVE, 'POST', (orderNo) => ({ number: orderNo, ...measure })],
      [PARCEL_LIST, 'GET'],
      [ORDER_LIST, 'GET'],
      [SHIP_OUT, 'POST', (orderNo) => ({ orderNos: [orderNo] })],
      [TRACKING_ADD, 'POST', (orderNo) => ({ orderNo, status: 'WAIT_COLLECT', occurredAt: new Date().toISOString() })],
      [TRACKING_LIST, 'GET'],
    ];

    it.each(calls)('refuses merchants %s %s with 403 and anonymous callers with 401', async (url, method, body) => {
      const order = await insertOrder(t.db, { tenantId: 1 });
      const payload = body?.(order.orderNo);
      for (const [name, token] of Object.entries(merchantTokens)) {
        const response = await t.call({ method, url, token, lang: 'en-US', ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${name} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 403 });
      }
      const anonymous = await t.call({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      // nothing moved by any of them
      expect((await orderRow(t.db, order.id)).status).toBe('CREATED');
      expect(await eventsOf(t.db, order.id)).toHaveLength(1);
      // while the warehouse may
      const allowed = await t.call({ method, url, token: warehouse, ...(payload ? { payload } : {}) });
      expect(allowed.statusCode, allowed.body).toBe(200);
    });

    it('documents every warehouse operation with its permission', async () => {
      const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
      const expected: Record<string, [string, string]> = {
        '/api/warehouse/parcel/receive': ['post', 'warehouse:receive:scan'],
        '/api/warehouse/parcel/list': ['get', 'warehouse:receive:list'],
        '/api/warehouse/order/list': ['get', 'warehouse:ship-out:list'],
        '/api/warehouse/order/shipOut': ['post', 'warehouse:ship-out:scan'],
        '/api/warehouse/tracking/add': ['post', 'warehouse:tracking:add'],
        '/api/warehouse/tracking/list': ['get', 'warehouse:tracking:list'],
      };
      for (const [path, [method, permission]] of Object.entries(expected)) {
        const operation = document.paths[path][method];
        expect(operation['x-permission'], path).toBe(permission);
        expect(operation.tags).toEqual(['warehouse']);
      }
    });
  });

  it('refuses a NUL character anywhere with 400, since PostgreSQL text cannot hold one', async () => {
    const order = await insertOrder(t.db, { tenantId: 1 });
    const nul = 'A\u0000B';
    const answers = await Promise.all([
      post(RECEIVE, { number: nul, ...measure }),
      post(SHIP_OUT, { orderNos: [order.orderNo, nul] }),
      post(TRACKING_ADD, { orderNo: order.orderNo, status: 'WAIT_COLLECT', occurredAt: new Date().toISOString(), location: nul }),
      get(ORDER_LIST, { orderNo: nul }),
      get(PARCEL_LIST, { trackingNo: nul }),
      get(TRACKING_LIST, { orderNo: nul }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers.map((answer) => answer.json().message)).toEqual([
      'Tracking or order number has an invalid value',
      'Order numbers (item 2) has an invalid value',
      'Location has an invalid value',
      'Order number has an invalid value',
      'Tracking number has an invalid value',
      'Order number has an invalid value',
    ]);
    expect((await orderRow(t.db, order.id)).status).toBe('CREATED');
  });

  describe('receive', () => {
    it('receives by parcel tracking number: measures stored, charged on the volumetric weight', async () => {
      const order = await insertOrder(t.db, { tenantId: 1, destinationCountry: 'TW', serviceType: 'BASE' });
      const parcelId = await insertParcel(t.db, { tenantId: 1, orderId: order.id, trackingNo: 'SF1000001' });
      const response = await post(RECEIVE, { number: 'SF1000001', ...measure });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe(`Order ${order.orderNo} received at the warehouse`);
      // TW BASE: 18.00 for the first 0.5 kg, 6.00 per further 0.5 kg begun; 30.5 x 20 x 15 cm / 6000 = 1.525 kg
      // beats the 1.2 kg measured; 1.525 - 0.5 = 1.025 kg is 3 steps begun: 18.00 + 3 x 6.00 = 36.00
      expect(body.result).toEqual({ orderNo: order.orderNo, tenantName: 'Demo Trading', status: 'WHIN', chargeableWeight: '1.525', freightCharge: '36.00', freightCurrency: 'CNY' });

      const row = await orderRow(t.db, order.id);
      expect(row).toMatchObject({ status: 'WHIN', actualWeight: 1200, length: 305, width: 200, height: 150, chargeableWeight: 1525, freightCharge: 3600n, freightCurrency: 'CNY', freightQuote: 2400n });
      const [parcel] = await t.db.select().from(parcels).where(eq(parcels.id, parcelId));
      expect(parcel).toMatchObject({ status: 'IN_WAREHOUSE', weight: 1200, length: 305, width: 200, height: 150, warehouseCode: 'SZ01' });
      expect(parcel?.storageTime).toBeInstanceOf(Date);
      const events = await eventsOf(t.db, order.id);
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ status: 'WHIN', fromStatus: 'CREATED', source: 'WAREHOUSE', location: '深圳倉 Shenzhen', descriptionEnUs: 'Parcel received at the warehouse' });
    });

    it('receives by order number from WAIT_COLLECT, creating the parcel, charged on the actual weight', async () => {
      const order = await insertOrder(t.db, { tenantId: 2, status: 'WAIT_COLLECT', destinationCountry: 'US', serviceType: 'FULL_LINK' });
      const response = await post(RECEIVE, { number: order.orderNo, warehouseCode: 'GZ01', weight: '2.001', length: '10', width: '10', height: '10' });
      expect(response.statusCode, response.body).toBe(200);
      // US FULL_LINK: 68.00 x 1.3 = 88.40 first, 22.00 x 1.3 = 28.60 per step; 2.001 kg beats 10 x 10 x 10 / 6000 = 0.167 kg;
      // 2.001 - 0.5 = 1.501 kg is 4 steps begun: 88.40 + 4 x 28.60 = 202.80
      expect(response.json().result).toEqual({ orderNo: order.orderNo, tenantName: 'Harbour Imports', status: 'WHIN', chargeableWeight: '2.001', freightCharge: '202.80', freightCurrency: 'CNY' });
      const created = await t.db.select().from(parcels).where(eq(parcels.orderId, order.id));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ tenantId: 2, trackingNo: order.orderNo, status: 'IN_WAREHOUSE', weight: 2001, length: 100, warehouseCode: 'GZ01' });
      const events = await eventsOf(t.db, order.id);
      expect(events.at(-1)).toMatchObject({ status: 'WHIN', fromStatus: 'WAIT_COLLECT', location: '廣州倉 Guangzhou' });
    });

    it('refuses a second receive with 409 saying the order is already received, and changes nothing', async () => {
      const order = await insertOrder(t.db, { tenantId: 1 });
      expect((await post(RECEIVE, { number: order.orderNo, ...measure })).statusCode).toBe(200);
      const before = await orderRow(t.db, order.id);
      const again = await post(RECEIVE, { number: order.orderNo, ...measure, weight: '9.9' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 409, message: `The order is already "${en('WHIN')}"; nothing was changed` });
      const zh = await post(RECEIVE, { number: order.orderNo, ...measure }, warehouse, 'zh-TW');
      expect(zh.json().message).toBe('訂單已是「已入庫」，未做任何變更');
      const cn = await post(RECEIVE, { number: order.orderNo, ...measure }, warehouse, 'zh-CN');
      expect(cn.json().message).toBe('订单已是「已入库」，未做任何变更');
      expect(await orderRow(t.db, order.id)).toEqual(before);
      expect(await eventsOf(t.db, order.id)).toHaveLength(2);
    });

    it('refuses an order past receiving or cancelled', async () => {
      for (const status of ['CANCEL', 'WHOUT', 'DONE'] as const) {
        const order = await insertOrder(t.db, { tenantId: 1, status });
        const response = await post(RECEIVE, { number: order.orderNo, ...measure });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(`The order cannot move from "${en(status)}" to "${en('WHIN')}"`);
        expect(await t.db.select().from(parcels).where(eq(parcels.orderId, order.id))).toHaveLength(0);
        expect((await orderRow(t.db, order.id)).actualWeight).toBeNull();
      }
    });

    it('lets exactly one of two simultaneous scans of one parcel succeed', async () => {
      const order = await insertOrder(t.db, { tenantId: 1 });
      await insertParcel(t.db, { tenantId: 1, orderId: order.id, trackingNo: 'SF-RACE-1' });
      const answers = await Promise.all([post(RECEIVE, { number: 'SF-RACE-1', ...measure }), post(RECEIVE, { number: 'SF-RACE-1', ...measure, weight: '3' })]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const events = await eventsOf(t.db, order.id);
      expect(events.filter((event) => event.status === 'WHIN')).toHaveLength(1);
      const winner = answers.find((answer) => answer.statusCode === 200);
      const row = await orderRow(t.db, order.id);
      // the stored measure is the winner's
      expect(String(row.actualWeight)).toBe(winner?.json().result.chargeableWeight === '3.000' ? '3000' : '1200');
    });

    it('asks for the order number when two merchants forecast the same tracking number', async () => {
      const one = await insertOrder(t.db, { tenantId: 1 });
      const two = await insertOrder(t.db, { tenantId: 2 });
      await insertParcel(t.db, { tenantId: 1, orderId: one.id, trackingNo: 'YT-SHARED-7' });
      await insertParcel(t.db, { tenantId: 2, orderId: two.id, trackingNo: 'YT-SHARED-7' });
      const response = await post(RECEIVE, { number: 'YT-SHARED-7', ...measure });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Tracking number "YT-SHARED-7" belongs to parcels of several merchants: scan the order number instead');
      expect((await orderRow(t.db, one.id)).status).toBe('CREATED');
      expect((await orderRow(t.db, two.id)).status).toBe('CREATED');
      // by the order number it works
      expect((await post(RECEIVE, { number: two.orderNo, ...measure })).statusCode).toBe(200);
      expect((await orderRow(t.db, one.id)).status).toBe('CREATED');
    });

    it('answers 404 for an unknown number and 409 for a parcel without an order', async () => {
      const unknown = await post(RECEIVE, { number: 'NO-SUCH-PARCEL', ...measure });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No parcel or order has the number "NO-SUCH-PARCEL"');
      await insertParcel(t.db, { tenantId: 1, orderId: null, trackingNo: 'LOOSE-1' });
      const loose = await post(RECEIVE, { number: 'LOOSE-1', ...measure });
      expect(loose.statusCode).toBe(409);
      expect(loose.json().message).toContain('not linked to an order');
    });

    it.each([
      [{ weight: '0' }, 'Weight (kg) must be more than 0, with at most 3 decimals'],
      [{ weight: '-1' }, 'Weight (kg) must be more than 0, with at most 3 decimals'],
      [{ weight: '1.2345' }, 'Weight (kg) must be more than 0, with at most 3 decimals'],
      [{ weight: '1000.001' }, 'Weight (kg) must be at most 1,000'],
      [{ weight: '999999999999999.999' }, 'Weight (kg) must be at most 1,000'],
      [{ width: '500.1' }, 'Width (cm) must be at most 500'],
      [{ length: '10.55' }, 'Length (cm) must be more than 0, with at most 1 decimal'],
      [{ height: 15 }, 'Height (cm) must be text'],
      [{ warehouseCode: 'XX99' }, 'Warehouse must be one of: SZ01, GZ01, YW01'],
      [{ number: '' }, 'number'],
      [{ extra: 1 }, 'Unknown field: extra'],
    ])('refuses a bad scan %j with 400 and changes nothing', async (change, message) => {
      const order = await insertOrder(t.db, { tenantId: 1 });
      const response = await post(RECEIVE, { number: order.orderNo, ...measure, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect((await orderRow(t.db, order.id)).status).toBe('CREATED');
    });
  });

  describe('ship out', () => {
    it('ships what is received, refuses the rest with its reason, reports unknown numbers', async () => {
      const ready = await insertOrder(t.db, { tenantId: 1 });
      await insertParcel(t.db, { tenantId: 1, orderId: ready.id, trackingNo: 'SF-OUT-1' });
      expect((await post(RECEIVE, { number: 'SF-OUT-1', ...measure })).statusCode).toBe(200);
      const fresh = await insertOrder(t.db, { tenantId: 2 });
      const response = await post(SHIP_OUT, { orderNos: [ready.orderNo, fresh.orderNo, 'LO99999999999999', ready.orderNo], waybillNo: 'WB-2026-0001' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe('Ship-out done: 1 shipped, 2 refused');
      expect(body.result).toEqual([
        { orderNo: ready.orderNo, ok: true, message: 'Shipped out' },
        { orderNo: fresh.orderNo, ok: false, message: `The order cannot move from "${en('CREATED')}" to "${en('WHOUT')}"` },
        { orderNo: 'LO99999999999999', ok: false, message: 'Order "LO99999999999999" not found' },
      ]);
      expect(await orderRow(t.db, ready.id)).toMatchObject({ status: 'WHOUT', waybillNo: 'WB-2026-0001' });
      const [parcel] = await t.db.select().from(parcels).where(eq(parcels.orderId, ready.id));
      expect(parcel).toMatchObject({ status: 'SHIPPED' });
      expect(parcel?.shipmentTime).toBeInstanceOf(Date);
      expect((await eventsOf(t.db, ready.id)).at(-1)).toMatchObject({ status: 'WHOUT', fromStatus: 'WHIN', source: 'WAREHOUSE' });
      expect(await orderRow(t.db, fresh.id)).toMatchObject({ status: 'CREATED', waybillNo: null });
      expect(await eventsOf(t.db, fresh.id)).toHaveLength(1);
    });

    it('keeps the waybill number when none is given, and translates the answers', async () => {
      const order = await insertOrder(t.db, { tenantId: 1, status: 'WHIN', waybillNo: 'WB-KEEP' });
      const response = await post(SHIP_OUT, { orderNos: [order.orderNo, 'NOPE'] }, warehouse, 'zh-CN');
      expect(response.json().result).toEqual([
        { orderNo: order.orderNo, ok: true, message: '已出库' },
        { orderNo: 'NOPE', ok: false, message: '找不到订单「NOPE」' },
      ]);
      expect((await orderRow(t.db, order.id)).waybillNo).toBe('WB-KEEP');
    });

    it.each([[{ orderNos: [] }], [{ orderNos: Array.from({ length: 501 }, (_, i) => `LO${i}`) }], [{ orderNos: ['A'], waybillNo: 'bad waybill!' }], [{}]])('refuses %j with 400', async (payload) => {
      const response = await post(SHIP_OUT, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 400 });
    });
  });

  describe('tracking events and the lifecycle', () => {
    const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

    it('has the 11 x 11 pairs, of which the lifecycle allows exactly ORDER_TRANSITIONS', () => {
      expect(pairs).toHaveLength(121);
      expect(pairs.filter(([from, to]) => canTransition(from, to))).toHaveLength(Object.values(ORDER_TRANSITIONS).flat().length);
    });

    it.each(pairs)('%s -> %s is allowed only if the lifecycle says so', async (from, to) => {
      const order = await insertOrder(t.db, { tenantId: 1, status: from, createdAt: new Date(Date.now() - 60_000) });
      const before = await orderRow(t.db, order.id);
      const response = await post(TRACKING_ADD, { orderNo: order.orderNo, status: to, occurredAt: new Date().toISOString(), location: 'Hong Kong', carrierCode: 'HK-42', source: 'CARRIER' });
      const events = await eventsOf(t.db, order.id);
      if (ORDER_TRANSITIONS[from].includes(to)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().result).toEqual({ orderNo: order.orderNo, status: to });
        const after = await orderRow(t.db, order.id);
        expect(after.status).toBe(to);
        expect(after.statusUpdatedAt.getTime()).toBeGreaterThan(before.statusUpdatedAt.getTime());
        expect(events).toHaveLength(2);
        expect(events[1]).toMatchObject({ status: to, fromStatus: from, location: 'Hong Kong', carrierCode: 'HK-42', source: 'CARRIER' });
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(from === to ? `The order is already "${en(to)}"; nothing was changed` : `The order cannot move from "${en(from)}" to "${en(to)}"`);
        expect(await orderRow(t.db, order.id)).toEqual(before);
        expect(events).toHaveLength(1);
      }
    });

    it('walks an order along the whole normal path, and lists its events newest first', async () => {
      const order = await insertOrder(t.db, { tenantId: 2 });
      const path: OrderStatus[] = ['WAIT_COLLECT', 'WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE'];
      for (const status of path) {
        const response = await post(TRACKING_ADD, { orderNo: order.orderNo, status, occurredAt: new Date().toISOString() });
        expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      }
      expect((await orderRow(t.db, order.id)).status).toBe('DONE');
      const listed = (await get(TRACKING_LIST, { orderNo: order.orderNo, pageSize: '20' })).json().result;
      expect(listed.total).toBe(8);
      expect(listed.records.map((record: { status: string }) => record.status)).toEqual([...path].reverse().concat('CREATED'));
      expect(listed.records[0]).toMatchObject({ orderNo: order.orderNo, tenantName: 'Harbour Imports', status: 'DONE', fromStatus: 'END_DELIVERY', description: 'Delivered', source: 'MANUAL', carrierCode: null });
      const zh = (await get(TRACKING_LIST, { orderNo: order.orderNo }, warehouse, 'zh-CN')).json().result;
      expect(zh.records[0].description).toBe('已签收');
      // a final status is left no more
      const after = await post(TRACKING_ADD, { orderNo: order.orderNo, status: 'RETURN', occurredAt: new Date().toISOString() });
      expect(after.statusCode).toBe(409);
    });

    it('records an event without a status that moves nothing, keeping the carrier code apart', async () => {
      const order = await insertOrder(t.db, { tenantId: 1, status: 'CROSS_BORDER' });
      const response = await post(TRACKING_ADD, {
        orderNo: order.orderNo,
        occurredAt: minutesFromNow(-30),
        location: 'Taoyuan Airport',
        carrierCode: 'ARR-HUB',
        rawText: 'Arrived at hub TPE',
        source: 'CARRIER',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toEqual({ orderNo: order.orderNo, status: 'CROSS_BORDER' });
      expect((await orderRow(t.db, order.id)).status).toBe('CROSS_BORDER');
      const events = await eventsOf(t.db, order.id);
      expect(events[1]).toMatchObject({ status: null, fromStatus: null, carrierCode: 'ARR-HUB', rawText: 'Arrived at hub TPE', location: 'Taoyuan Airport' });
      const listed = (await get(TRACKING_LIST, { orderNo: order.orderNo })).json().result;
      expect(listed.records[0]).toMatchObject({ status: null, description: 'Arrived at hub TPE', carrierCode: 'ARR-HUB', source: 'CARRIER' });

      // our own words in three languages, each reader gets theirs
      const described = await post(TRACKING_ADD, {
        orderNo: order.orderNo,
        occurredAt: minutesFromNow(-10),
        description: { 'zh-TW': '清關中', 'zh-CN': '清关中', 'en-US': 'In customs clearance' },
      });
      expect(described.statusCode).toBe(200);
      expect((await get(TRACKING_LIST, { orderNo: order.orderNo }, warehouse, 'zh-TW')).json().result.records[0].description).toBe('清關中');
    });

    it('refuses an event in the future, an empty one, and one for an unknown order', async () => {
      const order = await insertOrder(t.db, { tenantId: 1 });
      const future = await post(TRACKING_ADD, { orderNo: order.orderNo, status: 'WAIT_COLLECT', occurredAt: minutesFromNow(6) });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe('The event time cannot be in the future');
      const empty = await post(TRACKING_ADD, { orderNo: order.orderNo, occurredAt: minutesFromNow(0), description: { 'en-US': '' } });
      expect(empty.statusCode).toBe(400);
      const unknown = await post(TRACKING_ADD, { orderNo: 'LO00000000000000', status: 'WAIT_COLLECT', occurredAt: minutesFromNow(0) });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Order "LO00000000000000" not found');
      for (const bad of [{ status: 'SHIPPED' }, { source: 'ROBOT' }, { occurredAt: 'yesterday' }, { occurredAt: '0000-06-01T00:00:00Z' }, { rawText: 'x'.repeat(1001) }]) {
        const response = await post(TRACKING_ADD, { orderNo: order.orderNo, occurredAt: minutesFromNow(0), rawText: 'scan', ...bad });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await eventsOf(t.db, order.id)).toHaveLength(1);
      // a scanner's clock a little ahead is accepted
      const ahead = await post(TRACKING_ADD, { orderNo: order.orderNo, status: 'WAIT_COLLECT', occurredAt: minutesFromNow(4) });
      expect(ahead.statusCode).toBe(200);
    });

    it('filters the event list by status and source', async () => {
      const order = await insertOrder(t.db, { tenantId: 1, status: 'WHOUT' });
      await post(TRACKING_ADD, { orderNo: order.orderNo, status: 'LOST', occurredAt: minutesFromNow(0), source: 'API' });
      const lost = (await get(TRACKING_LIST, { status: 'LOST', source: 'API' })).json().result;
      expect(lost.records.map((record: { orderNo: string }) => record.orderNo)).toContain(order.orderNo);
      expect(lost.records.every((record: { status: string; source: string }) => record.status === 'LOST' && record.source === 'API')).toBe(true);
      expect(lost.totalExact).toBe(true);
      const bad = await get(TRACKING_LIST, { column: 'description' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('lists across tenants', () => {
    let one: Awaited<ReturnType<typeof insertOrder>>;
    let two: Awaited<ReturnType<typeof insertOrder>>;

    beforeAll(async () => {
      one = await insertOrder(t.db, { tenantId: 1, status: 'WHIN', destinationCountry: 'JP', warehouseCode: 'YW01', waybillNo: 'WB-LIST-1', createdAt: new Date(Date.now() - 60_000) });
      two = await insertOrder(t.db, { tenantId: 2, status: 'WHIN', destinationCountry: 'JP', warehouseCode: 'YW01', createdAt: new Date(Date.now() - 30_000) });
      await insertParcel(t.db, { tenantId: 1, orderId: one.id, trackingNo: 'LIST-P-1', status: 'IN_WAREHOUSE', storageTime: new Date(Date.now() - 60_000) });
      await insertParcel(t.db, { tenantId: 2, orderId: two.id, trackingNo: 'LIST-P-2', status: 'IN_WAREHOUSE', storageTime: new Date(Date.now() - 30_000) });
    });

    it('shows the warehouse orders of both tenants, newest first, with their merchant', async () => {
      const page = (await get(ORDER_LIST, { destinationCountry: 'JP', warehouseCode: 'YW01', status: 'WHIN' })).json().result;
      expect(page.records.map((record: { orderNo: string }) => record.orderNo)).toEqual([two.orderNo, one.orderNo]);
      expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1, totalExact: true });
      expect(page.records[0]).toMatchObject({ tenantName: 'Harbour Imports', status: 'WHIN', merchandiseValue: '25.90', currency: 'CNY', weight: '0.800', freight: '24.00', freightCurrency: 'CNY' });
      expect(page.records[1].tenantName).toBe('Demo Trading');
      const asc = (await get(ORDER_LIST, { destinationCountry: 'JP', warehouseCode: 'YW01', order: 'asc' })).json().result;
      expect(asc.records.map((record: { orderNo: string }) => record.orderNo)).toEqual([one.orderNo, two.orderNo]);
      // admin has every permission
      expect((await get(ORDER_LIST, { waybillNo: 'WB-LIST-1' }, admin)).json().result.records.map((record: { id: number }) => record.id)).toEqual([one.id]);
    });

    it('pages through several statuses in creation order without repeating or skipping', async () => {
      const seeded = [];
      // one base time: on a loaded machine the inserts below take longer than the half second the filter leaves
      const base = Date.now() - 3_600_000;
      for (const [index, status] of (['CREATED', 'WHIN', 'DONE', 'WHIN', 'CANCEL', 'CREATED', 'LOST'] as const).entries()) {
        seeded.push(await insertOrder(t.db, { tenantId: 1 + (index % 2), status, destinationCountry: 'NZ', createdAt: new Date(base + index * 1000) }));
      }
      const newestFirst = seeded.map((order) => order.orderNo).reverse();
      const pages = [];
      for (const pageNo of ['1', '2', '3']) {
        const page = (await get(ORDER_LIST, { destinationCountry: 'NZ', pageNo, pageSize: '3' })).json().result;
        expect(page).toMatchObject({ total: 7, pages: 3 });
        pages.push(...page.records.map((record: { orderNo: string }) => record.orderNo));
      }
      expect(pages).toEqual(newestFirst);
      const some = (await get(ORDER_LIST, { destinationCountry: 'NZ', status: 'CREATED,LOST' })).json().result;
      expect(some.records.map((record: { orderNo: string }) => record.orderNo)).toEqual([seeded[6]!.orderNo, seeded[5]!.orderNo, seeded[0]!.orderNo]);
      expect(some.total).toBe(3);
      // a day is included whole, in the database's time zone: tomorrow (UTC) is surely not over there yet
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const byDay = (await get(ORDER_LIST, { destinationCountry: 'NZ', createdFrom: new Date(base + 2500).toISOString(), createdTo: tomorrow })).json().result;
      expect(byDay.records).toHaveLength(4);
    });

    it.each([
      [{ status: 'WHIN,SHIPPED' }, 'Status takes order statuses separated by commas'],
      [{ status: "WHIN' or 1=1" }, 'Status'],
      [{ column: 'recipientName' }, 'Sort column must be one of: createdAt'],
      [{ pageSize: '201' }, 'Page size must be at most 200'],
      [{ destinationCountry: 'XX' }, 'Destination must be one of'],
      [{ createdFrom: 'last week' }, 'Created from must be a date'],
      [{ createdTo: '0000-01-01' }, 'Created to has an invalid value'],
      [{ createdFrom: '0000-12-31T00:00:00Z' }, 'Created from has an invalid value'],
      [{ tenantId: '1' }, 'Unknown field: tenantId'],
    ])('refuses the order list query %j with 400', async (query, message) => {
      const response = await get(ORDER_LIST, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });

    it('lists parcels of every tenant by storage time, with their order and merchant', async () => {
      const page = (await get(PARCEL_LIST, { status: 'IN_WAREHOUSE', trackingNo: 'LIST-P-2' })).json().result;
      expect(page.records).toHaveLength(1);
      expect(page.records[0]).toMatchObject({ trackingNo: 'LIST-P-2', logisticsOrderNo: two.orderNo, tenantName: 'Harbour Imports', status: 'IN_WAREHOUSE', weight: '0.900', length: null });
      const byOrder = (await get(PARCEL_LIST, { orderNo: one.orderNo })).json().result;
      expect(byOrder.records.map((record: { trackingNo: string }) => record.trackingNo)).toEqual(['LIST-P-1']);
      const inWarehouse = (await get(PARCEL_LIST, { status: 'IN_WAREHOUSE', pageSize: '200' })).json().result;
      const times = inWarehouse.records.map((record: { storageTime: string }) => Date.parse(record.storageTime));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const tenants = new Set(inWarehouse.records.map((record: { tenantName: string }) => record.tenantName));
      expect(tenants).toEqual(new Set(['Demo Trading', 'Harbour Imports']));
      const window = (await get(PARCEL_LIST, { storageFrom: new Date(Date.now() - 45_000).toISOString(), trackingNo: 'LIST-P-1' })).json().result;
      expect(window.total).toBe(0);
      expect((await get(PARCEL_LIST, { storageTo: '0000-01-01' })).statusCode).toBe(400);
      const all = (await get(PARCEL_LIST, { pageSize: '200' })).json().result;
      expect(all.total).toBe(await t.db.$count(parcels));
      expect(all.records).toHaveLength(all.total);
      // received parcels newest first, then the ones not received yet, newest forecast first; ascending the reverse
      type Listed = { id: number; storageTime: string | null };
      const order = (records: Listed[]) => records.map((record) => [record.storageTime === null ? 1 : 0, -Date.parse(record.storageTime ?? '1970-01-01T00:00:00Z'), -record.id]);
      const sortedDesc = [...all.records].sort((a: Listed, b: Listed) => {
        const [x, y] = [order([a])[0]!, order([b])[0]!];
        return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
      });
      expect(all.records.map((record: Listed) => record.id)).toEqual(sortedDesc.map((record: Listed) => record.id));
      expect(all.records.some((record: Listed) => record.storageTime === null)).toBe(true);
      const ascending = (await get(PARCEL_LIST, { pageSize: '200', order: 'asc' })).json().result;
      expect(ascending.records.map((record: Listed) => record.id)).toEqual(sortedDesc.map((record: Listed) => record.id).reverse());
      // and page by page the same
      const paged = [];
      for (let pageNo = 1; pageNo <= Math.ceil(all.total / 7); pageNo += 1) {
        paged.push(...(await get(PARCEL_LIST, { pageSize: '7', pageNo: String(pageNo) })).json().result.records.map((record: Listed) => record.id));
      }
      expect(paged).toEqual(all.records.map((record: Listed) => record.id));
      expect((await get(PARCEL_LIST, { status: 'LOST' })).statusCode).toBe(400);
    });

    it('estimates the total past 2,000 rows instead of counting them all, and still pages exactly', async () => {
      await t.db.execute(sql`
        insert into log_order (tenant_id, order_no, merchant_order_no, service_type, status, destination_country, warehouse_code, recipient_name,
          recipient_phone, recipient_address, item_quantity, merchandise_value, merchandise_currency, declared_weight, created_at)
        select 1 + g % 2, 'LO25123199' || lpad(g::text, 6, '0'), 'BULK-' || g, 'BASE', (array['CREATED','WHIN','DONE'])[1 + g % 3], 'AE', 'SZ01', 'Bulk',
          '0912000000', 'Bulk Road', 1, 100, 'CNY', 500, now() - g * interval '1 minute'
        from generate_series(1, 2100) g`);
      const first = (await get(ORDER_LIST, { destinationCountry: 'AE', pageSize: '5' })).json().result;
      expect(first.totalExact).toBe(false);
      expect(first.total).toBeGreaterThan(2000);
      expect(first.records.map((record: { merchantOrderNo: string }) => record.merchantOrderNo)).toEqual(['BULK-1', 'BULK-2', 'BULK-3', 'BULK-4', 'BULK-5']);
      const deep = (await get(ORDER_LIST, { destinationCountry: 'AE', pageSize: '5', pageNo: '400' })).json().result;
      expect(deep.records.map((record: { merchantOrderNo: string }) => record.merchantOrderNo)).toEqual(['BULK-1996', 'BULK-1997', 'BULK-1998', 'BULK-1999', 'BULK-2000']);
      // a narrower filter is counted exactly again
      const done = (await get(ORDER_LIST, { destinationCountry: 'AE', status: 'DONE', createdFrom: new Date(Date.now() - 30 * 60_000).toISOString() })).json().result;
      expect(done).toMatchObject({ total: 10, totalExact: true });
    });
  });
});
