import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orders, pickupBatches, pickupBatchOrders, trackingEvents } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { clearLogistics, insertOrder, type TestOrder } from '../../helpers/orders.ts';
import { naming } from '../../helpers/field-names.ts';

type Batch = {
  id: number;
  batchNo: string;
  status: string;
  cancelled: boolean;
  shipmentTotal: number;
  estimatedWeight: string;
  actualWeight: string | null;
  expectedPickupAt: string;
  estimatedPickupAt: string | null;
  actualPickupAt: string | null;
  plate: string;
  contactName: string;
  contactPhone: string;
  pickupAddress: string;
  remark: string;
  createdAt: string;
};
type BatchDetail = Batch & { orders: { id: number; orderNo: string; merchantOrderNo: string; status: string; weight: string }[] };
type PlatformBatch = Batch & { tenantId: number; tenantName: string };
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const M = '/api/logistics/pickupBatch';
const P = '/api/warehouse/pickup';
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const STATE_TEXT = {
  WAIT_PREPARE_GOODS: 'Waiting to prepare goods',
  WAIT_TAKE_GOODS: 'Waiting for pick-up',
  WAIT_CONFIRM_TAKE: 'Pick-up awaiting confirmation',
  FINISH_TAKE_GOODS: 'Pick-up completed',
  CANCELLED: 'Cancelled',
} as const;
type State = keyof typeof STATE_TEXT;

