import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { OPEN_API_PREFIX } from '@portal/shared/open-api';
import { apiCallStats, apiKeys, apiKeySecrets } from '../../../src/db/schema/open-api.ts';
import { i18nPlugin } from '../../../src/plugins/i18n.ts';
import { errorsPlugin } from '../../../src/plugins/errors.ts';
import { openApi, openApiAuthPlugin } from '../../../src/plugins/open-api-auth.ts';
import { authPlugin } from '../../../src/plugins/auth.ts';
import { AccessService } from '../../../src/modules/auth/access/service.ts';
import { createLocalBus } from '../../../src/lib/cache-bus.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { hashApiKey, newApiKey, shownPartOf } from '../../../src/modules/open-api/key/model.ts';
import { apiUsagePlugin } from '../../../src/modules/open-api/usage/hook.ts';
import { UsageRecorder } from '../../../src/modules/open-api/usage/recorder.ts';
import { bucketOf, emptyBuckets } from '../../../src/modules/open-api/usage/model.ts';
import { serverDay } from '../../../src/lib/server-day.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../helpers/test-app.ts';

/*
 * The counting of open-API calls (decision 0030): counts wait in memory and are added to api_call_stat by
 * one upsert; the onResponse hook of the open scope counts every answered call that carried a key. The
 * open API's own routes are another part's: the hook is tried on a throwaway route behind the real guard.
 */

const HOUR = 3_600_000;

