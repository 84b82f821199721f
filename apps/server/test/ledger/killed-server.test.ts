import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { orders } from '../../src/db/schema/logistics.ts';
import { idempotencyKeys, journals, payOrders, payments } from '../../src/db/schema/finance.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { copyChargedOrders } from '../helpers/orders.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-app.ts';
import { fundWallet, idempotencyHeaders, walletBalanceOf } from '../helpers/wallet-client.ts';
import { auditLedger } from '../../src/modules/finance/ledger/repository.ts';

/*
 * A server killed (SIGKILL: no shutdown, no cleanup) while it is paying charges loses nothing and leaves
 * nothing half-done: each payment is wholly there (paid, posted, its pay order and idempotency answer
 * stored) or wholly absent. After a restart, retrying every request with its key pays each charge
 * exactly once and answers the requests that had succeeded with their first answer.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const PAYMENTS = 120;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

type Server = { child: ChildProcess; base: string; output: string[] };

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  // node itself (not the tsx CLI, which would be a parent in between): the kill must hit the server
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', LOGIN_RATE_PER_MINUTE: '1000', DATABASE_POOL_SIZE: '8' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output.join('').slice(-2000)}`);
    const ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (ready) return { child, base, output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start: ${output.join('').slice(-2000)}`);
}

const killed = (server: Server) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'merchant', password: DEMO_PASSWORD }) });
  const body = (await response.json()) as { result: { token: string } };
  return body.result.token;
}

type Answer = { status: number; paymentNo?: string } | { failed: true };

const pay = (base: string, token: string, orderId: number, key: string): Promise<Answer> =>
  fetch(`${base}/platform-api/finance/virtualWallet/payment/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token, ...idempotencyHeaders(key) },
    body: JSON.stringify({ orderIds: [orderId], remark: '', draft: false }),
  }).then(
    async (response) => {
      const body = (await response.json()) as { result?: { paymentNo?: string } };
      return { status: response.status, paymentNo: body.result?.paymentNo };
    },
    () => ({ failed: true }) as const,
  );

describe('a server killed in the middle of payments', () => {
  let target: TestDatabase;
  let server: Server | undefined;

  beforeAll(async () => {
    if (testDbKind() !== 'postgres') throw new Error('the ledger proofs run on PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=...');
    target = await createTestDatabase();
  });
  afterAll(async () => {
    if (server) await killed(server);
    await target?.drop();
  });

  it('loses nothing, posts nothing half-done, and pays each charge once after the retries', async () => {
    const db = target.database.db;
    // charges to pay: copies of a weighed demo order of tenant 1, each with its own freight charge
    const [template] = await db
      .select({ id: orders.id, currency: orders.freightCurrency })
      .from(orders)
      .where(and(eq(orders.tenantId, 1), isNotNull(orders.freightCharge), ne(orders.status, 'CANCEL')))
      .limit(1);
    expect(template?.currency).toBeTruthy();
    const currency = template!.currency!;
    const ids = await copyChargedOrders(db, { templateId: template!.id, tenantId: 1, count: PAYMENTS, tag: 'KILL' });
    const charges = await db.select({ id: orders.id, charge: orders.freightCharge }).from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);
    expect(charges).toHaveLength(PAYMENTS);
    const total = charges.reduce((sum, order) => sum + (order.charge ?? 0n), 0n);
    // enough money for all of them
    await fundWallet(db, currency, total);
    const walletBefore = total;

    server = await startServer(target.url!);
    const token = await signIn(server.base);
    const keys = charges.map((_, index) => `kill-${index}-${Math.random().toString(36).slice(2)}`);
    const answers = new Map<number, Answer>();
    const requests = charges.map((order, index) => pay(server!.base, token, order.id, keys[index]!).then((answer) => answers.set(index, answer)));
    // kill it once some payments are through, with many more in flight
    while ([...answers.values()].filter((answer) => 'status' in answer && answer.status === 200).length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    await killed(server);
    await Promise.all(requests);
    const answeredBeforeKill = [...answers.entries()].filter(([, answer]) => 'status' in answer && answer.status === 200);
    expect(answeredBeforeKill.length).toBeGreaterThanOrEqual(10);
    expect(answeredBeforeKill.length).toBeLessThan(PAYMENTS);
    console.info(`killed server: ${answeredBeforeKill.length} of ${PAYMENTS} payments answered before the SIGKILL`);

    // what the database holds now: whole payments only
    expect(await auditLedger(db)).toEqual({});
    const paid = await db.select({ id: payments.id, paymentNo: payments.paymentNo, amount: payments.amount, journalId: payments.journalId }).from(payments).where(and(eq(payments.tenantId, 1), eq(payments.status, 'PAID')));
    const paidNos = new Set(paid.map((payment) => payment.paymentNo));
    for (const [, answer] of answeredBeforeKill) expect(paidNos.has((answer as { paymentNo: string }).paymentNo)).toBe(true);
    expect(paid.every((payment) => payment.journalId !== null)).toBe(true);
    expect(await db.select({ id: payments.id }).from(payments).where(and(eq(payments.tenantId, 1), ne(payments.status, 'PAID')))).toEqual([]);
    const paymentJournals = await db.select({ refNo: journals.refNo }).from(journals).where(and(eq(journals.tenantId, 1), eq(journals.kind, 'PAYMENT')));
    expect(new Set(paymentJournals.map((journal) => journal.refNo))).toEqual(paidNos);
    expect(await db.select({ id: payOrders.id }).from(payOrders).where(eq(payOrders.tenantId, 1))).toHaveLength(paid.length);
    // an idempotency key is stored with its answer exactly when its payment committed
    const storedKeys = await db.select({ key: idempotencyKeys.key, response: idempotencyKeys.response }).from(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, 1), inArray(idempotencyKeys.key, keys)));
    expect(storedKeys).toHaveLength(paid.length);
    expect(storedKeys.every((row) => row.response !== null)).toBe(true);
    const wallet = await walletBalanceOf(db, currency);
    expect(wallet).toBe(walletBefore - paid.reduce((sum, payment) => sum + payment.amount, 0n));

    // restart and retry everything with the same keys: each charge is paid exactly once
    server = await startServer(target.url!);
    const retryToken = await signIn(server.base);
    const retried = await Promise.all(charges.map((order, index) => pay(server!.base, retryToken, order.id, keys[index]!)));
    expect(retried.every((answer) => 'status' in answer && answer.status === 200)).toBe(true);
    for (const [index, answer] of answeredBeforeKill) expect((retried[index] as { paymentNo: string }).paymentNo).toBe((answer as { paymentNo: string }).paymentNo);
    expect(await db.select({ id: payOrders.id }).from(payOrders).where(eq(payOrders.tenantId, 1))).toHaveLength(PAYMENTS);
    expect(await walletBalanceOf(db, currency)).toBe(0n);
    expect(await auditLedger(db)).toEqual({});
  });
});
