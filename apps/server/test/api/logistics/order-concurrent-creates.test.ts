import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { orderInput } from '@portal/shared/logistics-schemas';
import type { OrderStatus } from '@portal/shared/logistics';
import { openDatabase } from '../../../src/db/client.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { must } from '../../../src/lib/must.ts';
import { createOrderIn } from '../../../src/modules/logistics/order/service.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { sampleOrder } from '../../helpers/orders.ts';

/*
 * A merchant's shop importing through the API makes many orders of one tenant at once. Every insert into
 * log_order adds to the tenant's status counters (triggers of migrations 0004 and 0020); none of those creates
 * may wait on a counter row another open transaction holds. The app's connections carry lock_timeout 100ms, so a
 * create that waited longer on any lock fails; one create's transaction is kept open (after its insert) for the
 * whole run, so a design where creates queue on a shared counter row fails every time, however fast the machine.
 */

const CREATES = 50;
const LOCK_TIMEOUT = '100ms';


describe(`concurrent creates of one tenant (${testDbKind()})`, () => {
  let t: TestApp;
  let testDatabase: TestDatabase;
  let merchant: string;
  let actor: { tenantId: number; userId: number };

  beforeAll(async () => {
    const base = await createTestDatabase();
    const url = new URL(must(base.url, 'the test database URL (PostgreSQL)'));
    url.searchParams.set('options', `-c lock_timeout=${LOCK_TIMEOUT}`);
    // enough connections for every create to run at once beside the one kept open
    const bounded = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 30 });
    testDatabase = {
      // the job queue opens its own pool on `url`: it keeps the plain one
      database: { ...bounded, url: base.url },
      url: base.url,
      drop: async () => {
        await bounded.close();
        await base.drop();
      },
    };
    t = await createTestApp({ testDatabase });
    merchant = await t.login('merchant');
    const [user] = await t.db.select({ id: users.id, tenantId: users.defaultTenantId }).from(users).where(eq(users.username, 'merchant'));
    actor = { tenantId: must(user?.tenantId, 'the merchant tenant'), userId: must(user, 'the merchant').id };
  });
  afterAll(async () => {
    await t.close();
    await testDatabase.drop();
  });

  const counted = async (): Promise<Partial<Record<OrderStatus, number>>> => {
    const rows = await t.db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.tenantId, actor.tenantId))
      .groupBy(orders.status);
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  };
  const served = async (): Promise<Partial<Record<OrderStatus, number>>> => {
    const response = await t.call({ method: 'GET', url: '/api/logistics/order/statusCounts', token: merchant });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result as { status: OrderStatus; count: number }[];
    return Object.fromEntries(result.filter((entry) => entry.count > 0).map((entry) => [entry.status, entry.count]));
  };

  it(`makes ${CREATES} orders at once while another create of the tenant is still open, none waiting on a lock past ${LOCK_TIMEOUT}, and counts them exactly`, async () => {
    // the bound is really on the connections the creates use
    const { rows: [setting] } = (await t.db.execute(sql`select current_setting('lock_timeout') as value`)) as unknown as { rows: { value: string }[] };
    expect(setting?.value).toBe(LOCK_TIMEOUT);
    const before = await counted();
    expect(await served()).toEqual(before);

    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const open = t.db.transaction(async (tx) => {
      await createOrderIn(tx, actor, orderInput.parse(sampleOrder('HELD-OPEN')));
      inserted();
      await finished;
    });
    await insertedOnce;

    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, index) =>
        t.call({ method: 'POST', url: '/api/logistics/order/add', token: merchant, lang: 'en-US', payload: sampleOrder(`BURST-${index}`) }),
      ),
    );
    finish();
    await open;

    const failures = answers.filter((answer) => answer.statusCode !== 200).map((answer) => `${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    expect(failures).toEqual([]);
    const made = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.tenantId, actor.tenantId), or(like(orders.merchantOrderNo, 'BURST-%'), eq(orders.merchantOrderNo, 'HELD-OPEN'))));
    expect(Number(made[0]?.count)).toBe(CREATES + 1);

    const after = await counted();
    expect(after.CREATED).toBe((before.CREATED ?? 0) + CREATES + 1);
    expect(await served()).toEqual(after);
  });
});
