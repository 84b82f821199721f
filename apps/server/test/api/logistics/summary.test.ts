import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type ExceptionStatus, type OrderStatus } from '@portal/shared/logistics';
import { collectionExceptions } from '../../../src/db/schema/logistics.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { insertOrder, insertParcel } from '../../helpers/orders.ts';
import { restrictedReaders } from '../../helpers/restricted-readers.ts';

const SUMMARY = '/api/logistics/summary';
const DAY = 86_400_000;

type Summary = {
  byStatus: { status: OrderStatus; count: number }[];
  parcelsInWarehouse: number;
  openExceptions: number;
  ordersPerDay: { date: string; count: number }[];
};
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The figures plus what the test added: per status, parcels, exceptions, orders per day (by date). */
function plus(base: Summary, added: { byStatus?: Partial<Record<OrderStatus, number>>; parcels?: number; exceptions?: number; perDay?: Record<string, number> }): Summary {
  return {
    byStatus: base.byStatus.map(({ status, count }) => ({ status, count: count + (added.byStatus?.[status] ?? 0) })),
    parcelsInWarehouse: base.parcelsInWarehouse + (added.parcels ?? 0),
    openExceptions: base.openExceptions + (added.exceptions ?? 0),
    ordersPerDay: base.ordersPerDay.map(({ date, count }) => ({ date, count: count + (added.perDay?.[date] ?? 0) })),
  };
}

