import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createApiKey } from '../apps/server/test/helpers/api-keys.ts';
import { stopChild } from './child-processes.ts';
import { startPortalServer } from './servers.ts';
import { sampleOrder } from '../apps/server/test/helpers/orders.ts';

/*
 * The open API through real HTTP: order creation (POST /open/v1/orders, each with its own
 * merchant order number and Idempotency-Key) and one read (GET /open/v1/orders/{orderNo}), each for the
 * run's duration with `connections` requests in flight, on a portal server started with API usage
 * counting off and then on (OPEN_API_USAGE_COUNTING, counted by modules/open-api/usage): the difference
 * is what counting costs. PostgreSQL only, like the payments (both servers share the bench database).
 */

export const OPEN_API_SCENARIOS = ['open-api-create', 'open-api-read'] as const;
export type OpenApiScenarioName = (typeof OPEN_API_SCENARIOS)[number];
type Counting = 'off' | 'on';

export type OpenApiRun = { name: OpenApiScenarioName; counting: Counting; requests: number; seconds: number; perSecond: number; latencyP50Ms: number; latencyP99Ms: number; failures: string[] };
export type OpenApiBenchReport = {
  runs: OpenApiRun[];
  /** how much lower the throughput is with counting on, in percent of the "off" figure (negative: higher) */
  countingCostPercent: Partial<Record<OpenApiScenarioName, number>>;
};

export type OpenApiBenchSettings = { repoRoot: string; databaseUrl: string; username: string; connections: number; duration: number; warmup: number; only: OpenApiScenarioName[] };

/** The order every create of the bench sends (the open API's and the portal's create take the same body), with its own merchant order number. */
export 
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

/** `connections` loops sending `request()` until `seconds` have passed; counts answers of `expected` status. */
async function drive(seconds: number, connections: number, expected: number, request: () => Promise<Response>): Promise<{ latencies: number[]; elapsed: number; failures: string[] }> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let failed = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const begin = performance.now();
        const response = await request();
        const text = await response.text();
        latencies.push(performance.now() - begin);
        if (response.status !== expected && ++failed <= 3) failures.push(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      }
    }),
  );
  if (failed > 0) failures.push(`${failed} of ${latencies.length} requests failed`);
  return { latencies, elapsed: (performance.now() - started) / 1000, failures };
}

async function measure(name: OpenApiScenarioName, counting: Counting, baseUrl: string, key: string, settings: OpenApiBenchSettings, readNo: string): Promise<OpenApiRun> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let sequence = 0;
  const request =
    name === 'open-api-create'
      ? () => fetch(`${baseUrl}/open/v1/orders`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(sampleOrder(`OB-${counting}-${Date.now().toString(36)}-${sequence++}`)) })
      : () => fetch(`${baseUrl}/open/v1/orders/${readNo}`, { headers });
  const expected = name === 'open-api-create' ? 201 : 200;
  await drive(settings.warmup, settings.connections, expected, request);
  const { latencies, elapsed, failures } = await drive(settings.duration, settings.connections, expected, request);
  latencies.sort((a, b) => a - b);
  return { name, counting, requests: latencies.length, seconds: round(elapsed), perSecond: round(latencies.length / elapsed), latencyP50Ms: round(percentile(latencies, 50)), latencyP99Ms: round(percentile(latencies, 99)), failures };
}

/** Both scenarios with counting off, then on, each mode on its own portal server process. */
export async function runOpenApiBench(settings: OpenApiBenchSettings): Promise<OpenApiBenchReport> {
  const scenarios = settings.only.length > 0 ? settings.only : [...OPEN_API_SCENARIOS];
  const runs: OpenApiRun[] = [];
  for (const counting of ['off', 'on'] as const) {
    // a key per mode, made in the tables as the key screens would (bench/README: no screen in the loop)
    const database = await openDatabase({ kind: 'postgres', url: settings.databaseUrl, poolSize: 1 });
    const key = await createApiKey(database.db, settings.username)
      .then((made) => made.key)
      .finally(() => database.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-open-api-'));
    const server = await startPortalServer({ repoRoot: settings.repoRoot, databaseUrl: settings.databaseUrl, dataDir, seedDemo: false, env: { OPEN_API_USAGE_COUNTING: counting, OPEN_API_RATE_LIMIT: '100000' } });
    try {
      // the order the read scenario reads, made through the API itself
      const made = await fetch(`${server.baseUrl}/open/v1/orders`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(sampleOrder(`OB-READ-${counting}-${Date.now()}`)) });
      if (made.status !== 201) throw new Error(`open API: the order to read was not made (HTTP ${made.status}: ${(await made.text()).slice(0, 200)})`);
      const { orderNo } = (await made.json()) as { orderNo: string };
      for (const name of scenarios) {
        process.stdout.write(`- ${name}, usage counting ${counting}: `);
        const run = await measure(name, counting, server.baseUrl, key, settings, orderNo);
        runs.push(run);
        process.stdout.write(`${run.requests} requests in ${run.seconds} s, ${settings.connections} in flight: ${run.perSecond}/s, p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms${run.failures.length ? `; FAILED: ${run.failures.join(' | ')}` : ''}\n`);
      }
    } finally {
      await stopChild(server.process, 10_000);
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const countingCostPercent: OpenApiBenchReport['countingCostPercent'] = {};
  for (const name of scenarios) {
    const off = runs.find((run) => run.name === name && run.counting === 'off');
    const on = runs.find((run) => run.name === name && run.counting === 'on');
    if (off && on && off.perSecond > 0) countingCostPercent[name] = round(((off.perSecond - on.perSecond) / off.perSecond) * 100);
  }
  process.stdout.write(`- usage counting costs: ${scenarios.map((name) => `${name} ${countingCostPercent[name] ?? '?'}% of its throughput`).join(', ')} (noise on a shared machine is a few %)\n`);
  return { runs, countingCostPercent };
}
