import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { pushDeliveries, pushEndpoints } from '../apps/server/src/db/schema/open-api.ts';
import { users } from '../apps/server/src/db/schema/sys.ts';
import { DEVELOPMENT_SECRET_KEY, encryptSecret } from '../apps/server/src/lib/secret-box.ts';
import { emitPushEvent } from '../apps/server/src/lib/outbox.ts';
import { createPostgresBus } from '../apps/server/src/lib/cache-bus.ts';
import { keepReferences, referenceChanged } from '../apps/server/src/lib/reference-memory.ts';
import { startCpuSample, type CpuUsage } from './cpu-usage.ts';

/*
 * Webhook throughput, end to end: events written through the outbox (emitPushEvent), then the portal
 * server's relay and pg-boss workers deliver them, signed, to a receiver in this process that
 * verifies each with the official standardwebhooks package. Deliveries per second from the commit to the
 * last message received, and when after the commit half (p50) and 99% (p99) of them had arrived.
 * The portal server runs with BENCH_PUSH_ENV (the development key, local targets allowed).
 */

export const PUSH_SCENARIO = 'push-delivery';
/** What the portal server needs for this bench: the key the endpoint is sealed with, and a receiver on 127.0.0.1. */
export const BENCH_PUSH_ENV = { PUSH_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('hex'), PUSH_ALLOW_PRIVATE_TARGETS: 'true' } as const;

const EVENTS = 2_000;
const SECRET = `whsec_${Buffer.from('portal bench webhook secret, not secret').toString('base64')}`;

export type PushBenchReport = {
  name: typeof PUSH_SCENARIO;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** arrival after the commit of the events: half of them by p50, 99% by p99 */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** the portal server's CPU during the deliveries, and per delivery (less skewed by other work on the machine) */
  cpu: CpuUsage;
  serverCpuMsPerDelivery: number | null;
  failures: string[];
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runPushBench(databaseUrl: string, username: string, serverPid: number): Promise<PushBenchReport> {
  const webhook = new Webhook(SECRET);
  const arrived = new Map<string, number>();
  const failures: string[] = [];
  let unverified = 0;
  let allArrived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allArrived = resolve));
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        webhook.verify(body, { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) });
        const id = String(request.headers['webhook-id']);
        if (!arrived.has(id)) arrived.set(id, performance.now());
        if (arrived.size === EVENTS) allArrived();
      } catch {
        unverified++;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`;

  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  const db = database.db;
  // the endpoint is written here, behind the portal's back: the portal hears of it on the cache bus
  const bus = await createPostgresBus(databaseUrl, () => undefined);
  keepReferences(db, bus);
  try {
    const [user] = await db.select({ id: users.id, tenantId: users.defaultTenantId }).from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no user ${username}`);
    const tenantId = user.tenantId;
    // held by the demo merchant, who may read order events (decision 0029)
    const [endpoint] = await db.insert(pushEndpoints).values({ tenantId, url, description: 'bench', eventTypes: ['ORDER_STATUS'], secretEnc: 'pending', holderId: user.id }).returning({ id: pushEndpoints.id });
    if (!endpoint) throw new Error('no endpoint');
    await db
      .update(pushEndpoints)
      .set({ secretEnc: encryptSecret(DEVELOPMENT_SECRET_KEY, `push:${endpoint.id}`, SECRET) })
      .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpoint.id)));
    await referenceChanged(db, `pushEndpoints:${tenantId}`);
    // the bench endpoint is the only one subscribed (the demo has none); the events are written first, in one
    // transaction, so that the clock measures the delivery (from the commit) and not how fast this process writes
    await db.transaction(async (tx) => {
      for (let index = 0; index < EVENTS; index++) await emitPushEvent(tx, { tenantId, type: 'ORDER_STATUS', data: { orderNo: `BENCH-${index}`, status: 'SHIPPED' } });
    });
    const started = performance.now();
    const stopSample = startCpuSample(serverPid);
    const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 300_000).unref());
    if ((await Promise.race([done, deadline])) === 'late') failures.push(`only ${arrived.size} of ${EVENTS} messages arrived within 5 minutes`);
    const seconds = (performance.now() - started) / 1000;
    const cpu = stopSample();
    if (unverified > 0) failures.push(`${unverified} request(s) failed the signature check`);
    // the receiver may have a message before the worker wrote its success: wait for the rows a little
    const countNotDone = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(pushDeliveries)
          .where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.endpointId, endpoint.id), sql`${pushDeliveries.status} <> 'SUCCEEDED'`))
      )[0]?.n ?? 0;
    const settleBy = Date.now() + 30_000;
    let notDone = await countNotDone();
    while (notDone > 0 && Date.now() < settleBy) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      notDone = await countNotDone();
    }
    if (notDone > 0 && failures.length === 0) failures.push(`${notDone} deliveries not SUCCEEDED 30 s after every message arrived`);
    // the bench endpoint stops receiving: a later run makes its own
    await db.update(pushEndpoints).set({ enabled: false, disabledReason: 'MANUAL', disabledAt: new Date() }).where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpoint.id)));
    await referenceChanged(db, `pushEndpoints:${tenantId}`);
    // how long after the commit each message arrived
    const latencies = [...arrived.values()].map((at) => Math.round(at - started)).sort((a, b) => a - b);
    return {
      name: PUSH_SCENARIO,
      deliveries: arrived.size,
      seconds: Math.round(seconds * 100) / 100,
      deliveriesPerSecond: Math.round(arrived.size / seconds),
      latencyP50Ms: percentile(latencies, 50),
      latencyP99Ms: percentile(latencies, 99),
      cpu,
      serverCpuMsPerDelivery: cpu.serverCpuSeconds === null || arrived.size === 0 ? null : Math.round((cpu.serverCpuSeconds * 1_000_000) / arrived.size) / 1000,
      failures,
    };
  } finally {
    await bus.close();
    await database.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