describe(`counting open-API calls (${testDbKind()})`, () => {
  let target: TestDatabase;
  let db: TestDatabase['database']['db'];

  const stored = (tenantId: number, keyId: number) =>
    db.select().from(apiCallStats).where(and(eq(apiCallStats.tenantId, tenantId), eq(apiCallStats.keyId, keyId))).orderBy(apiCallStats.day, apiCallStats.apiType);

  /** A key of the tenant held by its main account, usable by the guard; its whole text and id. */
  async function insertKey(tenantId: number, name: string): Promise<{ key: string; id: number }> {
    const key = newApiKey();
    const [main] = await db.select({ id: users.id }).from(users).where(and(eq(users.defaultTenantId, tenantId), eq(users.mainAccount, true))).limit(1);
    const [row] = await db
      .insert(apiKeys)
      .values({ tenantId, name, scopes: ['orders:read'], expiresAt: new Date(Date.now() + 30 * 24 * HOUR), holderId: main!.id })
      .returning({ id: apiKeys.id });
    await db.insert(apiKeySecrets).values({ tenantId, keyId: row!.id, hash: hashApiKey(key), shown: shownPartOf(key) });
    return { key, id: row!.id };
  }

  beforeAll(async () => {
    target = await createTestDatabase();
    db = target.database.db;
  });
  afterAll(() => target.drop());

  describe('the recorder', () => {
    it('adds what it counted to the stored row: counts summed, the histogram bucket by bucket', async () => {
      const { id: keyId } = await insertKey(1, 'recorder');
      const recorder = new UsageRecorder(db, { flushMs: HOUR });
      const now = new Date();
      const call = (statusCode: number, elapsedMs: number, apiType: 'ORDER_QUERY' | 'ORDER_CREATE' = 'ORDER_QUERY') => recorder.record({ tenantId: 1, keyId, apiType, statusCode, elapsedMs }, now);
      call(200, 4);
      call(200, 12.6);
      call(404, 0.5);
      call(429, 1);
      call(503, 250);
      call(201, 40, 'ORDER_CREATE');
      expect(recorder.waiting).toBe(2);
      // nothing is written before the flush
      expect(await stored(1, keyId)).toHaveLength(0);
      await recorder.flush();
      expect(recorder.waiting).toBe(0);

      const expected = emptyBuckets();
      for (const ms of [4, 12.6, 0.5, 1, 250]) expected[bucketOf(ms)]!++;
      const [create, query] = await stored(1, keyId);
      expect(query).toMatchObject({ day: serverDay(now), apiType: 'ORDER_QUERY', calls: 5, clientErrors: 2, serverErrors: 1, throttled: 1, latencyMsSum: 268, latencyBuckets: expected });
      expect(create).toMatchObject({ apiType: 'ORDER_CREATE', calls: 1, clientErrors: 0, serverErrors: 0, latencyMsSum: 40 });

      // a second flush adds to the same rows
      call(200, 4);
      call(500, 12);
      await recorder.close();
      const after = (await stored(1, keyId)).find((row) => row.apiType === 'ORDER_QUERY')!;
      expected[bucketOf(4)]!++;
      expected[bucketOf(12)]!++;
      expect(after).toMatchObject({ calls: 7, clientErrors: 2, serverErrors: 2, throttled: 1, latencyMsSum: 284, latencyBuckets: expected });
      // closed: it counts no more
      call(200, 1);
      expect(recorder.waiting).toBe(0);
      expect(recorder.dropped).toBe(1);
    });

    it('counts a call in the day it was answered in the server\'s zone', async () => {
      const { id: keyId } = await insertKey(1, 'days');
      const recorder = new UsageRecorder(db, { flushMs: HOUR });
      const late = new Date(2026, 0, 31, 23, 59, 59, 900);
      const early = new Date(2026, 1, 1, 0, 0, 0, 0);
      recorder.record({ tenantId: 1, keyId, apiType: 'ORDER_QUERY', statusCode: 200, elapsedMs: 3 }, late);
      recorder.record({ tenantId: 1, keyId, apiType: 'ORDER_QUERY', statusCode: 200, elapsedMs: 3 }, early);
      await recorder.close();
      expect((await stored(1, keyId)).map((row) => [row.day, row.calls])).toEqual([
        ['2026-01-31', 1],
        ['2026-02-01', 1],
      ]);
    });

    it('keeps its memory bounded: past its cells, a call of a new cell is not counted', async () => {
      const recorder = new UsageRecorder(db, { flushMs: HOUR, maxCells: 2 });
      for (const keyId of [1001, 1002, 1003]) recorder.record({ tenantId: 1, keyId, apiType: 'ORDER_QUERY', statusCode: 200, elapsedMs: 1 });
      // an existing cell still counts
      recorder.record({ tenantId: 1, keyId: 1001, apiType: 'ORDER_QUERY', statusCode: 200, elapsedMs: 1 });
      expect(recorder.waiting).toBe(2);
      expect(recorder.dropped).toBe(1);
      await recorder.close();
      expect((await stored(1, 1001))[0]?.calls).toBe(2);
      expect(await stored(1, 1003)).toHaveLength(0);
    });

    it('keeps the counts for the next flush when the database refuses them', async () => {
      const errors: number[] = [];
      const recorder = new UsageRecorder(db, { flushMs: HOUR, onError: (_error, cells) => errors.push(cells) });
      // tenant 999999 does not exist: the foreign key refuses the row
      recorder.record({ tenantId: 999_999, keyId: 1, apiType: 'ORDER_QUERY', statusCode: 200, elapsedMs: 1 });
      await recorder.flush();
      expect(errors).toEqual([1]);
      expect(recorder.waiting).toBe(1);
      await recorder.close();
      expect(errors).toEqual([1, 1]);
    });
  });

  describe('the hook of the open scope', () => {
    let app: FastifyInstance;
    let recorder: UsageRecorder;
    let key: { key: string; id: number };
    let otherKey: { key: string; id: number };

    /** The guard and the hook as app.ts registers them, and a throwaway route answering the status asked for. */
    async function openApp(counting: boolean): Promise<FastifyInstance> {
      const instance = Fastify({ logger: false });
      await instance.register(i18nPlugin);
      await instance.register(errorsPlugin);
      // the guard reads each key's holder's rights from the access service
      const bus = createLocalBus();
      await instance.register(authPlugin, { accessService: new AccessService(db, bus) });
      await instance.register(openApiAuthPlugin, { db, bus, prefix: OPEN_API_PREFIX });
      await instance.register(
        async (open) => {
          if (counting) await open.register(apiUsagePlugin, { recorder });
          open.get('/probe/:status', { config: openApi(null, 'ORDER_QUERY') }, async (request, reply) => {
            const status = Number((request.params as { status: string }).status);
            return reply.code(status).send({ status });
          });
          open.get('/scoped', { config: openApi('wallet:read', 'BALANCE_QUERY') }, async () => ({ ok: true }));
        },
        { prefix: OPEN_API_PREFIX },
      );
      await instance.ready();
      return instance;
    }
    const call = (instance: FastifyInstance, url: string, bearer?: string) =>
      instance.inject({ method: 'GET', url: `${OPEN_API_PREFIX}${url}`, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

    beforeAll(async () => {
      recorder = new UsageRecorder(db, { flushMs: HOUR });
      key = await insertKey(1, 'hook');
      otherKey = await insertKey(2, 'hook of tenant 2');
      app = await openApp(true);
    });
    afterAll(async () => {
      await app.close();
      await recorder.close();
    });

    it('counts every answered call with a key, by its tenant, key and operation, with its status', async () => {
      for (const status of [200, 200, 404, 429, 500]) expect((await call(app, `/probe/${status}`, key.key)).statusCode).toBe(status);
      expect((await call(app, '/probe/200', otherKey.key)).statusCode).toBe(200);
      // a scope the key lacks: 403 from the guard, counted for the key as a client error of that operation
      expect((await call(app, '/scoped', key.key)).statusCode).toBe(403);
      await recorder.flush();
      const rows = await stored(1, key.id);
      expect(rows.map((row) => [row.apiType, row.calls, row.clientErrors, row.serverErrors, row.throttled])).toEqual([
        ['BALANCE_QUERY', 1, 1, 0, 0],
        ['ORDER_QUERY', 5, 2, 1, 1],
      ]);
      const query = rows.find((row) => row.apiType === 'ORDER_QUERY')!;
      expect(query.latencyBuckets.reduce((sum, count) => sum + count, 0)).toBe(5);
      expect(query.latencyMsSum).toBeGreaterThanOrEqual(0);
      expect((await stored(2, otherKey.id)).map((row) => [row.apiType, row.calls])).toEqual([['ORDER_QUERY', 1]]);
    });

    it('counts nothing for a call without a usable key (there is no key to count it for)', async () => {
      const before = await db.select({ n: sql<number>`coalesce(sum(${apiCallStats.calls}), 0)::int` }).from(apiCallStats);
      expect((await call(app, '/probe/200')).statusCode).toBe(401);
      // another last character (a random key may end in X already)
      expect((await call(app, '/probe/200', `${key.key.slice(0, -1)}${key.key.endsWith('X') ? 'Y' : 'X'}`)).statusCode).toBe(401);
      await recorder.flush();
      const after = await db.select({ n: sql<number>`coalesce(sum(${apiCallStats.calls}), 0)::int` }).from(apiCallStats);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('counts nothing when counting is off (OPEN_API_USAGE_COUNTING=off registers no hook)', async () => {
      const quiet = await openApp(false);
      try {
        expect((await call(quiet, '/probe/200', key.key)).statusCode).toBe(200);
        expect(recorder.waiting).toBe(0);
      } finally {
        await quiet.close();
      }
    });
  });
});
