import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { canTransition, ORDER_NO_PATTERN, ORDER_STATUSES, PICKUP_BATCH_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import { collectionExceptions, orderItems, orders, parcels, pickupBatches, pickupBatchOrders, rateCards, trackingEvents } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { priceShipment } from '../../../src/modules/freight/model.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestDatabase } from '../../helpers/test-app.ts';

type Order = typeof orders.$inferSelect;
type Event = typeof trackingEvents.$inferSelect;

/** The demo's logistics rows (seed/demo-logistics.ts), read back as the seed left them. */
describe(`demo logistics data (${testDbKind()})`, () => {
  let target: TestDatabase;
  let allOrders: Order[];
  let eventsOf: Map<number, Event[]>;
  let tenantOf: Map<number, number>;
  const seededBy = new Date();

  beforeAll(async () => {
    target = await createTestDatabase();
    const db = target.database.db;
    allOrders = await db.select().from(orders).orderBy(asc(orders.id));
    const events = await db.select().from(trackingEvents).orderBy(asc(trackingEvents.orderId), asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    eventsOf = new Map();
    for (const event of events) eventsOf.set(event.orderId, [...(eventsOf.get(event.orderId) ?? []), event]);
    tenantOf = new Map(allOrders.map((order) => [order.id, order.tenantId]));
  });
  afterAll(() => target.drop());

  const statusEvents = (order: Order) => (eventsOf.get(order.id) ?? []).filter((event) => event.status !== null);
  const pathOf = (order: Order) => statusEvents(order).map((event) => event.status as OrderStatus);
  const timeOf = (order: Order, status: OrderStatus) => statusEvents(order).find((event) => event.status === status)?.occurredAt ?? null;

  it('gives merchant about thirty orders over the last 30 days in every status, and merchant2 a handful', () => {
    const mine = allOrders.filter((order) => order.tenantId === 1);
    expect(mine.length).toBeGreaterThanOrEqual(28);
    expect(mine.length).toBeLessThanOrEqual(36);
    const counts = new Map<string, number>();
    for (const order of mine) counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
    for (const status of ORDER_STATUSES) expect(counts.get(status) ?? 0, status).toBeGreaterThan(0);
    const monthAgo = seededBy.getTime() - 31 * 24 * 3_600_000;
    for (const order of mine) expect(order.createdAt.getTime()).toBeGreaterThan(monthAgo);

    const theirs = allOrders.filter((order) => order.tenantId === 2);
    expect(theirs.length).toBeGreaterThanOrEqual(3);
    expect(theirs.length).toBeLessThanOrEqual(8);
    expect(allOrders.every((order) => order.tenantId === 1 || order.tenantId === 2)).toBe(true);
  });

  it('numbers orders as the server does and keeps merchant numbers unique per tenant', () => {
    for (const order of allOrders) {
      expect(order.orderNo).toMatch(ORDER_NO_PATTERN);
      // LO + the creation day in UTC
      expect(order.orderNo.slice(2, 8)).toBe(order.createdAt.toISOString().slice(2, 10).replace(/-/g, ''));
    }
    expect(new Set(allOrders.map((order) => order.orderNo)).size).toBe(allOrders.length);
    expect(new Set(allOrders.map((order) => `${order.tenantId}/${order.merchantOrderNo}`)).size).toBe(allOrders.length);
  });

  it('records every order as a legal walk of the lifecycle, one event per move, in time order', () => {
    for (const order of allOrders) {
      const moves = statusEvents(order);
      expect(moves[0], order.orderNo).toMatchObject({ status: 'CREATED', fromStatus: null });
      expect(moves[0]!.occurredAt.getTime()).toBe(order.createdAt.getTime());
      for (let step = 1; step < moves.length; step++) {
        const [before, move] = [moves[step - 1]!, moves[step]!];
        expect(move.fromStatus, `${order.orderNo} step ${step}`).toBe(before.status);
        expect(canTransition(before.status as OrderStatus, move.status as OrderStatus), `${order.orderNo}: ${before.status} -> ${move.status}`).toBe(true);
      }
      const last = moves.at(-1)!;
      expect(last.status).toBe(order.status);
      expect(order.statusUpdatedAt.getTime()).toBe(last.occurredAt.getTime());

      const timeline = eventsOf.get(order.id)!;
      for (let step = 1; step < timeline.length; step++) expect(timeline[step]!.occurredAt.getTime()).toBeGreaterThan(timeline[step - 1]!.occurredAt.getTime());
      expect(timeline.at(-1)!.occurredAt.getTime()).toBeLessThanOrEqual(seededBy.getTime() + 60_000);
      for (const event of timeline) {
        expect(event.tenantId).toBe(order.tenantId);
        // a description in our three languages, or the carrier's own words
        const ours = event.descriptionZhTw && event.descriptionZhCn && event.descriptionEnUs;
        expect(Boolean(ours) || Boolean(event.rawText), `${order.orderNo} ${event.status}`).toBe(true);
      }
    }
  });

  it('includes carrier scans with a carrier code and raw English text between statuses, which move nothing', () => {
    const scans = [...eventsOf.values()].flat().filter((event) => event.status === null);
    expect(scans.length).toBeGreaterThanOrEqual(2);
    for (const scan of scans) {
      expect(scan).toMatchObject({ fromStatus: null, source: 'CARRIER', descriptionZhTw: null });
      expect(scan.carrierCode).toMatch(/^[A-Z_]+$/);
      expect(scan.rawText).toMatch(/^[A-Z][A-Za-z ,.-]+$/);
      const order = allOrders.find((candidate) => candidate.id === scan.orderId)!;
      const moves = statusEvents(order);
      // between two statuses, never after the last one
      expect(moves.some((move) => move.occurredAt < scan.occurredAt)).toBe(true);
      expect(moves.some((move) => move.occurredAt > scan.occurredAt)).toBe(true);
    }
    // carrier codes never leak into the business status
    expect(allOrders.every((order) => (ORDER_STATUSES as readonly string[]).includes(order.status))).toBe(true);
  });

  it('sets the measures, the waybill and the parcels the status implies', async () => {
    const allParcels = await target.database.db.select().from(parcels);
    for (const order of allOrders) {
      const path = pathOf(order);
      const received = path.includes('WHIN');
      const shipped = path.includes('WHOUT');
      expect(order.actualWeight !== null, order.orderNo).toBe(received);
      expect(order.length !== null && order.width !== null && order.height !== null).toBe(received);
      expect(order.waybillNo !== null, order.orderNo).toBe(shipped);
      if (order.waybillNo) expect(order.waybillNo).toMatch(/^[A-Za-z0-9_-]{6,64}$/);

      const own = allParcels.filter((parcel) => parcel.orderId === order.id);
      for (const parcel of own) expect(parcel.tenantId).toBe(order.tenantId);
      if (shipped) {
        expect(own.length).toBeGreaterThan(0);
        for (const parcel of own) {
          expect(parcel).toMatchObject({ status: 'SHIPPED', weight: order.actualWeight, length: order.length, width: order.width, height: order.height });
          expect(parcel.storageTime?.getTime()).toBe(timeOf(order, 'WHIN')?.getTime());
          expect(parcel.shipmentTime?.getTime()).toBe(timeOf(order, 'WHOUT')?.getTime());
        }
      } else if (received) {
        expect(own.length).toBeGreaterThan(0);
        for (const parcel of own) {
          expect(parcel).toMatchObject({ status: 'IN_WAREHOUSE', weight: order.actualWeight, shipmentTime: null });
          expect(parcel.storageTime?.getTime()).toBe(timeOf(order, 'WHIN')?.getTime());
        }
      } else {
        for (const parcel of own) expect(parcel).toMatchObject({ status: 'FORECAST', storageTime: null, shipmentTime: null });
        if (own.length > 0) expect(order.status).toBe('CREATED');
      }
    }
    const forecastOrders = allOrders.filter((order) => order.tenantId === 1 && order.status === 'CREATED' && allParcels.some((parcel) => parcel.orderId === order.id));
    expect(forecastOrders.length).toBeGreaterThan(0);
    expect(new Set(allParcels.map((parcel) => `${parcel.tenantId}/${parcel.trackingNo}`)).size).toBe(allParcels.length);
  });

  it('keeps money exact: merchandise values are the sum of the products, freight is what the rate card gives', async () => {
    const db = target.database.db;
    const items = await db.select().from(orderItems);
    const rates = await db.select().from(rateCards);
    for (const order of allOrders) {
      const own = items.filter((item) => item.orderId === order.id).sort((a, b) => a.lineNo - b.lineNo);
      expect(own.length, order.orderNo).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.map((item) => item.lineNo)).toEqual(own.map((_, index) => index + 1));
      for (const item of own) expect(item).toMatchObject({ tenantId: order.tenantId, currency: order.merchandiseCurrency });
      expect(order.merchandiseValue).toBe(own.reduce((sum, item) => sum + item.unitPrice * BigInt(item.quantity), 0n));
      expect(order.itemQuantity).toBe(own.reduce((sum, item) => sum + item.quantity, 0));

      const rate = rates.find((card) => card.destinationCountry === order.destinationCountry && card.serviceType === order.serviceType && card.active)!;
      expect(order.freightCurrency).toBe(rate.currency);
      expect(order.freightQuote).toBe(priceShipment(rate, order.declaredWeight, null).freight);
      if (order.actualWeight === null) {
        expect(order).toMatchObject({ freightCharge: null, chargeableWeight: null });
      } else {
        const charge = priceShipment(rate, order.actualWeight, { length: order.length!, width: order.width!, height: order.height! });
        expect(order.freightCharge).toBe(charge.freight);
        expect(order.chargeableWeight).toBe(charge.chargeableWeight);
      }
    }
    // the products' prices are whole minor units of their currency: USD to the US, CNY elsewhere
    expect(allOrders.filter((order) => order.destinationCountry === 'US').every((order) => order.merchandiseCurrency === 'USD')).toBe(true);
  });

  it('has one pick-up batch in each status, its orders in the statuses the batch implies', async () => {
    const db = target.database.db;
    const batches = await db.select().from(pickupBatches).orderBy(asc(pickupBatches.id));
    const links = await db.select().from(pickupBatchOrders);
    expect(batches.map((batch) => batch.status).sort()).toEqual([...PICKUP_BATCH_STATUSES].sort());
    const expected: Record<string, OrderStatus[]> = {
      WAIT_PREPARE_GOODS: ['CREATED'],
      WAIT_TAKE_GOODS: ['WAIT_COLLECT'],
      WAIT_CONFIRM_TAKE: ['WAIT_COLLECT'],
      FINISH_TAKE_GOODS: ['WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE', 'RETURN', 'LOST'],
    };
    for (const batch of batches) {
      expect(batch.batchNo).toMatch(/^PB\d{12}$/);
      expect(batch.cancelled).toBe(false);
      const members = allOrders.filter((order) => links.some((link) => link.batchId === batch.id && link.orderId === order.id));
      expect(members.length, batch.status).toBe(batch.shipmentTotal);
      expect(batch.estimatedWeight).toBe(members.reduce((sum, order) => sum + order.declaredWeight, 0));
      for (const order of members) {
        expect(order.tenantId).toBe(batch.tenantId);
        expect(expected[batch.status]).toContain(order.status);
        // collected by the truck: the walk went through WAIT_COLLECT, at the time the goods were ready
        if (batch.status !== 'WAIT_PREPARE_GOODS') expect(pathOf(order)).toContain('WAIT_COLLECT');
      }
      const taken = batch.status === 'WAIT_CONFIRM_TAKE' || batch.status === 'FINISH_TAKE_GOODS';
      expect(batch.actualPickupAt !== null).toBe(taken);
      expect(batch.plate !== '').toBe(taken);
      expect(batch.actualWeight !== null).toBe(batch.status === 'FINISH_TAKE_GOODS');
      if (batch.status === 'FINISH_TAKE_GOODS') {
        expect(batch.actualWeight).toBe(members.reduce((sum, order) => sum + (order.actualWeight ?? 0), 0));
        for (const order of members) expect(timeOf(order, 'WHIN')!.getTime()).toBeGreaterThan(batch.actualPickupAt!.getTime());
      }
    }
    for (const link of links) expect(link.tenantId).toBe(tenantOf.get(link.orderId));
    // an order is in one batch at most
    expect(new Set(links.map((link) => link.orderId)).size).toBe(links.length);
  });

  it('has collection exceptions pending (0), awaiting the merchant (2) and handled (1) on received orders', async () => {
    const db = target.database.db;
    const exceptions = await db.select().from(collectionExceptions);
    expect(exceptions.filter((exception) => exception.tenantId === 1).map((exception) => exception.status).sort()).toEqual(['0', '1', '2']);
    for (const exception of exceptions) {
      const order = allOrders.find((candidate) => candidate.id === exception.orderId)!;
      expect(exception.tenantId).toBe(order.tenantId);
      expect(exception.exceptionNo).toMatch(/^EX\d{12}$/);
      expect(exception.createdAt.getTime()).toBeGreaterThan(timeOf(order, 'WHIN')!.getTime());
      expect(exception.resolution !== null).toBe(exception.status === '1');
      expect(exception.dealtAt !== null).toBe(exception.status === '1');
    }
  });

  it('is what the screens show: status tabs, order detail, the public page; merchant2 sees none of merchant', async () => {
    const t = await createTestApp({ testDatabase: { ...target, drop: async () => undefined } });
    try {
      const [merchant, merchant2] = await Promise.all([t.login('merchant'), t.login('merchant2')]);
      const counts = (await t.call({ method: 'GET', url: '/api/logistics/order/statusCounts', token: merchant })).json().result as { status: string; count: number }[];
      for (const { status, count } of counts) expect(count, status).toBe(allOrders.filter((order) => order.tenantId === 1 && order.status === status).length);

      const delivered = allOrders.find((order) => order.tenantId === 1 && order.status === 'DONE')!;
      const detail = await t.call({ method: 'GET', url: '/api/logistics/order/queryById', token: merchant, query: { id: String(delivered.id) }, lang: 'en-US' });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().result.events.map((event: { status: string | null }) => event.status)).toEqual(eventsOf.get(delivered.id)!.map((event) => event.status));
      expect((await t.call({ method: 'GET', url: '/api/logistics/order/queryById', token: merchant2, query: { id: String(delivered.id) } })).statusCode).toBe(404);
      const theirs = (await t.call({ method: 'GET', url: '/api/logistics/order/list', token: merchant2, query: { pageSize: '50' } })).json().result as { records: { id: number }[] };
      expect(theirs.records.map((record) => record.id).sort()).toEqual(allOrders.filter((order) => order.tenantId === 2).map((order) => order.id).sort());

      const tracked = await t.call({ method: 'GET', url: '/api/open/track', query: { numbers: delivered.waybillNo! }, lang: 'en-US' });
      expect(tracked.statusCode, tracked.body).toBe(200);
      expect(tracked.json().result[0]).toMatchObject({ found: true, orderNo: delivered.orderNo, status: 'DONE' });
      expect(tracked.json().result[0].events).toHaveLength(eventsOf.get(delivered.id)!.length);
    } finally {
      await t.app.close();
    }
  });

  it('keeps the tenants apart: every row belongs to its order tenant, made by that tenant people', async () => {
    const db = target.database.db;
    const people = new Map((await db.select({ id: users.id, tenantId: users.defaultTenantId }).from(users)).map((user) => [user.id, user.tenantId]));
    for (const order of allOrders) expect(people.get(order.createdBy!)).toBe(order.tenantId);
    const items = await db.select({ orderId: orderItems.orderId, tenantId: orderItems.tenantId }).from(orderItems);
    for (const item of items) expect(item.tenantId).toBe(tenantOf.get(item.orderId));
    for (const event of [...eventsOf.values()].flat()) {
      // merchants' own moves are theirs; the warehouse's are the platform's (tenant 0)
      if (event.createdBy !== null) expect([event.tenantId, 0]).toContain(people.get(event.createdBy));
    }
  });
});
