import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { pushDeliveries, pushMessages } from '../../src/db/schema/open-api.ts';
import { permissions, rolePermissions, roles, tenants, userRoles, users, userTenants } from '../../src/db/schema/sys.ts';
import { DEVELOPMENT_SECRET_KEY } from '../../src/lib/secret-box.ts';
import { emit, insertEndpoint } from '../helpers/push-delivery.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Receiver } from '../helpers/webhook-receiver.ts';

/*
 * At least once, even through a crash: the real server (main.ts through tsx) on its own PostgreSQL database
 * is killed with SIGKILL while it delivers, started again, and every message still reaches the receiver.
 * The deliveries it held (leased, or handed to pg-boss) come back through the start-up sweep. Always on
 * PostgreSQL (scripts/pg.sh), whatever TEST_DB says: two processes share the database.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const EVENTS = 120;
const PATHS = ['/kill-a', '/kill-b'];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function adminUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const { stdout } = await promisify(execFile)('bash', [path.join(repoRoot, 'scripts/pg.sh'), 'start'], { cwd: repoRoot, timeout: 120_000 });
  return stdout.trim().split('\n').pop() ?? '';
}

async function runAsAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Server = { child: ChildProcess; output: string[] };

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  // node itself, not the tsx CLI in between: the kill must hit the server
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      PUSH_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('hex'),
      PUSH_ALLOW_PRIVATE_TARGETS: 'true',
      PUSH_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(
    'the server is ready',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output.join('').slice(-2000)}`);
      return fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    },
    90_000,
  );
  return { child, output };
}

const killed = (server: Server, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });

describe('a server killed while it delivers', () => {
  const secret = newWebhookSecret();
  const name = `portal_push_kill_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'push-kill-'));
  let admin = '';
  let databaseUrl = '';
  let database: Database | undefined;
  let receiver: Receiver | undefined;
  let server: Server | undefined;

  beforeAll(async () => {
    admin = await adminUrl();
    await runAsAdmin(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // slow enough that the kill finds deliveries under way
    receiver = await startReceiver([secret], () => ({ status: 200, delayMs: 150 }));
  }, 150_000);

  afterAll(async () => {
    if (server) await killed(server, 'SIGKILL');
    await receiver?.close();
    await database?.close();
    if (admin) await runAsAdmin(admin, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers every message at least once after a SIGKILL and a restart', { timeout: 300_000 }, async () => {
    // the first start migrates the database; the test writes as the flows do, through the outbox
    server = await startServer(databaseUrl, dataDir);
    database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    const db = database.db;
    const [tenant] = await db.insert(tenants).values({ name: 'Push kill test' }).returning({ id: tenants.id });
    const tenantId = tenant!.id;
    // the endpoints' holder, who may read what they receive (decision 0029): the company's main account with the order list
    const [holder] = await db.insert(users).values({ username: `${name}_main`, realname: 'Main', passwordHash: '!', defaultTenantId: tenantId, mainAccount: true }).returning({ id: users.id });
    await db.insert(userTenants).values({ userId: holder!.id, tenantId });
    const [role] = await db.insert(roles).values({ tenantId, roleCode: 'orders', roleName: 'Orders' }).returning({ id: roles.id });
    const [orderList] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'logistics:order:list'));
    await db.insert(rolePermissions).values({ tenantId, roleId: role!.id, permissionId: orderList!.id });
    await db.insert(userRoles).values({ userId: holder!.id, tenantId, roleId: role!.id });
    for (const route of PATHS) await insertEndpoint(db, { tenantId, url: receiver!.url(route), secret, eventTypes: ['ORDER_STATUS'] });
    for (let index = 0; index < EVENTS; index++) await emit(db, tenantId, 'ORDER_STATUS', { orderNo: `KILL-${index}`, status: 'SHIPPED' });
    const expected = new Set((await db.select({ msgId: pushMessages.msgId }).from(pushMessages).where(eq(pushMessages.tenantId, tenantId))).flatMap((row) => PATHS.map((route) => `${route} ${row.msgId}`)));
    expect(expected.size).toBe(EVENTS * PATHS.length);

    const received = () => new Set(receiver!.requests.map((request) => `${request.path} ${request.webhookId}`));
    await waitUntil('some deliveries arrived', () => received().size >= 30, 60_000);
    await killed(server, 'SIGKILL');
    server = undefined;
    const pending = await db.select({ n: sql<number>`count(*)::int` }).from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.status, 'PENDING')));
    // the kill came while deliveries were still to do
    expect(pending[0]?.n ?? 0).toBeGreaterThan(0);
    const beforeRestart = received().size;
    expect(beforeRestart).toBeLessThan(expected.size);

    server = await startServer(databaseUrl, dataDir);
    await waitUntil('every message reached the receiver', () => [...expected].every((key) => received().has(key)), 180_000);
    expect(receiver!.requests.every((request) => request.verifiedWith[0] === true)).toBe(true);
    await waitUntil(
      'every delivery is SUCCEEDED',
      async () => {
        const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, tenantId), sql`${pushDeliveries.status} <> 'SUCCEEDED'`));
        return (left?.n ?? 1) === 0;
      },
      60_000,
    );
    await killed(server, 'SIGTERM');
    server = undefined;
  });
});
