import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_LOOKUP_MAX } from '@portal/shared/logistics';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { insertOrder, insertParcel, type TestOrder } from '../../helpers/orders.ts';
import { TRACK_RATE_PER_MINUTE } from '../../../src/modules/tracking/routes.ts';

const TRACK = '/api/open/track';

type Event = { occurredAt: string; status: string | null; location: string; description: string };
type Result = { number: string; found: boolean; orderNo: string | null; status: string | null; destinationCountry: string | null; events: Event[] };

const RESULT_KEYS = ['destinationCountry', 'events', 'found', 'number', 'orderNo', 'status'];
const EVENT_KEYS = ['description', 'location', 'occurredAt', 'status'];
const ENVELOPE_KEYS = ['code', 'message', 'result', 'success', 'timestamp'];

// what the public must never learn about the order
const SECRET = {
  recipientName: 'Secretia Receiver',
  recipientPhone: '0987654321',
  recipientAddress: 'Hidden Lane 42, Private District',
  merchantOrderNo: 'MERCH-SECRET-77',
};

describe(`public tracking (${testDbKind()})`, () => {
  let t: TestApp;
  let shipped: TestOrder;
  let fresh: TestOrder;
  // every test uses its own client address, so that the rate limit of one does not touch another
  let address = 0;
  const nextAddress = () => `10.1.0.${(address += 1)}`;

  const track = (numbers: string, lang?: string, remoteAddress = nextAddress()) =>
    t.call({ method: 'GET', url: TRACK, query: { numbers }, lang, remoteAddress });
  const results = async (numbers: string, lang?: string) => {
    const response = await track(numbers, lang);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as Result[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await t.login('warehouse');
    shipped = await insertOrder(t.db, { tenantId: 1, destinationCountry: 'SG', createdAt: new Date(Date.now() - 3_600_000), ...SECRET });
    await insertParcel(t.db, { tenantId: 1, orderId: shipped.id, trackingNo: 'SF-PUBLIC-1' });
    fresh = await insertOrder(t.db, { tenantId: 2, destinationCountry: 'JP', recipientName: 'Other Recipient' });
    // the warehouse receives and ships it, as it would
    const receive = await t.call({ method: 'POST', url: '/api/warehouse/parcel/receive', token: warehouse, payload: { number: 'SF-PUBLIC-1', warehouseCode: 'SZ01', weight: '1.234', length: '20', width: '20', height: '20' } });
    expect(receive.statusCode, receive.body).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/warehouse/order/shipOut', token: warehouse, payload: { orderNos: [shipped.orderNo], waybillNo: 'WB-PUBLIC-1' } });
    expect(out.json().result[0].ok).toBe(true);
  });
  afterAll(() => t.close());

  it('answers without a login, in the order asked, found and not found', async () => {
    const response = await track(`NOPE-1, ${shipped.orderNo}\nWB-PUBLIC-1  SF-PUBLIC-1,,${fresh.orderNo}\r\nNOPE-2`, 'en-US');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json().result as Result[];
    expect(answer.map((result) => [result.number, result.found])).toEqual([
      ['NOPE-1', false],
      [shipped.orderNo, true],
      ['WB-PUBLIC-1', true],
      ['SF-PUBLIC-1', true],
      [fresh.orderNo, true],
      ['NOPE-2', false],
    ]);
    expect(answer[0]).toEqual({ number: 'NOPE-1', found: false, orderNo: null, status: null, destinationCountry: null, events: [] });
    // the order number, the waybill and the parcel's tracking number all find the same order
    for (const result of answer.slice(1, 4)) {
      expect(result).toMatchObject({ found: true, orderNo: shipped.orderNo, status: 'WHOUT', destinationCountry: 'SG' });
      expect(result.events.map((event) => event.status)).toEqual(['WHOUT', 'WHIN', 'CREATED']);
      expect(result.events[0]).toMatchObject({ location: '深圳倉 Shenzhen', description: 'Parcel left the warehouse' });
    }
    expect(answer[4]).toMatchObject({ orderNo: fresh.orderNo, status: 'CREATED', destinationCountry: 'JP' });
    const times = answer[1]!.events.map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('drops empty and repeated numbers, keeping the first-seen order', async () => {
    const answer = await results(` ${fresh.orderNo} , NOPE-3 ,${fresh.orderNo}\n\nNOPE-3 `);
    expect(answer.map((result) => result.number)).toEqual([fresh.orderNo, 'NOPE-3']);
  });

  it('describes the events in the caller’s language', async () => {
    const descriptions = async (lang: string | undefined) => (await results(shipped.orderNo, lang))[0]!.events.map((event) => event.description);
    expect(await descriptions('en-US')).toEqual(['Parcel left the warehouse', 'Parcel received at the warehouse', 'Order created']);
    expect(await descriptions('zh-CN')).toEqual(['包裹已出库', '包裹已入库', '订单已创建']);
    expect(await descriptions(undefined)).toEqual(['包裹已出庫', '包裹已入庫', '訂單已建立']);
  });

  it('shows a waybill that covers several orders once per order, and a carrier’s own text as it is', async () => {
    const warehouse = await t.login('warehouse');
    const a = await insertOrder(t.db, { tenantId: 1, status: 'WHIN', createdAt: new Date(Date.now() - 60_000) });
    const b = await insertOrder(t.db, { tenantId: 2, status: 'WHIN' });
    await t.call({ method: 'POST', url: '/api/warehouse/order/shipOut', token: warehouse, payload: { orderNos: [a.orderNo, b.orderNo], waybillNo: 'WB-SHARED-9' } });
    await t.call({
      method: 'POST',
      url: '/api/warehouse/tracking/add',
      token: warehouse,
      payload: { orderNo: b.orderNo, occurredAt: new Date().toISOString(), rawText: 'Departed HKG hub', carrierCode: 'DEP', source: 'CARRIER' },
    });
    const answer = await results('WB-SHARED-9', 'zh-CN');
    expect(answer.map((result) => [result.number, result.orderNo])).toEqual([
      ['WB-SHARED-9', b.orderNo],
      ['WB-SHARED-9', a.orderNo],
    ]);
    expect(answer[0]!.events[0]).toMatchObject({ status: null, description: 'Departed HKG hub' });
  });

  it('describes an event written in one language only in every language, the nearest first', async () => {
    const warehouse = await t.login('warehouse');
    const order = await insertOrder(t.db, { tenantId: 1, status: 'WHIN' });
    const add = async (description: Record<string, string>, minutesAgo: number) => {
      const response = await t.call({
        method: 'POST',
        url: '/api/warehouse/tracking/add',
        token: warehouse,
        payload: { orderNo: order.orderNo, occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), description, source: 'MANUAL' },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await add({ 'en-US': 'Sorted at the Hong Kong hub' }, 2);
    await add({ 'zh-CN': '已到达香港转运中心' }, 1);
    const described = async (lang: string) => (await results(order.orderNo, lang))[0]!.events.filter((event) => event.status === null).map((event) => event.description);
    expect(await described('zh-TW')).toEqual(['已到达香港转运中心', 'Sorted at the Hong Kong hub']);
    expect(await described('zh-CN')).toEqual(['已到达香港转运中心', 'Sorted at the Hong Kong hub']);
    expect(await described('en-US')).toEqual(['已到达香港转运中心', 'Sorted at the Hong Kong hub']);
  });

  it('never shows merchant, recipient, goods, weight or money data', async () => {
    const response = await track(`${shipped.orderNo} WB-PUBLIC-1 SF-PUBLIC-1 ${fresh.orderNo} NOPE-4`, 'en-US');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
    for (const result of body.result as Result[]) {
      expect(Object.keys(result).sort()).toEqual(RESULT_KEYS);
      for (const event of result.events) expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    }
    const text = response.body;
    for (const secret of [...Object.values(SECRET), 'Other Recipient', 'Demo Trading', 'Harbour Imports', shipped.merchantOrderNo, fresh.merchantOrderNo, 'Cotton T-shirt', 'CNY', 'recipient', 'tenant', 'freight', 'weight']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it(`refuses more than ${TRACKING_LOOKUP_MAX} numbers, and no numbers at all, with a translated 400`, async () => {
    const numbers = Array.from({ length: TRACKING_LOOKUP_MAX + 1 }, (_, index) => `N${index}`);
    const tooMany = await track(numbers.join(','), 'en-US');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, code: 400, message: `At most ${TRACKING_LOOKUP_MAX} numbers at once (you entered ${TRACKING_LOOKUP_MAX + 1})` });
    expect((await track(numbers.join(','), 'zh-TW')).json().message).toBe(`一次最多查詢 ${TRACKING_LOOKUP_MAX} 個單號（您輸入了 ${TRACKING_LOOKUP_MAX + 1} 個）`);
    // exactly the maximum is fine
    expect((await results(numbers.slice(0, TRACKING_LOOKUP_MAX).join(' '))).length).toBe(TRACKING_LOOKUP_MAX);
    const empty = await track(' , \n ,', 'en-US');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Enter at least one number');
    const missing = await t.call({ method: 'GET', url: TRACK, lang: 'en-US', remoteAddress: nextAddress() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('numbers');
    // PostgreSQL text cannot hold a NUL character: refused, not a failed query
    const nul = await track('AB\u0000C', 'en-US');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Field numbers has an invalid value');
    // a number too long to be ours is simply not found
    expect((await results('X'.repeat(65)))[0]).toMatchObject({ found: false });
  });

  it('limits the lookups of one client address, with a translated 429', async () => {
    const address = nextAddress();
    for (let i = 0; i < TRACK_RATE_PER_MINUTE; i += 1) {
      const response = await track('NOPE-RATE', undefined, address);
      expect(response.statusCode).toBe(200);
    }
    const limited = await track('NOPE-RATE', 'en-US', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 429 });
    expect(limited.json().message).toMatch(/^Too many requests, try again in \d+ s$/);
    expect((await track('NOPE-RATE', 'zh-CN', address)).json().message).toMatch(/^请求过于频繁/);
    // another address is not affected
    expect((await track('NOPE-RATE', undefined, nextAddress())).statusCode).toBe(200);
  });

  it('is documented as public', async () => {
    const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/open/track'].get;
    expect(operation['x-permission']).toBe('public');
    expect(operation.tags).toEqual(['tracking']);
    // an empty requirement: no credential is needed
    expect(operation.security).toEqual([]);
  });
});