describe(`home page logistics figures (${testDbKind()})`, () => {
  let testDatabase: TestDatabase;
  // two app servers on one database: each keeps its own 30-second copy of the platform's figures
  let t: TestApp;
  let other: TestApp;
  let tokens: Record<'merchant' | 'staff' | 'merchant2' | 'warehouse' | 'finance', string>;
  let before: Record<'merchant' | 'merchant2' | 'warehouse', Summary>;
  let today: string;
  let twoDaysAgo: string;

  const summary = async (token: string, app: TestApp = t): Promise<Summary> => {
    const response = await app.call({ method: 'GET', url: SUMMARY, token, query: { _t: '1' } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  let exceptionNo = 0;
  const addException = async (tenantId: number, orderId: number, status: ExceptionStatus) => {
    exceptionNo += 1;
    await t.db.insert(collectionExceptions).values({ tenantId, orderId, exceptionNo: `EX-TEST-${exceptionNo}`, type: 'DAMAGED', description: 'box torn', status });
  };
  /** the database's date some days ago, as it groups the days */
  const dbDay = async (daysAgo: number) => {
    const result = await t.db.execute(sql`select to_char(now() - make_interval(days => ${daysAgo}), 'YYYY-MM-DD') as day`);
    return String((result as unknown as { rows: { day: string }[] }).rows[0]?.day);
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    t = await createTestApp({ testDatabase });
    other = await createTestApp({ testDatabase });
    const names = ['merchant', 'staff', 'merchant2', 'warehouse', 'finance'] as const;
    const signedIn = await Promise.all(names.map((name) => t.login(name)));
    tokens = Object.fromEntries(names.map((name, index) => [name, signedIn[index]!])) as typeof tokens;
    [today, twoDaysAgo] = await Promise.all([dbDay(0), dbDay(2)]);
    // the demo's own orders are there already: the figures are checked as what the test adds to them
    before = { merchant: await summary(tokens.merchant), merchant2: await summary(tokens.merchant2), warehouse: await summary(tokens.warehouse) };

    const now = Date.now();
    // tenant 1: three today, one two days ago, one 40 days ago (outside the 30 days)
    const t1 = [
      await insertOrder(t.db, { tenantId: 1 }),
      await insertOrder(t.db, { tenantId: 1 }),
      await insertOrder(t.db, { tenantId: 1, status: 'CANCEL' }),
      await insertOrder(t.db, { tenantId: 1, status: 'WHIN', createdAt: new Date(now - 2 * DAY) }),
      await insertOrder(t.db, { tenantId: 1, status: 'DONE', createdAt: new Date(now - 40 * DAY) }),
    ];
    // tenant 2: two today
    const t2 = [await insertOrder(t.db, { tenantId: 2 }), await insertOrder(t.db, { tenantId: 2, status: 'WAIT_COLLECT' })];

    await insertParcel(t.db, { tenantId: 1, orderId: t1[3]!.id, trackingNo: 'SUM-1', status: 'IN_WAREHOUSE', storageTime: new Date() });
    await insertParcel(t.db, { tenantId: 1, orderId: t1[4]!.id, trackingNo: 'SUM-2', status: 'SHIPPED', storageTime: new Date() });
    await insertParcel(t.db, { tenantId: 2, orderId: t2[0]!.id, trackingNo: 'SUM-3', status: 'IN_WAREHOUSE', storageTime: new Date() });
    await insertParcel(t.db, { tenantId: 2, orderId: t2[1]!.id, trackingNo: 'SUM-4', status: 'IN_WAREHOUSE', storageTime: new Date() });
    await insertParcel(t.db, { tenantId: 2, orderId: null, trackingNo: 'SUM-5' });

    await addException(1, t1[0]!.id, '0');
    await addException(1, t1[1]!.id, '2');
    await addException(1, t1[3]!.id, '1');
    await addException(1, t1[3]!.id, '4');
    await addException(2, t2[0]!.id, '3');
  });
  afterAll(async () => {
    await t.close();
    await other.close();
    await testDatabase.drop();
  });

  it("shows the platform's staff every tenant, figures kept for 30 seconds", async () => {
    // this server counted before the test's rows were written (first of all, so well within the 30 s)
    expect(await summary(tokens.warehouse)).toEqual(before.warehouse);
    // a server that has not counted yet sees everything
    const fresh = await summary(tokens.warehouse, other);
    expect(fresh).toEqual(
      plus(before.warehouse, { byStatus: { CREATED: 3, WAIT_COLLECT: 1, CANCEL: 1, WHIN: 1, DONE: 1 }, parcels: 3, exceptions: 2, perDay: { [today]: 5, [twoDaysAgo]: 1 } }),
    );
    // the platform's finance staff read none of the warehouse's lists, so none of their figures
    expect(await summary(tokens.finance, other)).toEqual({ byStatus: null, ordersPerDay: null, parcelsInWarehouse: null, openExceptions: null });
    // the platform's figures are every tenant's: more than either merchant's
    const total = (figures: Summary) => figures.byStatus.reduce((sum, entry) => sum + entry.count, 0);
    expect(total(fresh)).toBeGreaterThanOrEqual(total(await summary(tokens.merchant)) + total(await summary(tokens.merchant2)));
  });

  it('has every status and each of the last 30 days, oldest first, ending today', async () => {
    for (const figures of Object.values(before)) {
      expect(figures.byStatus.map((entry) => entry.status)).toEqual([...ORDER_STATUSES]);
      expect(figures.ordersPerDay).toHaveLength(30);
      expect(figures.ordersPerDay.at(-1)?.date).toBe(today);
      expect(figures.ordersPerDay[0]?.date).toBe(await dbDay(29));
      const dates = figures.ordersPerDay.map((entry) => Date.parse(`${entry.date}T00:00:00Z`));
      expect(dates.slice(1).every((date, index) => date - dates[index]! === DAY)).toBe(true);
    }
  });

  it("shows a merchant its own tenant's figures", async () => {
    const figures = await summary(tokens.merchant);
    // the order of 40 days ago counts by status, not among the days
    expect(figures).toEqual(plus(before.merchant, { byStatus: { CREATED: 2, CANCEL: 1, WHIN: 1, DONE: 1 }, parcels: 1, exceptions: 2, perDay: { [today]: 3, [twoDaysAgo]: 1 } }));
    // a staff member of the same tenant sees the same
    expect(await summary(tokens.staff)).toEqual(figures);
  });

  it('shows each figure only to a reader of the list it summarises, through their data rules there', async () => {
    // the finding: a role that sees only TW orders and holds no parcel or exception right saw the whole tenant's figures
    const readers = restrictedReaders(t, tokens.merchant);
    const twRole = await readers.role('tw_home', ['dashboard:analysis:view', 'logistics:order:list']);
    await readers.rule('logistics:order:list', twRole, { ruleName: 'TW', field: 'destinationCountry', operator: 'eq', value: 'TW' });
    await insertOrder(t.db, { tenantId: 1, destinationCountry: 'TW' });
    await insertOrder(t.db, { tenantId: 1, destinationCountry: 'JP' });
    const tw = await readers.person('tw_home_reader', twRole);
    const figures = (await summary(tw)) as unknown as Nullable<Summary>;
    const listed = await t.call({ method: 'GET', url: '/api/logistics/order/list', token: tw, query: { pageSize: '1', status: ORDER_STATUSES.join(',') } });
    const all = (await summary(tokens.merchant)).byStatus.reduce((sum, entry) => sum + entry.count, 0);
    const theirs = (figures.byStatus ?? []).reduce((sum, entry) => sum + entry.count, 0);
    expect(theirs).toBe(listed.json().result.total);
    expect(theirs).toBeLessThan(all);
    expect(figures.ordersPerDay?.reduce((sum, day) => sum + day.count, 0)).toBeLessThanOrEqual(theirs);
    expect(figures).toMatchObject({ parcelsInWarehouse: null, openExceptions: null });
    // the home page alone: no figure at all
    const homeOnly = await readers.person('home_only_reader', await readers.role('home_only', ['dashboard:analysis:view']));
    expect(await summary(homeOnly)).toEqual({ byStatus: null, ordersPerDay: null, parcelsInWarehouse: null, openExceptions: null });
  });

  it('shows another merchant only its own', async () => {
    expect(await summary(tokens.merchant2)).toEqual(plus(before.merchant2, { byStatus: { CREATED: 1, WAIT_COLLECT: 1 }, parcels: 2, exceptions: 0, perDay: { [today]: 2 } }));
  });

  it('needs a login and refuses unknown query fields and other tenants', async () => {
    const anonymous = await t.call({ method: 'GET', url: SUMMARY });
    expect(anonymous.statusCode).toBe(401);
    const odd = await t.call({ method: 'GET', url: SUMMARY, token: tokens.merchant, query: { tenantId: '2' }, lang: 'en-US' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Unknown field: tenantId');
    // another tenant's id in the header is refused, not answered with its figures
    const foreign = await t.call({ method: 'GET', url: SUMMARY, token: tokens.merchant, tenant: 2 });
    expect(foreign.statusCode).toBe(403);
  });

  it('is documented with its permission', async () => {
    const document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths[SUMMARY].get['x-permission']).toBe('dashboard:analysis:view');
    expect(document.paths[SUMMARY].get.tags).toEqual(['dashboard']);
  });
});
