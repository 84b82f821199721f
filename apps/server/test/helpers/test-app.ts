import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import type { CacheBus } from '../../src/lib/cache-bus.ts';
import type { SmsGateway } from '../../src/modules/sms/provider.ts';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/**
 * A fresh, migrated and demo-seeded database for one test file: an in-memory PGlite, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL (scripts/pg.sh), dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  // a copy of the one the run's global setup seeded, when there is one (helpers/global-setup.ts)
  const seeded = testDbKind() === 'pglite' ? inject('pgliteSeed') : inject('postgresTemplate');
  if (seeded) return testDbKind() === 'pglite' ? copyOfPglite(seeded) : createEmptyTestDatabase(seeded);
  const target = await createEmptyTestDatabase();
  await target.database.migrate();
  await seedDatabase(target.database, { demo: true });
  return target;
}

async function copyOfPglite(file: string): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) });
  return { database, drop: () => database.close() };
}

/** The same, but empty: not even migrated (or, on PostgreSQL, a copy of `template`). */
export async function createEmptyTestDatabase(template?: string): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (start one with scripts/pg.sh start)');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const runAsAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await runAsAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await runAsAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

export const testConfig: AppOptions['config'] = {
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  TRUST_PROXY: false,
  SESSION_TTL_DAYS: 7,
  LOGIN_RATE_PER_MINUTE: 1000,
  // webhook secrets can be saved on PostgreSQL too (a test that wants no key says so)
  PUSH_SECRET_KEY: 'c'.repeat(64),
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** the PostgreSQL URL of the test database; undefined on PGlite */
  url?: string;
  /** signs in and returns the token */
  login(username: string, password?: string): Promise<string>;
  call(options: InjectOptions & { token?: string; lang?: string; tenant?: string | number }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function createTestApp(
  options: {
    testDatabase?: TestDatabase;
    bus?: CacheBus;
    config?: Partial<AppOptions['config']>;
    smsGateway?: SmsGateway;
    visits?: AppOptions['visits'];
    /** the Taobao and 1688 clients, when a test drives their answers */
    purchasePlatforms?: AppOptions['purchasePlatforms'];
    /** hears every route as it is registered (test/api/safety/route-table.ts) */
    onRoute?: AppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const own = !options.testDatabase;
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    database: testDatabase.database,
    bus: options.bus,
    logger: false,
    smsGateway: options.smsGateway,
    visits: options.visits,
    purchasePlatforms: options.purchasePlatforms,
    onRoute: options.onRoute,
  });
  await app.ready();
  const call: TestApp['call'] = ({ token, lang, tenant, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { 'x-access-token': token } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...(tenant !== undefined ? { tenant_id: String(tenant) } : {}),
        ...headers,
      },
    });
  return {
    app,
    database: testDatabase.database,
    db: testDatabase.database.db,
    url: testDatabase.url,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const response = await call({ method: 'POST', url: '/api/sys/login', payload: { username, password } });
      const body = response.json();
      if (!body.success) throw new Error(`login of ${username} failed: ${body.message}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      if (own) await testDatabase.drop();
    },
  };
}
