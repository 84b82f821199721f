import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import { rawRows } from '../lib/raw-rows.ts';

/*
 * What an operator watches, in Prometheus's text format at GET /metrics: the process's default metrics
 * (CPU, memory, the event loop, the heap), and the portal's own: requests by route template and status
 * with their latency, the database pool, the job queue by state, push deliveries waiting and attempted by
 * outcome, live sessions. Not public: only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 * configured token the path does not exist. One registry per app (the tests build many in one process).
 * What lives in the database is counted when scraped, through indexes the work already has.
 */

export type MetricsOptions = {
  token: string | undefined;
  database: Pick<Database, 'db' | 'kind' | 'pool'>;
  /** the push relay, whose attempts are counted as they end, when the app delivers pushes */
  pushRelay?: { onAttempt(listener: (outcome: string) => void): void };
};

const sameToken = (given: string, expected: string) => {
  // hashes of equal length, compared in constant time
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

type Row = Record<string, unknown>;

const plugin: FastifyPluginAsync<MetricsOptions> = async (app, { token, database, pushRelay }) => {
  if (!token) {
    // nothing measured, nothing answered: the requests pay for no hook
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound();
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const db = database.db;

  const requests = new Counter({ name: 'portal_http_requests_total', help: 'Answered requests by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the template, never the path as sent: a number in a path would make a series per order
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (in_use, idle) and requests waiting for one (waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs of the queue (pg-boss) by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await rawRows<Row>(db, sql`select name, state, count(*)::int as n from pgboss.job group by name, state`).catch(() => []);
      for (const row of rows) this.set({ queue: String(row.name), state: String(row.state) }, Number(row.n));
    },
  });
  // both through the relay's partial index on PENDING deliveries
  new Gauge({
    name: 'portal_push_deliveries_waiting',
    help: 'Push deliveries not yet delivered nor given up (PENDING)',
    registers: [registry],
    async collect() {
      const [row] = await rawRows<Row>(db, sql`select count(*)::int as n from push_delivery where status = 'PENDING'`);
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'portal_push_oldest_waiting_seconds',
    help: 'Age of the oldest push delivery still waiting, 0 when none waits',
    registers: [registry],
    async collect() {
      const [row] = await rawRows<Row>(db, sql`select coalesce(extract(epoch from now() - min(created_at)), 0)::float as age from push_delivery where status = 'PENDING'`);
      this.set(Number(row?.age ?? 0));
    },
  });
  const attempts = new Counter({ name: 'portal_push_attempts_total', help: 'Push delivery attempts by outcome, since this server started', labelNames: ['outcome'], registers: [registry] });
  pushRelay?.onAttempt((outcome) => attempts.inc({ outcome }));
  new Gauge({
    name: 'portal_sessions_live',
    help: 'Signed-in sessions neither ended nor expired',
    registers: [registry],
    async collect() {
      // sys_session_live_idx: expiry, where not revoked
      const [row] = await rawRows<Row>(db, sql`select count(*)::int as n from sys_session where revoked_at is null and expires_at > now()`);
      this.set(Number(row?.n ?? 0));
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) throw unauthorized();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export const metricsPlugin = fp(plugin, { name: 'metrics' });
