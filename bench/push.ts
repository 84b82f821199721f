import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { pushDeliveries, pushEndpoints } from '../apps/server/src/db/schema/open-api.ts';
import { users } from '../apps/server/src/db/schema/sys.ts';
import { DEVELOPMENT_SECRET_KEY, encryptSecret } from '../apps/server/src/lib/secret-box.ts';
import { emitPushEvent } from '../apps/server/src/modules/push/outbox.ts';

/*
 * Webhook throughput, end to end (issue 15): events written through the outbox in transactions like a flow's,
 * the portal server's relay and pg-boss workers deliver them, signed, to a receiver in this process that
 * verifies each with the official standardwebhooks package. Deliveries per second from the first commit to
 * the last message received, and the latency from each message's commit to its arrival.
 * The portal server runs with BENCH_PUSH_ENV (the development key, local targets allowed).
 */

export const PUSH_SCENARIO = 'push-delivery';
/** What the portal server needs for this bench: the key the endpoint is sealed with, and a receiver on 127.0.0.1. */
export const BENCH_PUSH_ENV = { PUSH_SECRET_KEY: DEVELOPMENT_SECRET_KEY.toString('hex'), PUSH_ALLOW_PRIVATE_TARGETS: 'true' } as const;

const EVENTS = 3_000;
const EVENTS_PER_COMMIT = 20;
const SECRET = `whsec_${Buffer.from('portal bench webhook secret, not secret').toString('base64')}`;

export type PushBenchReport = {
  name: typeof PUSH_SCENARIO;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: string[];
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runPushBench(databaseUrl: string, username: string): Promise<PushBenchReport> {
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
        // the commit-to-arrival latency: the body's timestamp is the message's creation, in its transaction
        if (!arrived.has(id)) arrived.set(id, Date.now() - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
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
  try {
    const [user] = await db.select({ tenantId: users.defaultTenantId }).from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no user ${username}`);
    const tenantId = user.tenantId;
    const [endpoint] = await db.insert(pushEndpoints).values({ tenantId, url, description: 'bench', eventTypes: ['ORDER_STATUS'], secretEnc: 'pending' }).returning({ id: pushEndpoints.id });
    if (!endpoint) throw new Error('no endpoint');
    await db
      .update(pushEndpoints)
      .set({ secretEnc: encryptSecret(DEVELOPMENT_SECRET_KEY, `push:${endpoint.id}`, SECRET) })
      .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpoint.id)));
    // the bench endpoint is the only one subscribed: the demo has none
    const started = performance.now();
    for (let first = 0; first < EVENTS; first += EVENTS_PER_COMMIT) {
      await db.transaction(async (tx) => {
        for (let index = first; index < Math.min(first + EVENTS_PER_COMMIT, EVENTS); index++) await emitPushEvent(tx, { tenantId, type: 'ORDER_STATUS', data: { orderNo: `BENCH-${index}`, status: 'SHIPPED' } });
      });
    }
    const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 300_000).unref());
    if ((await Promise.race([done, deadline])) === 'late') failures.push(`only ${arrived.size} of ${EVENTS} messages arrived within 5 minutes`);
    const seconds = (performance.now() - started) / 1000;
    if (unverified > 0) failures.push(`${unverified} request(s) failed the signature check`);
    const [notDone] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushDeliveries)
      .where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.endpointId, endpoint.id), sql`${pushDeliveries.status} <> 'SUCCEEDED'`));
    if ((notDone?.n ?? 0) > 0 && failures.length === 0) failures.push(`${notDone?.n} deliveries not SUCCEEDED after every message arrived`);
    // the bench endpoint stops receiving: a later run makes its own
    await db.update(pushEndpoints).set({ enabled: false, disabledReason: 'MANUAL', disabledAt: new Date() }).where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpoint.id)));
    const latencies = [...arrived.values()].sort((a, b) => a - b);
    return {
      name: PUSH_SCENARIO,
      deliveries: arrived.size,
      seconds: Math.round(seconds * 100) / 100,
      deliveriesPerSecond: Math.round(arrived.size / seconds),
      latencyP50Ms: percentile(latencies, 50),
      latencyP99Ms: percentile(latencies, 99),
      failures,
    };
  } finally {
    await database.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
