import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { canTransition, ORDER_NO_PATTERN, ORDER_STATUSES, PICKUP_BATCH_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import { collectionExceptions, orderItems, orders, parcels, pickupBatches, pickupBatchOrders, rateCards, trackingEvents } from '../../src/db/schema/logistics.ts';
import { users } from '../../src/db/schema/sys.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import { countScaleRows, ensureScaleTenants, generateScaleData, tenantShares, vacuumScaleTables, type ScaleTenant } from '../../src/db/seed/scale-logistics.ts';
import { priceShipment } from '../../src/modules/freight/model.ts';
import { hashPassword, verifyPassword } from '../../src/lib/passwords.ts';
import { createEmptyTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-app.ts';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

type Order = typeof orders.$inferSelect;
type Event = typeof trackingEvents.$inferSelect;

/**
 * The generator of `npm run seed:scale` (seed/scale-logistics.ts) on a small run: 3,000 orders of four
 * merchants over 30 days, in three chunks, with the foreign keys checked (the real run may skip them).
 * The clock is fixed at 09:30 UTC, when the pick-up batches of the last four days are in four statuses.
 */
describe(`scale data generator (${testDbKind()})`, () => {
  const now = new Date('2026-03-15T09:30:00Z');
  const ORDERS = 3_000;
  let target: TestDatabase;
  let tenants: ScaleTenant[];
  let allOrders: Order[];
  let eventsOf: Map<number, Event[]>;

  beforeAll(async () => {
    target = await createEmptyTestDatabase();
    await target.database.migrate();
    await seedDatabase(target.database, { demo: false, adminPassword: 'Scale#2026' });
    const db = target.database.db;
    tenants = await ensureScaleTenants(db, 4, await hashPassword('Scale#2026'));
    const [admin] = await db.select({ id: users.id }).from(users).where(sql`username = 'admin'`);
    await generateScaleData(db, { tenants, orders: ORDERS, chunk: 1_200, now, days: 30, reporterId: admin!.id, skipTriggers: false });
    await vacuumScaleTables(db);
    allOrders = await db.select().from(orders).orderBy(asc(orders.id));
    const events = await db.select().from(trackingEvents).orderBy(asc(trackingEvents.orderId), asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    eventsOf = new Map();
    for (const event of events) eventsOf.set(event.orderId, [...(eventsOf.get(event.orderId) ?? []), event]);
  }, 240_000);
  afterAll(() => target.drop());

  const moves = (order: Order) => (eventsOf.get(order.id) ?? []).filter((event) => event.status !== null);
  const timeOf = (order: Order, status: OrderStatus) => moves(order).find((event) => event.status === status)?.occurredAt ?? null;

  it('creates merchants scale01..04 with main accounts that can sign in, one of them with about 30% of the orders', async () => {
    const db = target.database.db;
    const accounts = await db.select().from(users).where(sql`username like 'scale%'`).orderBy(asc(users.username));
    expect(accounts.map((user) => user.username)).toEqual(['scale01', 'scale02', 'scale03', 'scale04']);
    expect(accounts.every((user) => user.mainAccount)).toBe(true);
    expect(await verifyPassword(accounts[0]!.passwordHash, 'Scale#2026')).toBe(true);
    expect(new Set(accounts.map((user) => user.defaultTenantId)).size).toBe(4);

    const share = allOrders.filter((order) => order.tenantId === tenants[0]!.tenantId).length / allOrders.length;
    expect(share).toBeGreaterThan(0.26);
    expect(share).toBeLessThan(0.34);
    for (const tenant of tenants) expect(allOrders.some((order) => order.tenantId === tenant.tenantId)).toBe(true);
    // a second call reuses them
    expect(await ensureScaleTenants(db, 4, 'unused')).toEqual(tenants);
  });

  it('shares out the orders unevenly: 30% for the first merchant, the rest decreasing', () => {
    const shares = tenantShares(20);
    expect(shares).toHaveLength(20);
    expect(shares[0]).toBe(0.3);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 9);
    for (let index = 2; index < shares.length; index++) expect(shares[index]!).toBeLessThan(shares[index - 1]!);
  });

  it('writes the orders asked for, over the span, in every status, most of the older ones DONE', async () => {
    expect(allOrders).toHaveLength(ORDERS);
    const counts = await countScaleRows(target.database.db);
    expect(counts.log_order).toBe(ORDERS);
    expect(counts.log_order_item).toBeGreaterThan(ORDERS * 1.7);
    expect(counts.log_order_item).toBeLessThan(ORDERS * 2.3);
    expect(counts.log_parcel).toBeGreaterThan(ORDERS * 0.98);
    expect(counts.log_tracking_event).toBeGreaterThan(ORDERS * 5);

    const byStatus = new Map<string, number>();
    for (const order of allOrders) byStatus.set(order.status, (byStatus.get(order.status) ?? 0) + 1);
    for (const status of ORDER_STATUSES) expect(byStatus.get(status) ?? 0, status).toBeGreaterThan(0);
    const older = allOrders.filter((order) => order.createdAt.getTime() < now.getTime() - 10 * 86_400_000);
    expect(older.filter((order) => order.status === 'DONE').length / older.length).toBeGreaterThan(0.85);

    for (const order of allOrders) {
      expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - 30 * 86_400_000);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(order.orderNo).toMatch(ORDER_NO_PATTERN);
      expect(order.orderNo.slice(2, 8)).toBe(order.createdAt.toISOString().slice(2, 10).replace(/-/g, ''));
    }
    expect(new Set(allOrders.map((order) => order.orderNo)).size).toBe(ORDERS);
    expect(new Set(allOrders.map((order) => `${order.tenantId}/${order.merchantOrderNo}`)).size).toBe(ORDERS);
  });

  it('records every order as a legal walk of the lifecycle, in time order, none after the clock', () => {
    // 3,000 orders of about six events: the faults are gathered and compared once (an expect per event is
    // a hundred thousand of them, seconds of CPU)
    const faults: string[] = [];
    const fault = (order: Order, what: string) => faults.push(`${order.orderNo}: ${what}`);
    for (const order of allOrders) {
      const walk = moves(order);
      if (walk[0]?.status !== 'CREATED' || walk[0].fromStatus !== null) fault(order, `starts with ${walk[0]?.fromStatus} -> ${walk[0]?.status}`);
      if (walk[0]?.occurredAt.getTime() !== order.createdAt.getTime()) fault(order, 'CREATED is not its creation time');
      for (let step = 1; step < walk.length; step++) {
        const [from, to] = [walk[step - 1]!, walk[step]!];
        if (to.fromStatus !== from.status) fault(order, `${to.status} says it came from ${to.fromStatus}, not ${from.status}`);
        if (!canTransition(from.status as OrderStatus, to.status as OrderStatus)) fault(order, `${from.status} -> ${to.status}`);
      }
      if (walk.at(-1)!.status !== order.status) fault(order, `ends at ${walk.at(-1)!.status}, the order is ${order.status}`);
      if (order.statusUpdatedAt.getTime() !== walk.at(-1)!.occurredAt.getTime()) fault(order, 'statusUpdatedAt is not its last move');
      const timeline = eventsOf.get(order.id)!;
      for (let step = 1; step < timeline.length; step++) if (timeline[step]!.occurredAt.getTime() <= timeline[step - 1]!.occurredAt.getTime()) fault(order, `event ${step} not after the one before`);
      for (const event of timeline) {
        if (event.tenantId !== order.tenantId) fault(order, `event ${event.id} of tenant ${event.tenantId}`);
        if (event.occurredAt.getTime() > now.getTime()) fault(order, `event ${event.id} after the clock`);
        if (!(event.descriptionZhTw && event.descriptionEnUs) && !event.rawText) fault(order, `event ${event.id} has no text`);
        if (event.status === null && (event.source !== 'CARRIER' || event.carrierCode !== 'CUSTOMS_CLEARED')) fault(order, `event ${event.id}: a status-less event not the carrier's customs clearance`);
      }
    }
    expect(faults.slice(0, 20)).toEqual([]);
    expect(allOrders.length).toBe(ORDERS);
  });

  it('keeps money exact and freight as the rate cards give it, measures and waybills from the statuses on', async () => {
    const db = target.database.db;
    const items = await db.select().from(orderItems);
    const rates = await db.select().from(rateCards);
    const itemsOf = new Map<number, (typeof items)[number][]>();
    for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
    for (const order of allOrders) {
      const own = itemsOf.get(order.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const item of own) expect(item).toMatchObject({ tenantId: order.tenantId, currency: order.merchandiseCurrency });
      expect(order.merchandiseValue).toBe(own.reduce((sum, item) => sum + item.unitPrice * BigInt(item.quantity), 0n));
      expect(order.itemQuantity).toBe(own.reduce((sum, item) => sum + item.quantity, 0));

      const path = moves(order).map((event) => event.status);
      expect(order.actualWeight !== null).toBe(path.includes('WHIN'));
      expect(order.waybillNo !== null).toBe(path.includes('WHOUT'));
      const rate = rates.find((card) => card.destinationCountry === order.destinationCountry && card.serviceType === order.serviceType)!;
      expect(order.freightQuote).toBe(priceShipment(rate, order.declaredWeight, null).freight);
      if (order.actualWeight !== null) {
        const charge = priceShipment(rate, order.actualWeight, { length: order.length!, width: order.width!, height: order.height! });
        expect(order.freightCharge).toBe(charge.freight);
        expect(order.chargeableWeight).toBe(charge.chargeableWeight);
      } else {
        expect(order).toMatchObject({ freightCharge: null, chargeableWeight: null, length: null });
      }
    }
    const waybills = allOrders.flatMap((order) => (order.waybillNo ? [order.waybillNo] : []));
    expect(new Set(waybills).size).toBe(waybills.length);
  });

  it('gives each order its parcel in the state its status implies', async () => {
    const all = await target.database.db.select().from(parcels);
    expect(new Set(all.map((parcel) => parcel.trackingNo)).size).toBe(all.length);
    const byOrder = new Map(all.map((parcel) => [parcel.orderId, parcel]));
    for (const order of allOrders) {
      const parcel = byOrder.get(order.id);
      const received = timeOf(order, 'WHIN');
      const shipped = timeOf(order, 'WHOUT');
      if (!parcel) {
        // only a pick-up's goods not received yet have none (warehouse-in labels them)
        expect(received).toBeNull();
        expect(['CREATED', 'WAIT_COLLECT']).toContain(order.status);
        continue;
      }
      expect(parcel.tenantId).toBe(order.tenantId);
      expect(parcel.status).toBe(shipped ? 'SHIPPED' : received ? 'IN_WAREHOUSE' : 'FORECAST');
      expect(parcel.storageTime?.getTime() ?? null).toBe(received?.getTime() ?? null);
      expect(parcel.shipmentTime?.getTime() ?? null).toBe(shipped?.getTime() ?? null);
      if (received) expect(parcel).toMatchObject({ weight: order.actualWeight, length: order.length });
    }
  });

  it('puts every collected order in one pick-up batch of its tenant and day, whose status matches its orders', async () => {
    const db = target.database.db;
    const batches = await db.select().from(pickupBatches);
    const links = await db.select().from(pickupBatchOrders);
    expect(new Set(batches.map((batch) => batch.status))).toEqual(new Set(PICKUP_BATCH_STATUSES));
    expect(new Set(links.map((link) => link.orderId)).size).toBe(links.length);
    const byId = new Map(allOrders.map((order) => [order.id, order]));
    const statusesIn: Record<string, OrderStatus[]> = {
      WAIT_PREPARE_GOODS: ['CREATED'],
      WAIT_TAKE_GOODS: ['WAIT_COLLECT'],
      WAIT_CONFIRM_TAKE: ['WAIT_COLLECT'],
      FINISH_TAKE_GOODS: ['WHIN', 'WHOUT', 'CROSS_BORDER', 'OVERSEA_WH', 'END_DELIVERY', 'DONE', 'RETURN', 'LOST'],
    };
    for (const batch of batches) {
      const members = links.filter((link) => link.batchId === batch.id).map((link) => byId.get(link.orderId)!);
      expect(members).toHaveLength(batch.shipmentTotal);
      expect(batch.batchNo).toMatch(/^PB\d{12}$/);
      expect(batch.estimatedWeight).toBe(members.reduce((sum, order) => sum + order.declaredWeight, 0));
      expect(batch.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const day = members[0]!.createdAt.toISOString().slice(0, 10);
      for (const order of members) {
        expect(order.tenantId).toBe(batch.tenantId);
        expect(order.createdAt.toISOString().slice(0, 10)).toBe(day);
        expect(order.createdAt.getTime()).toBeLessThan(batch.createdAt.getTime());
        expect(statusesIn[batch.status], `${batch.batchNo} ${batch.status} has ${order.status}`).toContain(order.status);
      }
      if (batch.status === 'FINISH_TAKE_GOODS') expect(batch.actualWeight).toBe(members.reduce((sum, order) => sum + (order.actualWeight ?? 0), 0));
      else expect(batch.actualWeight).toBeNull();
    }
    // and the other way round: whoever went through WAIT_COLLECT came with a batch
    const linked = new Set(links.map((link) => link.orderId));
    for (const order of allOrders) if (moves(order).some((event) => event.status === 'WAIT_COLLECT')) expect(linked.has(order.id)).toBe(true);
  });

  it('reports some collection exceptions on received orders, open ones recent and handled ones dealt with', async () => {
    const exceptions = await target.database.db.select().from(collectionExceptions);
    expect(exceptions.length).toBeGreaterThan(3);
    const byId = new Map(allOrders.map((order) => [order.id, order]));
    for (const exception of exceptions) {
      const order = byId.get(exception.orderId)!;
      expect(exception.tenantId).toBe(order.tenantId);
      expect(exception.createdAt.getTime()).toBeGreaterThan(timeOf(order, 'WHIN')!.getTime());
      expect(exception.exceptionNo).toMatch(/^EX\d{12}$/);
      expect(exception.dealtAt !== null).toBe(exception.status === '1');
    }
  });

  it('leaves the order id sequence after the ids it gave, so the server creates the next orders without clashing', async () => {
    const db = target.database.db;
    const [row] = await db.select({ next: sql<string>`nextval(pg_get_serial_sequence('log_order', 'id'))::text` }).from(sql`(select 1) as one`);
    expect(Number(row!.next)).toBe(allOrders.at(-1)!.id + 1);
  });
});

describe('npm run seed:scale', () => {
  it('refuses to run without DATABASE_URL, saying what it needs', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const outcome = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/seed-scale.ts')], { cwd: REPO_ROOT, env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/needs DATABASE_URL/);
  });
});
