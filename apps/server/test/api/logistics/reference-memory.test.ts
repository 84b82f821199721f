import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderDetail, RateCardRecord } from '@portal/shared/logistics-schemas';
import { openDatabase } from '../../../src/db/client.ts';
import { categories } from '../../../src/db/schema/dict.ts';
import { rateCards } from '../../../src/db/schema/logistics.ts';
import { pushDeliveries } from '../../../src/db/schema/open-api.ts';
import { createPostgresBus, type CacheBus } from '../../../src/lib/cache-bus.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { sampleOrder } from '../../helpers/orders.ts';
import { eventually } from '../../helpers/eventually.ts';

/**
 * Two app servers on one PostgreSQL database, each with its own pool, as behind a load balancer. Each keeps
 * the reference data every create reads (the active rate cards, the category names, a tenant's push
 * endpoints) in memory; a change made through one is heard by the other on the cache bus, and its next
 * order is quoted, named and pushed as the change says.
 */
describe(`reference data kept in memory on two app servers (${testDbKind()})`, () => {
  let shared: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let one: TestApp;
  let two: TestApp;
  const buses: CacheBus[] = [];
  let admin: string;
  let merchantOnOne: string;
  let merchantOnTwo: string;
  let number = 0;

  beforeAll(async () => {
    shared = await createTestDatabase();
    const url = shared.url;
    if (!url) throw new Error('this file runs on PostgreSQL (two pools on one database)');
    second = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    for (let i = 0; i < 2; i++) buses.push(await createPostgresBus(url, () => undefined));
    one = await createTestApp({ testDatabase: shared, bus: buses[0] });
    two = await createTestApp({ testDatabase: { ...shared, database: second, drop: async () => undefined }, bus: buses[1] });
    [admin, merchantOnOne, merchantOnTwo] = await Promise.all([one.login('admin'), one.login('merchant'), two.login('merchant')]);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    for (const bus of buses) await bus.close();
    await second.close();
    await shared.drop();
  });

  /** An order made on server two; its detail as server two answers it. */
  const orderOnTwo = async (route: { destinationCountry: string; serviceType: string }, category = 'Electronics'): Promise<OrderDetail> => {
    const body = { ...sampleOrder(`REF-${++number}`), ...route, items: [{ name: 'Lamp', category, quantity: 1, unitPrice: '5' }] };
    const { id } = ok<{ id: number }>(await two.call({ method: 'POST', url: '/api/logistics/order/add', token: merchantOnTwo, payload: body, lang: 'en-US' }));
    return ok<OrderDetail>(await two.call({ method: 'GET', url: '/api/logistics/order/queryById', token: merchantOnTwo, query: { id: String(id) }, lang: 'en-US' }));
  };

  it('quotes with a rate card until it is turned off on the other server, then quotes nothing', async () => {
    const [card] = await shared.database.db.select().from(rateCards).where(eq(rateCards.active, true)).limit(1);
    const route = { destinationCountry: card!.destinationCountry, serviceType: card!.serviceType };
    expect((await orderOnTwo(route)).freightQuote).not.toBeNull();

    const listed = ok<{ records: RateCardRecord[] }>(await one.call({ method: 'GET', url: '/api/warehouse/rateCard/list', token: admin, query: { ...route, pageSize: '10' } }));
    const { id, ...values } = listed.records.find((record) => record.id === card!.id)!;
    ok(await one.call({ method: 'PUT', url: '/api/warehouse/rateCard/edit', token: admin, payload: { id, ...values, active: false } }));

    expect(await eventually(async () => (await orderOnTwo(route)).freightQuote === null)).toBe(true);
  });

  it('names a product\'s category as renamed on the other server', async () => {
    const route = { destinationCountry: 'TW', serviceType: 'BASE' };
    const nameOf = async () => (await orderOnTwo(route, 'C0102')).items[0]!.categoryName;
    expect(await nameOf()).toBe('Shoes');
    const [category] = await shared.database.db.select().from(categories).where(eq(categories.code, 'C0102'));
    ok(await one.call({ method: 'PUT', url: '/api/sys/category/edit', token: admin, payload: { id: category!.id, code: 'C0102', name: { 'zh-TW': '鞋', 'zh-CN': '鞋', 'en-US': 'Footwear' } } }));
    expect(await eventually(async () => (await nameOf()) === 'Footwear')).toBe(true);
  });

  it('pushes a new order to an endpoint added on the other server', async () => {
    const route = { destinationCountry: 'TW', serviceType: 'BASE' };
    // server two has looked at the tenant's endpoints (none) and keeps that
    await orderOnTwo(route);
    const added = ok<{ endpoint: { id: number } }>(
      await one.call({ method: 'POST', url: '/api/config/push-endpoint/add', token: merchantOnOne, payload: { url: 'https://hooks.example.com/reference', description: 'ERP', eventTypes: ['ORDER_STATUS'] } }),
    );
    const deliveries = async () => (await shared.database.db.select({ id: pushDeliveries.id }).from(pushDeliveries).where(eq(pushDeliveries.endpointId, added.endpoint.id))).length;
    const pushedOnTwo = async () => {
      const before = await deliveries();
      await orderOnTwo(route);
      return (await deliveries()) > before;
    };
    expect(await eventually(pushedOnTwo)).toBe(true);
  });
});