describe(`pick-up batches (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let warehouse: string;
  let merchantUserId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, warehouse] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('warehouse')]);
    await clearLogistics(t.db);
    merchantUserId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'merchant')))[0]!.id;
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object, lang = 'en-US') => t.call({ method: 'POST', url, token, payload, lang });
  const get = (url: string, token: string, query: Record<string, string> = {}, lang = 'en-US') => t.call({ method: 'GET', url, token, query, lang });
  const batchInput = (orderIds: number[], extra: object = {}) => ({
    orderIds,
    expectedPickupAt: inHours(24),
    contactName: '陳大文',
    contactPhone: '0912000001',
    pickupAddress: '深圳市寶安區福永街道 A 棟 2 樓',
    ...extra,
  });
  const createBatch = async (token: string, orderIds: number[], extra: object = {}) => ok<Batch>(await post(`${M}/add`, token, batchInput(orderIds, extra)));
  const batchRow = async (id: number) => (await t.db.select().from(pickupBatches).where(eq(pickupBatches.id, id)))[0]!;
  const batchCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(pickupBatches))[0]!.n);
  const orderStatus = async (id: number) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
  const eventsOf = async (id: number) => t.db.select().from(trackingEvents).where(eq(trackingEvents.orderId, id));
  const force = async (id: number, state: State) =>
    t.db
      .update(pickupBatches)
      .set(state === 'CANCELLED' ? { status: 'WAIT_PREPARE_GOODS', cancelled: true } : { status: state, cancelled: false, plate: state === 'WAIT_PREPARE_GOODS' ? '' : '粤B·12345' })
      .where(eq(pickupBatches.id, id));
  const newOrders = async (count: number, tenantId = 1, declaredWeight = 1500) => {
    const made: TestOrder[] = [];
    for (let i = 0; i < count; i++) made.push(await insertOrder(t.db, { tenantId, declaredWeight }));
    return made;
  };

  describe('creating a batch', () => {
    it('makes a batch of Created orders: its number, total and estimated weight', async () => {
      const a = await insertOrder(t.db, { tenantId: 1, declaredWeight: 1500 });
      const b = await insertOrder(t.db, { tenantId: 1, declaredWeight: 2250 });
      const expected = inHours(30);
      // an id sent twice counts once
      const batch = await createBatch(merchant, [a.id, b.id, a.id], { expectedPickupAt: expected, remark: ' side door ' });
      const today = new Date().toISOString().slice(2, 10).replace(/-/g, '');
      expect(batch.batchNo).toMatch(new RegExp(`^PB${today}\\d{6}$`));
      expect(batch).toMatchObject({
        status: 'WAIT_PREPARE_GOODS',
        cancelled: false,
        shipmentTotal: 2,
        estimatedWeight: '3.750',
        actualWeight: null,
        expectedPickupAt: new Date(expected).toISOString(),
        estimatedPickupAt: null,
        actualPickupAt: null,
        plate: '',
        contactName: '陳大文',
        remark: 'side door',
      });
      const detail = ok<BatchDetail>(await get(`${M}/queryById`, merchant, { id: String(batch.id) }));
      expect(detail.orders).toEqual([
        { id: a.id, orderNo: a.orderNo, merchantOrderNo: a.merchantOrderNo, status: 'CREATED', weight: '1.500' },
        { id: b.id, orderNo: b.orderNo, merchantOrderNo: b.merchantOrderNo, status: 'CREATED', weight: '2.250' },
      ]);
      // orders stay CREATED until the goods are ready
      expect(await orderStatus(a.id)).toBe('CREATED');
    });

    it("answers 404 for another tenant's order exactly as for a missing one, and writes nothing", async () => {
      const [mine] = await newOrders(1);
      const [theirs] = await newOrders(1, 2);
      const before = await batchCount();
      expect(refused(await post(`${M}/add`, merchant, batchInput([mine!.id, theirs!.id])), 404)).toBe(`Order ${theirs!.id} does not exist`);
      expect(refused(await post(`${M}/add`, merchant, batchInput([mine!.id, 987_654_321])), 404)).toBe('Order 987654321 does not exist');
      expect(await batchCount()).toBe(before);
    });

    it('refuses an order that is no longer Created (409 naming it and its status)', async () => {
      const waiting = await insertOrder(t.db, { tenantId: 1, status: 'WAIT_COLLECT' });
      expect(refused(await post(`${M}/add`, merchant, batchInput([waiting.id])), 409)).toBe(`Order ${waiting.orderNo} is "Awaiting collection": only Created orders can be put in a pick-up batch`);
      expect(refused(await post(`${M}/add`, merchant, batchInput([waiting.id]), 'zh-TW'), 409)).toContain('待收件');
    });

    it('refuses an order already in a live batch, naming it; once that batch is cancelled the order is free', async () => {
      const [first, second] = await newOrders(2);
      const batch = await createBatch(merchant, [first!.id]);
      const before = await batchCount();
      expect(refused(await post(`${M}/add`, merchant, batchInput([second!.id, first!.id])), 409)).toBe(
        `Order ${first!.orderNo} is already in pick-up batch ${batch.batchNo}: remove it from this batch, or cancel batch ${batch.batchNo} first; nothing was changed`,
      );
      expect(await batchCount()).toBe(before);
      ok(await post(`${M}/cancel`, merchant, { id: batch.id }));
      const again = await createBatch(merchant, [second!.id, first!.id]);
      expect(again.shipmentTotal).toBe(2);
    });

    it('lets only one of two simultaneous batches have the same order', async () => {
      const [shared] = await newOrders(1);
      const [x, y] = await newOrders(2);
      const answers = await Promise.all([post(`${M}/add`, merchant, batchInput([x!.id, shared!.id])), post(`${M}/add`, merchant, batchInput([y!.id, shared!.id]))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const live = await t.db
        .select({ batchId: pickupBatchOrders.batchId })
        .from(pickupBatchOrders)
        .innerJoin(pickupBatches, eq(pickupBatches.id, pickupBatchOrders.batchId))
        .where(and(eq(pickupBatchOrders.orderId, shared!.id), eq(pickupBatches.cancelled, false)));
      expect(live).toHaveLength(1);
    });

    it.each([
      [{ orderIds: [] }, 'orderIds'],
      [{ orderIds: 'all' }, 'orderIds'],
      [{ orderIds: [1.5] }, 'orderIds[0]'],
      [{ orderIds: [-1] }, 'orderIds[0]'],
      [{ orderIds: Array.from({ length: 501 }, (_, i) => i + 1) }, 'orderIds'],
      [{ expectedPickupAt: undefined }, 'expectedPickupAt'],
      [{ expectedPickupAt: 'tomorrow' }, 'expectedPickupAt'],
      [{ expectedPickupAt: '2026-01-01T10:00:00' }, 'expectedPickupAt'],
      [{ expectedPickupAt: new Date(Date.now() - 60_000).toISOString() }, 'expectedPickupAt'],
      [{ contactName: '  ' }, 'contactName'],
      [{ contactName: 'x'.repeat(101) }, 'contactName'],
      [{ contactPhone: '123' }, 'contactPhone'],
      [{ contactPhone: undefined }, 'contactPhone'],
      [{ pickupAddress: '' }, 'pickupAddress'],
      [{ pickupAddress: 'x'.repeat(301) }, 'pickupAddress'],
      [{ remark: 'x'.repeat(501) }, 'remark'],
      [{ tenantId: 2 }, 'tenantId'],
    ])('refuses %j naming %s and writes nothing', async (override, field) => {
      const [order] = await newOrders(1);
      const before = await batchCount();
      expect(refused(await post(`${M}/add`, merchant, { ...batchInput([order!.id]), ...override }), 400)).toMatch(naming(field, `${M}/add`));
      expect(await batchCount()).toBe(before);
    });
  });

  describe('the merchant moving a batch', () => {
    it('edits time, contact, address and remark of a batch being prepared', async () => {
      const [order] = await newOrders(1);
      const batch = await createBatch(merchant, [order!.id]);
      const expected = inHours(48);
      const edited = ok<Batch>(await t.call({ method: 'PUT', url: `${M}/edit`, token: merchant, payload: { id: batch.id, expectedPickupAt: expected, contactName: 'Amy', contactPhone: '0922333444', pickupAddress: 'Gate 3' } }));
      expect(edited).toMatchObject({ id: batch.id, expectedPickupAt: new Date(expected).toISOString(), contactName: 'Amy', contactPhone: '0922333444', pickupAddress: 'Gate 3', remark: '', shipmentTotal: 1 });
      const past = await t.call({ method: 'PUT', url: `${M}/edit`, token: merchant, lang: 'en-US', payload: { id: batch.id, expectedPickupAt: inHours(-1), contactName: 'B', contactPhone: '0922333444', pickupAddress: 'G' } });
      expect(refused(past, 400)).toBe('Expected pick-up time must be a time in the future');
      const withOrders = await t.call({ method: 'PUT', url: `${M}/edit`, token: merchant, lang: 'en-US', payload: { id: batch.id, orderIds: [1], expectedPickupAt: expected, contactName: 'B', contactPhone: '0922333444', pickupAddress: 'G' } });
      expect(refused(withOrders, 400)).toContain('orderIds');
      expect((await batchRow(batch.id)).contactName).toBe('Amy');
    });

    it('marks goods ready: the batch waits for the truck and every order moves to WAIT_COLLECT with its event', async () => {
      const [a, b] = await newOrders(2);
      const batch = await createBatch(merchant, [a!.id, b!.id]);
      const ready = ok<Batch>(await post(`${M}/ready`, merchant, { id: batch.id }));
      expect(ready.status).toBe('WAIT_TAKE_GOODS');
      for (const order of [a!, b!]) {
        expect(await orderStatus(order.id)).toBe('WAIT_COLLECT');
        const moved = (await eventsOf(order.id)).filter((event) => event.status === 'WAIT_COLLECT');
        expect(moved).toHaveLength(1);
        expect(moved[0]).toMatchObject({ fromStatus: 'CREATED', source: 'MANUAL', createdBy: merchantUserId, tenantId: 1, descriptionEnUs: 'Goods ready, awaiting collection' });
      }
      const detail = ok<BatchDetail>(await get(`${M}/queryById`, merchant, { id: String(batch.id) }));
      expect(detail.orders.map((order) => order.status)).toEqual(['WAIT_COLLECT', 'WAIT_COLLECT']);
    });

    it('changes nothing when one order was cancelled meanwhile (409 naming it)', async () => {
      const [a, b, c] = await newOrders(3);
      const batch = await createBatch(merchant, [a!.id, b!.id, c!.id]);
      await t.db.update(orders).set({ status: 'CANCEL' }).where(eq(orders.id, b!.id));
      const eventsBefore = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(trackingEvents))[0]!.n);
      expect(refused(await post(`${M}/ready`, merchant, { id: batch.id }), 409)).toBe(`Order ${b!.orderNo} is now "Cancelled", so the batch cannot be marked ready; nothing was changed`);
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_PREPARE_GOODS', cancelled: false });
      expect([await orderStatus(a!.id), await orderStatus(b!.id), await orderStatus(c!.id)]).toEqual(['CREATED', 'CANCEL', 'CREATED']);
      expect(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(trackingEvents))[0]!.n)).toBe(eventsBefore);
      // the merchant's way out: cancel the batch and make a new one of the others
      ok(await post(`${M}/cancel`, merchant, { id: batch.id }));
      expect((await createBatch(merchant, [a!.id, c!.id])).shipmentTotal).toBe(2);
    });

    it.each([
      [`${M}/ready`, { id: 'x' }, 'id'],
      [`${M}/ready`, {}, 'id'],
      [`${M}/cancel`, { id: 0 }, 'id'],
      [`${M}/cancel`, { id: 1, reason: 'x' }, 'reason'],
    ])('refuses %s %j naming %s', async (url, payload, field) => {
      expect(refused(await post(url, merchant, payload), 400)).toMatch(naming(field, url));
    });
  });

  describe('orders received at the warehouse without the truck', () => {
    const receive = async (order: TestOrder) =>
      ok(await post('/api/warehouse/parcel/receive', warehouse, { number: order.orderNo, warehouseCode: 'SZ01', weight: '1.234', length: '20', width: '20', height: '20' }));
    const detailOf = async (id: number) => ok<BatchDetail>(await get(`${M}/queryById`, merchant, { id: String(id) }));

    it('goods ready goes on with the orders still to collect and leaves the received one as it is', async () => {
      const [a, b, c] = await newOrders(3);
      const batch = await createBatch(merchant, [a!.id, b!.id, c!.id]);
      await receive(b!);
      // one of three is in: the batch still waits for the others' goods
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_PREPARE_GOODS', cancelled: false });
      const ready = ok<Batch>(await post(`${M}/ready`, merchant, { id: batch.id }));
      expect(ready).toMatchObject({ status: 'WAIT_TAKE_GOODS', cancelled: false });
      expect([await orderStatus(a!.id), await orderStatus(b!.id), await orderStatus(c!.id)]).toEqual(['WAIT_COLLECT', 'WHIN', 'WAIT_COLLECT']);
      expect((await eventsOf(b!.id)).filter((event) => event.status === 'WAIT_COLLECT')).toEqual([]);
      expect((await detailOf(batch.id)).orders.map((order) => order.status)).toEqual(['WAIT_COLLECT', 'WHIN', 'WAIT_COLLECT']);
      // the truck comes for the other two, as usual
      ok(await post(`${P}/take`, warehouse, { id: batch.id, plate: '粤B·12345' }));
      await receive(a!);
      await receive(c!);
      expect(ok<Batch>(await post(`${P}/confirm`, warehouse, { id: batch.id, actualWeight: '2.5' })).status).toBe('FINISH_TAKE_GOODS');
    });

    it('closes a batch being prepared once every order is in: nothing left to pick up, the orders free', async () => {
      const [a, b] = await newOrders(2);
      const batch = await createBatch(merchant, [a!.id, b!.id]);
      await receive(a!);
      expect((await batchRow(batch.id)).cancelled).toBe(false);
      await receive(b!);
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_PREPARE_GOODS', cancelled: true });
      expect(refused(await post(`${M}/ready`, merchant, { id: batch.id }), 409)).toBe('The pick-up batch cannot move from "Cancelled" to "Waiting for pick-up"');
      const listed = ok<Page<PlatformBatch>>(await get(`${P}/list`, warehouse, { batchNo: batch.batchNo }));
      expect(listed.records).toEqual([]);
    });

    it('closes a batch waiting for the truck once every order is in, so that no truck is sent', async () => {
      const [a, b] = await newOrders(2);
      const batch = await createBatch(merchant, [a!.id, b!.id]);
      ok(await post(`${M}/ready`, merchant, { id: batch.id }));
      ok(await post(`${P}/schedule`, warehouse, { id: batch.id, estimatedPickupAt: inHours(5), plate: '粤B·12345' }));
      await receive(a!);
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_TAKE_GOODS', cancelled: false });
      await receive(b!);
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_TAKE_GOODS', cancelled: true });
      expect(refused(await post(`${P}/take`, warehouse, { id: batch.id }), 409)).toBe('The pick-up batch cannot move from "Cancelled" to "Pick-up awaiting confirmation"');
    });

    it('leaves a batch the truck took alone: its orders are received as they arrive', async () => {
      const [a] = await newOrders(1);
      const batch = await createBatch(merchant, [a!.id]);
      ok(await post(`${M}/ready`, merchant, { id: batch.id }));
      ok(await post(`${P}/take`, warehouse, { id: batch.id, plate: '粤B·12345' }));
      await receive(a!);
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_CONFIRM_TAKE', cancelled: false });
    });

    it('says what to do with a batch whose orders are all in from before (409 naming them, cancel it), and changes nothing', async () => {
      const [a, b] = await newOrders(2);
      const batch = await createBatch(merchant, [a!.id, b!.id]);
      // received before batches followed their orders
      await t.db.update(orders).set({ status: 'WHIN' }).where(eq(orders.id, a!.id));
      await t.db.update(orders).set({ status: 'WHOUT' }).where(eq(orders.id, b!.id));
      expect(refused(await post(`${M}/ready`, merchant, { id: batch.id }), 409)).toBe(
        `Every order of batch ${batch.batchNo} (${a!.orderNo}, ${b!.orderNo}) is already in the warehouse, so there is nothing left to pick up: cancel the batch; nothing was changed`,
      );
      expect(refused(await post(`${M}/ready`, merchant, { id: batch.id }, 'zh-TW'), 409)).toContain('請取消此批次');
      expect(await batchRow(batch.id)).toMatchObject({ status: 'WAIT_PREPARE_GOODS', cancelled: false });
      expect(ok<Batch>(await post(`${M}/cancel`, merchant, { id: batch.id })).cancelled).toBe(true);
    });
  });

  describe("the picker's orders", () => {
    type Listed = Page<{ id: number; orderNo: string; status: string }>;
    const pickable = async (query: Record<string, string> = {}, token = merchant) => ok<Listed>(await get(`${M}/pickableOrders`, token, { pageNo: '1', pageSize: '100', ...query }));

    it('offers only Created orders of the tenant that no live batch holds; a cancelled batch frees its orders', async () => {
      const [free, held, received] = await newOrders(3);
      const [theirs] = await newOrders(1, 2);
      await t.db.update(orders).set({ status: 'WHIN' }).where(eq(orders.id, received!.id));
      const batch = await createBatch(merchant, [held!.id]);
      const ids = (await pickable()).records.map((order) => order.id);
      expect(ids).toContain(free!.id);
      expect(ids).not.toContain(held!.id);
      expect(ids).not.toContain(received!.id);
      expect(ids).not.toContain(theirs!.id);
      expect((await pickable()).records.every((order) => order.status === 'CREATED')).toBe(true);
      // the number filter of the order list, forgiving as there
      expect((await pickable({ orderNo: free!.orderNo.toLowerCase() })).records.map((order) => order.id)).toEqual([free!.id]);
      expect((await pickable({ orderNo: held!.orderNo })).total).toBe(0);
      ok(await post(`${M}/cancel`, merchant, { id: batch.id }));
      expect((await pickable({ orderNo: held!.orderNo })).records.map((order) => order.id)).toEqual([held!.id]);
      expect((await pickable({}, merchant2)).records.map((order) => order.id)).toContain(theirs!.id);
    });

    it('is for those who may make a batch (staff yes), and refuses bad paging', async () => {
      expect((await pickable({}, staff)).current).toBe(1);
      expect(refused(await get(`${M}/pickableOrders`, warehouse), 403)).toBeTruthy();
      // the wording is the validation catalogue's: here only that it is refused with a message
      expect(refused(await get(`${M}/pickableOrders`, merchant, { pageNo: '0' }), 400)).toBeTruthy();
      expect(refused(await get(`${M}/pickableOrders`, merchant, { column: 'recipientName' }), 400)).toBeTruthy();
    });
  });

  describe('the state machine', () => {
    const STATES: State[] = ['WAIT_PREPARE_GOODS', 'WAIT_TAKE_GOODS', 'WAIT_CONFIRM_TAKE', 'FINISH_TAKE_GOODS', 'CANCELLED'];
    type Action = {
      name: string;
      who: 'merchant' | 'warehouse';
      call: (id: number) => { method: 'POST' | 'PUT'; url: string; payload: object };
      /** the one state it works from, and the state it leads to */
      from: State;
      to: State;
      /** a move names both states; an edit or a plan names the state needed */
      refusal: (state: State) => string;
    };
    // a move to the state the batch is already in says so (a second click), any other names both states
    const moveRefusal = (to: State) => (state: State) =>
      state === to ? `The pick-up batch is already "${STATE_TEXT[state]}"; nothing was changed` : `The pick-up batch cannot move from "${STATE_TEXT[state]}" to "${STATE_TEXT[to]}"`;
    const needRefusal = (needed: State) => (state: State) => `The pick-up batch is "${STATE_TEXT[state]}": this can only be done while it is "${STATE_TEXT[needed]}"`;
    const ACTIONS: Action[] = [
      { name: 'ready', who: 'merchant', call: (id) => ({ method: 'POST', url: `${M}/ready`, payload: { id } }), from: 'WAIT_PREPARE_GOODS', to: 'WAIT_TAKE_GOODS', refusal: moveRefusal('WAIT_TAKE_GOODS') },
      { name: 'cancel', who: 'merchant', call: (id) => ({ method: 'POST', url: `${M}/cancel`, payload: { id } }), from: 'WAIT_PREPARE_GOODS', to: 'CANCELLED', refusal: moveRefusal('CANCELLED') },
      {
        name: 'edit',
        who: 'merchant',
        call: (id) => ({ method: 'PUT', url: `${M}/edit`, payload: { id, expectedPickupAt: inHours(5), contactName: 'Edited', contactPhone: '0912000009', pickupAddress: 'Dock 9' } }),
        from: 'WAIT_PREPARE_GOODS',
        to: 'WAIT_PREPARE_GOODS',
        refusal: needRefusal('WAIT_PREPARE_GOODS'),
      },
      {
        name: 'schedule',
        who: 'warehouse',
        call: (id) => ({ method: 'POST', url: `${P}/schedule`, payload: { id, estimatedPickupAt: inHours(3), plate: '粤B·77777' } }),
        from: 'WAIT_TAKE_GOODS',
        to: 'WAIT_TAKE_GOODS',
        refusal: needRefusal('WAIT_TAKE_GOODS'),
      },
      { name: 'take', who: 'warehouse', call: (id) => ({ method: 'POST', url: `${P}/take`, payload: { id, plate: '粤B·88888' } }), from: 'WAIT_TAKE_GOODS', to: 'WAIT_CONFIRM_TAKE', refusal: moveRefusal('WAIT_CONFIRM_TAKE') },
      {
        name: 'confirm',
        who: 'warehouse',
        call: (id) => ({ method: 'POST', url: `${P}/confirm`, payload: { id, actualWeight: '12.5' } }),
        from: 'WAIT_CONFIRM_TAKE',
        to: 'FINISH_TAKE_GOODS',
        refusal: moveRefusal('FINISH_TAKE_GOODS'),
      },
    ];
    const cases = ACTIONS.flatMap((action) => STATES.map((state) => [action.name, state, action.from === state ? 'legal' : 'refused'] as const));

    it.each(cases)('%s from %s is %s', async (name, state, verdict) => {
      const action = ACTIONS.find((a) => a.name === name)!;
      const [order] = await newOrders(1);
      const batch = await createBatch(merchant, [order!.id]);
      await force(batch.id, state);
      const before = await batchRow(batch.id);
      const token = action.who === 'merchant' ? merchant : warehouse;
      const response = await t.call({ ...action.call(batch.id), token, lang: 'en-US' });
      const after = await batchRow(batch.id);
      if (verdict === 'refused') {
        expect(refused(response, 409)).toBe(action.refusal(state));
        expect(after).toEqual(before);
        expect(await orderStatus(order!.id)).toBe('CREATED');
        return;
      }
      const record = ok<Batch>(response);
      const reached: State = after.cancelled ? 'CANCELLED' : after.status;
      expect(reached).toBe(action.to);
      expect(record.status).toBe(after.status);
      expect(record.cancelled).toBe(after.cancelled);
    });

    it('names the states in the caller\'s language', async () => {
      const [order] = await newOrders(1);
      const batch = await createBatch(merchant, [order!.id]);
      await force(batch.id, 'FINISH_TAKE_GOODS');
      expect(refused(await post(`${M}/cancel`, merchant, { id: batch.id }, 'zh-CN'), 409)).toBe('提货批次不能从「已完成提货」变为「已取消」');
      expect(refused(await post(`${P}/take`, warehouse, { id: batch.id, plate: 'A1' }, 'zh-TW'), 409)).toBe('提貨批次不能從「已完成提貨」變為「待確認提貨」');
    });
  });

  describe('the platform side', () => {
    let ready: Batch;
    let preparing: Batch;
    let foreign: Batch;
    let cancelled: Batch;

    beforeAll(async () => {
      const [a, b, c] = await newOrders(3);
      const [d] = await newOrders(1, 2);
      ready = await createBatch(merchant, [a!.id], { expectedPickupAt: inHours(50) });
      ok(await post(`${M}/ready`, merchant, { id: ready.id }));
      preparing = await createBatch(merchant, [b!.id], { expectedPickupAt: inHours(60) });
      cancelled = await createBatch(merchant, [c!.id], { expectedPickupAt: inHours(70) });
      ok(await post(`${M}/cancel`, merchant, { id: cancelled.id }));
      foreign = await createBatch(merchant2, [d!.id], { expectedPickupAt: inHours(55) });
    });

    it('lists every tenant\'s batches that are not cancelled, with the tenant name, latest expected first', async () => {
      const listed = ok<Page<PlatformBatch>>(await get(`${P}/list`, warehouse, { expectedPickupAt_begin: inHours(49), expectedPickupAt_end: inHours(80) }));
      expect(listed.records.map((b) => b.batchNo)).toEqual([preparing.batchNo, foreign.batchNo, ready.batchNo]);
      expect(listed.records.map((b) => b.tenantName)).toEqual(['Demo Trading', 'Harbour Imports', 'Demo Trading']);
      expect(listed.records[1]).toMatchObject({ tenantId: 2 });
      const waiting = ok<Page<PlatformBatch>>(await get(`${P}/list`, warehouse, { status: 'WAIT_TAKE_GOODS', expectedPickupAt_begin: inHours(49) }));
      expect(waiting.records.map((b) => b.batchNo)).toEqual([ready.batchNo]);
      const all = ok<Page<PlatformBatch>>(await get(`${P}/list`, warehouse, { pageSize: '200' }));
      expect(all.records.some((b) => b.cancelled)).toBe(false);
      expect(all.records.map((b) => b.id)).not.toContain(cancelled.id);
      const oneTenant = ok<Page<PlatformBatch>>(await get(`${P}/list`, warehouse, { tenantId: '2' }));
      expect(oneTenant.records.map((b) => b.batchNo)).toEqual([foreign.batchNo]);
      const detail = ok<BatchDetail & PlatformBatch>(await get(`${P}/queryById`, warehouse, { id: String(foreign.id) }));
      expect(detail).toMatchObject({ tenantName: 'Harbour Imports', shipmentTotal: 1 });
      expect(detail.orders).toHaveLength(1);
      refused(await get(`${P}/list`, warehouse, { column: 'plate' }), 400);
    });

    it('plans, takes and confirms a pick-up', async () => {
      const estimated = inHours(51);
      const planned = ok<Batch>(await post(`${P}/schedule`, warehouse, { id: ready.id, estimatedPickupAt: estimated, plate: ' 粤B·12345 ' }));
      expect(planned).toMatchObject({ status: 'WAIT_TAKE_GOODS', estimatedPickupAt: new Date(estimated).toISOString(), plate: '粤B·12345' });
      // the plate planned is the one taken unless the operator says otherwise; the time is now
      const started = Date.now();
      const taken = ok<Batch>(await post(`${P}/take`, warehouse, { id: ready.id }));
      expect(taken).toMatchObject({ status: 'WAIT_CONFIRM_TAKE', plate: '粤B·12345' });
      expect(new Date(taken.actualPickupAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(new Date(taken.actualPickupAt!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const confirmed = ok<Batch>(await post(`${P}/confirm`, warehouse, { id: ready.id, actualWeight: '1.618' }));
      expect(confirmed).toMatchObject({ status: 'FINISH_TAKE_GOODS', actualWeight: '1.618' });
      expect((await batchRow(ready.id)).actualWeight).toBe(1618);
      // the merchant sees the same batch move
      expect(ok<Batch>(await get(`${M}/queryById`, merchant, { id: String(ready.id) })).status).toBe('FINISH_TAKE_GOODS');
    });

    it('takes with the plate and time given, but needs a plate from somewhere', async () => {
      const [order] = await newOrders(1);
      const batch = await createBatch(merchant, [order!.id]);
      ok(await post(`${M}/ready`, merchant, { id: batch.id }));
      expect(refused(await post(`${P}/take`, warehouse, { id: batch.id }), 400)).toBe('Plate is required');
      expect(refused(await post(`${P}/take`, warehouse, { id: batch.id, plate: 'A1', actualPickupAt: inHours(1) }), 400)).toBe('Actual pick-up time cannot be later than now');
      const at = new Date(Date.now() - 2 * HOUR).toISOString();
      const taken = ok<Batch>(await post(`${P}/take`, warehouse, { id: batch.id, plate: 'ABC-1234', actualPickupAt: at }));
      expect(taken).toMatchObject({ plate: 'ABC-1234', actualPickupAt: at, status: 'WAIT_CONFIRM_TAKE' });
    });

    it.each([
      [`${P}/schedule`, { id: 1, estimatedPickupAt: 'soon', plate: 'A1' }, 'estimatedPickupAt'],
      [`${P}/schedule`, { id: 1, estimatedPickupAt: inHours(1) }, 'plate'],
      [`${P}/schedule`, { id: 1, estimatedPickupAt: inHours(1), plate: 'A1; drop' }, 'plate'],
      [`${P}/schedule`, { id: 1, estimatedPickupAt: inHours(1), plate: 'x'.repeat(21) }, 'plate'],
      [`${P}/take`, { id: 1, plate: '' }, 'plate'],
      [`${P}/take`, { id: 1, actualPickupAt: '0000-01-01T00:00:00Z' }, 'actualPickupAt'],
      [`${P}/confirm`, { id: 1 }, 'actualWeight'],
      [`${P}/confirm`, { id: 1, actualWeight: '0' }, 'actualWeight'],
      [`${P}/confirm`, { id: 1, actualWeight: 12 }, 'actualWeight'],
      [`${P}/confirm`, { id: 1, actualWeight: '100000.001' }, 'actualWeight'],
      [`${P}/confirm`, { actualWeight: '1' }, 'id'],
    ])('refuses %s %j naming %s', async (url, payload, field) => {
      expect(refused(await post(url, warehouse, payload), 400)).toMatch(naming(field, url));
    });

    it('answers 404 for a batch that does not exist', async () => {
      refused(await post(`${P}/take`, warehouse, { id: 987_654_321, plate: 'A1' }), 404);
      refused(await get(`${P}/queryById`, warehouse, { id: '987654321' }), 404);
    });

    it('refuses every platform endpoint to merchant users (403) and changes nothing', async () => {
      const before = await batchRow(preparing.id);
      for (const token of [merchant, merchant2, staff]) {
        refused(await get(`${P}/list`, token), 403);
        refused(await get(`${P}/queryById`, token, { id: String(preparing.id) }), 403);
        refused(await get(`${P}/exportXls`, token), 403);
        refused(await post(`${P}/schedule`, token, { id: preparing.id, estimatedPickupAt: inHours(2), plate: 'A1' }), 403);
        refused(await post(`${P}/take`, token, { id: preparing.id, plate: 'A1' }), 403);
        refused(await post(`${P}/confirm`, token, { id: preparing.id, actualWeight: '1' }), 403);
      }
      expect(await batchRow(preparing.id)).toEqual(before);
    });

    it('exports the platform list with the tenant column', async () => {
      const sheet = await readXlsx(await get(`${P}/exportXls`, warehouse, { tenantId: '2' }));
      expect(sheet.headers.slice(0, 3)).toEqual(['Order batch number', 'Merchant', 'Status']);
      expect(sheet.rows.map((r) => r.slice(0, 3))).toEqual([[foreign.batchNo, 'Harbour Imports', 'Waiting to prepare goods']]);
    });
  });

  describe('tenants and buttons', () => {
    it("hides merchant's batches from merchant2: 404 like a missing id, never in lists or exports", async () => {
      const [order] = await newOrders(1);
      const batch = await createBatch(merchant, [order!.id]);
      const before = await batchRow(batch.id);
      const missing = refused(await get(`${M}/queryById`, merchant2, { id: '987654321' }), 404);
      expect(refused(await get(`${M}/queryById`, merchant2, { id: String(batch.id) }), 404)).toBe(missing);
      expect(
        refused(await t.call({ method: 'PUT', url: `${M}/edit`, token: merchant2, lang: 'en-US', payload: { id: batch.id, expectedPickupAt: inHours(9), contactName: 'X', contactPhone: '0912000000', pickupAddress: 'X' } }), 404),
      ).toBe(missing);
      expect(refused(await post(`${M}/ready`, merchant2, { id: batch.id }), 404)).toBe(missing);
      expect(refused(await post(`${M}/cancel`, merchant2, { id: batch.id }), 404)).toBe(missing);
      expect(await batchRow(batch.id)).toEqual(before);
      expect(await orderStatus(order!.id)).toBe('CREATED');

      const theirs = ok<Page<Batch>>(await get(`${M}/list`, merchant2, { pageSize: '200' }));
      const mine = await t.db.select({ id: pickupBatches.id }).from(pickupBatches).where(eq(pickupBatches.tenantId, 1));
      expect(theirs.total).toBeGreaterThan(0);
      expect(theirs.records.map((b) => b.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
      const sheet = await readXlsx(await get(`${M}/exportXls`, merchant2));
      const numbers = await t.db.select({ batchNo: pickupBatches.batchNo }).from(pickupBatches).where(eq(pickupBatches.tenantId, 2));
      expect(sheet.rows.map((r) => r[0]).sort()).toEqual(numbers.map((n) => n.batchNo).sort());
    });

    it('lets staff create and ready batches but not cancel or export (403)', async () => {
      const [order] = await newOrders(1);
      const batch = await createBatch(staff, [order!.id]);
      refused(await post(`${M}/cancel`, staff, { id: batch.id }), 403);
      refused(await get(`${M}/exportXls`, staff), 403);
      expect((await batchRow(batch.id)).cancelled).toBe(false);
      expect(ok<Batch>(await post(`${M}/ready`, staff, { id: batch.id })).status).toBe('WAIT_TAKE_GOODS');
    });

    it('answers 401 without a session', async () => {
      expect((await t.call({ method: 'GET', url: `${M}/list` })).statusCode).toBe(401);
      expect((await t.call({ method: 'POST', url: `${P}/take`, payload: { id: 1 } })).statusCode).toBe(401);
    });
  });

  describe('the merchant list and export', () => {
    it('lists newest first with filters, cancelled ones included', async () => {
      const all = ok<Page<Batch>>(await get(`${M}/list`, merchant, { pageSize: '200' }));
      const rows = await t.db.select().from(pickupBatches).where(eq(pickupBatches.tenantId, 1));
      expect(all.total).toBe(rows.length);
      const byNewest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      expect(all.records.map((b) => b.id)).toEqual(byNewest.map((b) => b.id));

      const cancelled = ok<Page<Batch>>(await get(`${M}/list`, merchant, { cancelled: 'true', pageSize: '200' }));
      expect(cancelled.total).toBe(rows.filter((r) => r.cancelled).length);
      expect(cancelled.records.every((b) => b.cancelled)).toBe(true);
      const finished = ok<Page<Batch>>(await get(`${M}/list`, merchant, { status: 'FINISH_TAKE_GOODS', cancelled: 'false' }));
      expect(finished.total).toBe(rows.filter((r) => r.status === 'FINISH_TAKE_GOODS' && !r.cancelled).length);
      const one = rows[0]!;
      expect(ok<Page<Batch>>(await get(`${M}/list`, merchant, { batchNo: one.batchNo })).records.map((b) => b.id)).toEqual([one.id]);
      const later = ok<Page<Batch>>(await get(`${M}/list`, merchant, { expectedPickupAt_begin: inHours(49), expectedPickupAt_end: inHours(80) }));
      expect(later.total).toBe(rows.filter((r) => r.expectedPickupAt.getTime() >= Date.now() + 49 * HOUR - 60_000).length);
      const paged = ok<Page<Batch>>(await get(`${M}/list`, merchant, { pageSize: '2', pageNo: '2', order: 'asc' }));
      expect(paged.records.map((b) => b.id)).toEqual([...byNewest].reverse().slice(2, 4).map((b) => b.id));
      for (const query of [{ cancelled: 'yes' }, { status: 'DONE' }, { column: 'batchNo' }, { expectedPickupAt_begin: 'now' }] as Record<string, string>[]) {
        expect(refused(await get(`${M}/list`, merchant, query), 400)).toMatch(naming(Object.keys(query)[0]!, `${M}/list`));
      }
    });

    it("exports in the caller's language: headers, state names, Cancelled for a cancelled batch", async () => {
      const response = await get(`${M}/exportXls`, merchant, {}, 'zh-TW');
      const sheet = await readXlsx(response);
      expect(sheet.headers.slice(0, 5)).toEqual(['訂單批次號', '狀態', '運單總數', '預估重量(kg)', '實際重量(kg)']);
      expect(downloadName(response)).toMatch(/^提貨批次_\d{14}\.xlsx$/);
      const rows = await t.db.select().from(pickupBatches).where(eq(pickupBatches.tenantId, 1));
      expect(sheet.rows).toHaveLength(rows.length);
      const aCancelled = rows.find((r) => r.cancelled)!;
      expect(sheet.rows.find((r) => r[0] === aCancelled.batchNo)![1]).toBe('已取消');
      const finished = rows.find((r) => r.status === 'FINISH_TAKE_GOODS' && !r.cancelled && r.actualWeight === 1618)!;
      expect(sheet.rows.find((r) => r[0] === finished.batchNo)!.slice(1, 5)).toEqual(['已完成提貨', 1, 1.5, 1.618]);
      const onlyCancelled = await readXlsx(await get(`${M}/exportXls`, merchant, { cancelled: 'true' }));
      expect(new Set(onlyCancelled.rows.map((r) => r[1]))).toEqual(new Set(['Cancelled']));
    });
  });

  it('documents every endpoint of parcels, batches, exceptions and rate cards with its permission', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    const expected: [string, string, string][] = [
      ['get', '/api/logistics/package/list', 'logistics:package:list'],
      ['post', '/api/logistics/package/add', 'logistics:package:add'],
      ['put', '/api/logistics/package/edit', 'logistics:package:edit'],
      ['delete', '/api/logistics/package/delete', 'logistics:package:delete'],
      ['get', '/api/logistics/package/exportXls', 'logistics:package:export'],
      ['get', '/api/logistics/pickupBatch/list', 'logistics:pickup-batch:list'],
      ['get', '/api/logistics/pickupBatch/queryById', 'logistics:pickup-batch:list'],
      ['get', '/api/logistics/pickupBatch/pickableOrders', 'logistics:pickup-batch:add'],
      ['post', '/api/logistics/pickupBatch/add', 'logistics:pickup-batch:add'],
      ['put', '/api/logistics/pickupBatch/edit', 'logistics:pickup-batch:edit'],
      ['post', '/api/logistics/pickupBatch/ready', 'logistics:pickup-batch:ready'],
      ['post', '/api/logistics/pickupBatch/cancel', 'logistics:pickup-batch:cancel'],
      ['get', '/api/logistics/pickupBatch/exportXls', 'logistics:pickup-batch:export'],
      ['get', '/api/warehouse/pickup/list', 'warehouse:pickup:list'],
      ['get', '/api/warehouse/pickup/queryById', 'warehouse:pickup:list'],
      ['post', '/api/warehouse/pickup/schedule', 'warehouse:pickup:schedule'],
      ['post', '/api/warehouse/pickup/take', 'warehouse:pickup:take'],
      ['post', '/api/warehouse/pickup/confirm', 'warehouse:pickup:confirm'],
      ['get', '/api/warehouse/pickup/exportXls', 'warehouse:pickup:export'],
      ['get', '/api/logistics/collectionException/list', 'logistics:collection-exception:list'],
      ['get', '/api/logistics/collectionException/queryById', 'logistics:collection-exception:detail'],
      ['post', '/api/logistics/collectionException/deal', 'logistics:collection-exception:deal'],
      ['get', '/api/logistics/collectionException/exportXls', 'logistics:collection-exception:export'],
      ['get', '/api/warehouse/exception/list', 'warehouse:exception:list'],
      ['post', '/api/warehouse/exception/add', 'warehouse:exception:add'],
      ['post', '/api/warehouse/exception/update', 'warehouse:exception:update'],
      ['get', '/api/warehouse/rateCard/list', 'warehouse:rate-card:list'],
      ['post', '/api/warehouse/rateCard/add', 'warehouse:rate-card:add'],
      ['put', '/api/warehouse/rateCard/edit', 'warehouse:rate-card:edit'],
      ['delete', '/api/warehouse/rateCard/delete', 'warehouse:rate-card:delete'],
      ['get', '/api/logistics/freight/quote', 'logistics:order:add'],
    ];
    for (const [method, path, permission] of expected) expect(doc.paths[path]?.[method]?.['x-permission'], `${method} ${path}`).toBe(permission);
  });

  it('keeps an order in at most one live batch across the whole run', async () => {
    const rows = await t.db
      .select({ orderId: pickupBatchOrders.orderId, n: sql<number>`count(*)::int` })
      .from(pickupBatchOrders)
      .innerJoin(pickupBatches, eq(pickupBatches.id, pickupBatchOrders.batchId))
      .where(eq(pickupBatches.cancelled, false))
      .groupBy(pickupBatchOrders.orderId);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => Number(row.n) > 1)).toEqual([]);
  });
});
