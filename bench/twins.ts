import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApiKey } from '../apps/server/test/helpers/api-keys.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sequentialSteps, statementCount, TWIN_ENDPOINTS, type TwinEndpoint } from './bare-twins.ts';
import { stopChild } from './child-processes.ts';
import { sendOnce, type LoadSettings } from './load.ts';
import { measure, shout } from './measure.ts';
import { sampleOrder } from '../apps/server/test/helpers/orders.ts';
import { otherProcessesPercent, serverCpuMicrosPerRequest, type ScenarioReport } from './report.ts';
import type { Scenario } from './scenarios.ts';
import { startPortalServer, startTwinServer, type RunningServer } from './servers.ts';
import { captureSteadyStatements, openStatementLog, statementDifference, type CapturedStatements, type StatementLog } from './statement-log.ts';

/*
 * Each endpoint against its bare twin (bench/bare-twin-server.ts): the same statements through a bare
 * Fastify + pg route with the portal's pool size, driven one after the other with the same connections and
 * duration. Before the load, a portal and a twin started with their statements logged (bench/statement-log.ts)
 * answer each request a few times, and the statements of both are counted and compared. PostgreSQL only,
 * standard mode (the demo data of the bench database).
 */

/** `--only twins` runs every endpoint; `--only twins/order-detail` one of them */
export const TWINS_SCENARIO = 'twins';
export const isTwinsName = (name: string) => name === TWINS_SCENARIO || name.startsWith(`${TWINS_SCENARIO}/`);

/** The endpoints `--only` names (all when it names `twins` or nothing); throws on an unknown one. */
export function selectTwins(only: readonly string[]): TwinEndpoint[] {
  const names = only.filter(isTwinsName);
  if (only.length === 0 || names.includes(TWINS_SCENARIO)) return [...TWIN_ENDPOINTS];
  return names.map((name) => {
    const endpoint = TWIN_ENDPOINTS.find((known) => `${TWINS_SCENARIO}/${known}` === name);
    if (!endpoint) throw new Error(`unknown twin ${name}; known: ${TWIN_ENDPOINTS.map((known) => `${TWINS_SCENARIO}/${known}`).join(', ')}`);
    return endpoint;
  });
}

/** the portal's pool (DATABASE_POOL_SIZE, default 10), given to the portal and to the twin */
export const TWIN_POOL_SIZE = 10;
/** issue 25's target: each endpoint at 90% of its bare twin's requests per second */
export const TWIN_TARGET_RATIO = 0.9;

export const TWIN_LABELS: Record<TwinEndpoint, string> = {
  'order-list': 'order list, first page',
  'order-detail': 'order detail (queryById)',
  permissions: 'getUserPermissionByToken',
  'track-10': 'tracking, 10 numbers',
  'open-read': 'open API read (GET /open/v1/orders/{no})',
  'open-create': 'open API create (POST /open/v1/orders)',
  'portal-create': 'portal create (/logistics/order/add)',
};

/** What the requests name: the bench user's tenant, a delivered order, ten numbers of every kind, an API key. */
export type TwinFixtures = { tenantId: number; userId: number; orderId: number; orderNo: string; tenNumbers: string[]; apiKey: string };

export async function findTwinFixtures(databaseUrl: string, username: string): Promise<TwinFixtures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let found: Omit<TwinFixtures, 'apiKey'>;
  try {
    const user = (await client.query<{ id: number; tenant_id: number }>('select id, default_tenant_id as tenant_id from sys_user where username = $1', [username])).rows[0];
    if (!user) throw new Error(`no user ${username} in the bench database`);
    // the newest delivered order: products, a parcel and a whole timeline (the scale bench's choice too)
    const order = (await client.query<{ id: string; order_no: string }>("select id::text, order_no from log_order where tenant_id = $1 and status = 'DONE' order by created_at desc, id desc limit 1", [user.tenant_id])).rows[0];
    if (!order) throw new Error(`${username} has no delivered order: is the demo seeded?`);
    // shipped orders of every merchant, each with its order, waybill and parcel number
    const shipped = (
      await client.query<{ order_no: string; waybill_no: string; tracking_no: string }>(
        'select o.order_no, o.waybill_no, p.tracking_no from log_order o join lateral (select tracking_no from log_parcel where order_id = o.id order by id limit 1) p on true where o.waybill_no is not null order by o.id',
      )
    ).rows;
    if (shipped.length < 10) throw new Error(`the bench database has ${shipped.length} shipped orders, the tracking lookup needs 10`);
    // ten orders spread over all of them, asked for by their order, waybill and parcel numbers in turn
    const tenNumbers = Array.from({ length: 10 }, (_, index) => {
      const row = shipped[Math.floor((index * shipped.length) / 10)];
      if (!row) throw new Error('no shipped order');
      return [row.order_no, row.waybill_no, row.tracking_no][index % 3] ?? row.order_no;
    });
    found = { tenantId: user.tenant_id, userId: user.id, orderId: Number(order.id), orderNo: order.order_no, tenNumbers };
  } finally {
    await client.end();
  }
  // a key made in the tables as the key screens would (as bench/open-api.ts does)
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const apiKey = await createApiKey(database.db, username)
    .then((made) => made.key)
    .finally(() => database.close());
  return { ...found, apiKey };
}

export type TwinPair = { endpoint: TwinEndpoint; portal: Scenario; twin: Scenario };

/** Each endpoint's request to the portal, and the same request to its twin (the ids its SQL needs in the query string). */
export function buildTwinPairs(fixtures: TwinFixtures, token: string): TwinPair[] {
  const session = { 'x-access-token': token };
  const bearer = { authorization: `Bearer ${fixtures.apiKey}` };
  const owner = `tenantId=${fixtures.tenantId}`;
  const numbers = new URLSearchParams({ numbers: fixtures.tenNumbers.join(',') }).toString();
  const stamp = Date.now().toString(36);
  // a new merchant order number on every create (and a new Idempotency-Key for the open API's)
  const creates = (side: string, idempotent: boolean) => {
    let sequence = 0;
    return () => ({ body: sampleOrder(`TW${side}-${stamp}-${sequence++}`), ...(idempotent ? { headers: { 'idempotency-key': randomUUID() } } : {}) });
  };
  const pair = (endpoint: TwinEndpoint, portal: Omit<Scenario, 'name' | 'target'>, twin: Omit<Scenario, 'name' | 'target'>): TwinPair => ({
    endpoint,
    portal: { name: `${TWINS_SCENARIO}/${endpoint}`, target: 'portal', ...portal },
    twin: { name: `${TWINS_SCENARIO}/${endpoint}`, target: 'twin', ...twin },
  });
  const pairs: TwinPair[] = [
    pair('order-list', { method: 'GET', path: '/api/logistics/order/list?pageNo=1&pageSize=10', headers: session }, { method: 'GET', path: `/order/list?${owner}&pageSize=10`, headers: session }),
    pair('order-detail', { method: 'GET', path: `/api/logistics/order/queryById?id=${fixtures.orderId}`, headers: session }, { method: 'GET', path: `/order/detail?${owner}&id=${fixtures.orderId}`, headers: session }),
    pair('permissions', { method: 'GET', path: '/api/sys/permission/getUserPermissionByToken', headers: session }, { method: 'GET', path: '/permissions', headers: session }),
    // the lookup is rate-limited per client address: the portal of the twins trusts X-Forwarded-For, and each request comes from another
    pair(
      'track-10',
      { method: 'GET', path: `/api/open/track?${numbers}`, headers: { 'accept-language': 'en-US' }, rotateClientAddress: true },
      { method: 'GET', path: `/track?${numbers}`, headers: { 'accept-language': 'en-US' }, rotateClientAddress: true },
    ),
    pair('open-read', { method: 'GET', path: `/open/v1/orders/${fixtures.orderNo}`, headers: bearer, plainAnswer: true }, { method: 'GET', path: `/open/orders/${fixtures.orderNo}`, headers: bearer }),
    pair(
      'open-create',
      { method: 'POST', path: '/open/v1/orders', headers: bearer, body: sampleOrder('TW'), perRequest: creates('OP', true), plainAnswer: true },
      { method: 'POST', path: '/open/orders', headers: bearer, body: sampleOrder('TW'), perRequest: creates('OB', true) },
    ),
    pair(
      'portal-create',
      { method: 'POST', path: '/api/logistics/order/add', headers: session, body: sampleOrder('TW'), perRequest: creates('PP', false) },
      { method: 'POST', path: `/order/add?${owner}&userId=${fixtures.userId}`, headers: session, body: sampleOrder('TW'), perRequest: creates('PB', false) },
    ),
  ];
  return pairs;
}

export type TwinStatements = {
  /** what bench/bare-twins.ts writes down for the twin */
  planned: number;
  /** round trips one after the other in that plan */
  sequentialSteps: number;
  /** captured from the statement log (null: not captured, see TwinsReport.capture) */
  portal: CapturedStatements | null;
  twin: CapturedStatements | null;
  /** statements one side sent and the other did not, in the steady state */
  portalOnly: string[];
  twinOnly: string[];
};

export type TwinComparison = { endpoint: TwinEndpoint; label: string; portal: ScenarioReport; twin: ScenarioReport; statements: TwinStatements };
export type TwinsReport = {
  poolSize: number;
  /** null when both sides' statements were captured; else why not */
  captureProblem: string | null;
  comparisons: TwinComparison[];
};

export type TwinsSettings = {
  repoRoot: string;
  databaseUrl: string;
  username: string;
  token: string;
  only: readonly string[];
  warmup: number;
  duration: number;
  load: LoadSettings;
  /** `--profile`: V8 CPU profiles of the portal the load runs against (and of its twin, in bare/), written here when they stop */
  profileDir?: string;
};

async function statementsOf(log: StatementLog, server: RunningServer, scenario: Scenario): Promise<CapturedStatements> {
  return captureSteadyStatements(log, async () => {
    const { status, text } = await sendOnce(server.baseUrl, scenario);
    if (status < 200 || status > 299) throw new Error(`${scenario.name} on the ${server.name}: HTTP ${status}: ${text.slice(0, 300)}`);
  });
}

/** The portal's own permissions answer, handed to the twin(s) to send as they are. */
async function handPermissionsAnswer(portal: RunningServer, twins: RunningServer[], pair: TwinPair | undefined): Promise<void> {
  if (!pair) return;
  const { status, text } = await sendOnce(portal.baseUrl, pair.portal);
  if (status !== 200) throw new Error(`the portal's permissions answer: HTTP ${status}: ${text.slice(0, 300)}`);
  for (const twin of twins) {
    const response = await fetch(`${twin.baseUrl}/setup/permissions`, { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text });
    if (!response.ok) throw new Error(`the ${twin.name} refused the permissions answer: HTTP ${response.status}`);
  }
}

export async function runTwinsBench(settings: TwinsSettings): Promise<TwinsReport> {
  const endpoints = selectTwins(settings.only);
  const fixtures = await findTwinFixtures(settings.databaseUrl, settings.username);
  const pairs = buildTwinPairs(fixtures, settings.token).filter((pair) => endpoints.includes(pair.endpoint));
  const log = await openStatementLog(settings.databaseUrl);
  const captureProblem = typeof log === 'string' ? `statements not captured: ${log}` : null;
  if (captureProblem) shout([captureProblem, 'the table gives the twins\' planned counts (bench/bare-twins.ts) instead']);

  const directories: string[] = [];
  const portalOf = async (name: string, env: Record<string, string>, profileDir?: string) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-twins-'));
    directories.push(dataDir);
    // the portal's pool size stated rather than assumed; the open API's limit out of the way of the load; X-Forwarded-For trusted for the tracking lookup
    const server = await startPortalServer({ repoRoot: settings.repoRoot, databaseUrl: settings.databaseUrl, dataDir, seedDemo: false, trustProxy: true, env: { DATABASE_POOL_SIZE: String(TWIN_POOL_SIZE), OPEN_API_RATE_LIMIT: '100000', ...env }, ...(profileDir ? { profileDir } : {}) });
    return { ...server, name };
  };
  const twinOf = (name: string, env: Record<string, string>, profileDir?: string) =>
    startTwinServer({ repoRoot: settings.repoRoot, databaseUrl: settings.databaseUrl, poolSize: TWIN_POOL_SIZE, name, env, ...(profileDir ? { profileDir } : {}) });
  const started: RunningServer[] = [];
  const keep = async (server: Promise<RunningServer>) => {
    const running = await server;
    started.push(running);
    return running;
  };

  try {
    const startedAt = Date.now();
    const logging = typeof log === 'string' ? null : log;
    const [portal, twin, loggedPortal, loggedTwin] = await Promise.all([
      keep(portalOf('portal', {}, settings.profileDir)),
      keep(twinOf('twin', {}, settings.profileDir ? path.join(settings.profileDir, 'bare') : undefined)),
      logging ? keep(portalOf('portal (statements logged)', logging.env)) : null,
      logging ? keep(twinOf('twin (statements logged)', logging.env)) : null,
    ]);
    console.log(`twins: portal (pid ${portal.process.pid}) and bare twin (pid ${twin.process.pid}) ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s, pool ${TWIN_POOL_SIZE} each`);
    await handPermissionsAnswer(portal, [twin, ...(loggedTwin ? [loggedTwin] : [])], pairs.find((pair) => pair.endpoint === 'permissions'));

    const statements = new Map<TwinEndpoint, TwinStatements>();
    const captureFailures: string[] = [];
    for (const pair of pairs) {
      const entry: TwinStatements = { planned: statementCount(pair.endpoint), sequentialSteps: sequentialSteps(pair.endpoint), portal: null, twin: null, portalOnly: [], twinOnly: [] };
      if (logging && loggedPortal && loggedTwin) {
        try {
          const [portalSide, twinSide] = [await statementsOf(logging, loggedPortal, pair.portal), await statementsOf(logging, loggedTwin, pair.twin)];
          Object.assign(entry, { portal: portalSide, twin: twinSide }, statementDifference(portalSide.statements, twinSide.statements));
        } catch (error) {
          // the load's probe says the same loudly; the other endpoints are still captured
          captureFailures.push(`${pair.endpoint}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      statements.set(pair.endpoint, entry);
      if (entry.portal && entry.twin) {
        const same = entry.portalOnly.length === 0 && entry.twinOnly.length === 0;
        console.log(`- statements of ${pair.endpoint}: portal ${entry.portal.statements.length} (first request ${entry.portal.counts[0] ?? '?'}), twin ${entry.twin.statements.length}${same ? ', the same' : ': NOT THE SAME (see below the table)'}`);
      }
    }
    for (const server of [loggedPortal, loggedTwin]) if (server) await stopChild(server.process, 10_000);
    if (logging) await logging.close();

    const comparisons: TwinComparison[] = [];
    for (const pair of pairs) {
      const portalRun = await measure(pair.portal, portal, { ...settings, scale: false }, settings.load);
      const twinRun = await measure(pair.twin, twin, { ...settings, scale: false }, settings.load);
      const entry = statements.get(pair.endpoint);
      if (!entry) throw new Error(`no statements of ${pair.endpoint}`);
      comparisons.push({ endpoint: pair.endpoint, label: TWIN_LABELS[pair.endpoint], portal: portalRun, twin: twinRun, statements: entry });
    }
    const problems = [...(captureProblem ? [captureProblem] : []), ...captureFailures.map((failure) => `not captured: ${failure}`)];
    return { poolSize: TWIN_POOL_SIZE, captureProblem: problems.length > 0 ? problems.join('; ') : null, comparisons };
  } finally {
    for (const server of started) await stopChild(server.process, 10_000);
    if (typeof log !== 'string') await log.close().catch(() => undefined);
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ the table

const fixed = (value: number, digits: number) => value.toFixed(digits);
const micros = (report: ScenarioReport) => ((value) => (value === null ? '-' : `${fixed(value, 0)} us`))(serverCpuMicrosPerRequest(report));
const rate = (report: ScenarioReport) => (report.outcome ? fixed(report.outcome.requestsPerSecond, 0) : '-');
const p99 = (report: ScenarioReport) => (report.outcome ? fixed(report.outcome.latencyP99Ms, 0) : '-');
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${fixed(value, 0)}%`);

/** portal / bare requests per second, null when either was not measured cleanly */
export function twinRatio(comparison: TwinComparison): number | null {
  const portal = comparison.portal.outcome?.requestsPerSecond;
  const twin = comparison.twin.outcome?.requestsPerSecond;
  if (comparison.portal.failure !== null || comparison.twin.failure !== null || !portal || !twin) return null;
  return portal / twin;
}

function statementCell(statements: TwinStatements): string {
  if (!statements.portal || !statements.twin) return `${statements.planned} (plan)`;
  const same = statements.portalOnly.length === 0 && statements.twinOnly.length === 0;
  return same ? String(statements.portal.statements.length) : `${statements.portal.statements.length} vs ${statements.twin.statements.length} !`;
}

export function formatTwinsTable(report: TwinsReport): string {
  const header = ['endpoint', 'statements', 'in a row', 'portal req/s', 'bare req/s', 'portal/bare', 'CPU/answer portal', 'CPU/answer bare', 'p99 ms portal', 'p99 ms bare', 'postgres CPU portal', 'postgres CPU bare', 'others CPU'];
  const rows = report.comparisons.map((comparison) => {
    const ratio = twinRatio(comparison);
    const others = [otherProcessesPercent(comparison.portal, 'postgres'), otherProcessesPercent(comparison.twin, 'postgres')].filter((value): value is number => value !== null);
    return [
      comparison.label,
      statementCell(comparison.statements),
      String(comparison.statements.sequentialSteps),
      rate(comparison.portal),
      rate(comparison.twin),
      ratio === null ? 'ERROR' : `${fixed(ratio * 100, 0)}%`,
      micros(comparison.portal),
      micros(comparison.twin),
      p99(comparison.portal),
      p99(comparison.twin),
      percent(comparison.portal.cpu?.postgresPercent),
      percent(comparison.twin.cpu?.postgresPercent),
      others.length === 0 ? '-' : `${fixed(Math.max(...others), 0)}%`,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');

  const ratios = report.comparisons.map(twinRatio);
  const below = report.comparisons.filter((_, index) => (ratios[index] ?? 0) < TWIN_TARGET_RATIO).map((comparison) => comparison.endpoint);
  const verdict = ratios.some((ratio) => ratio === null) ? 'not decided (a run was not clean)' : below.length === 0 ? 'PASS' : `FAIL (${below.join(', ')} below)`;
  const byName = new Map(report.comparisons.map((comparison) => [comparison.endpoint, comparison.portal.outcome?.requestsPerSecond ?? null]));
  const against = (open: TwinEndpoint, own: TwinEndpoint) => {
    const [a, b] = [byName.get(open), byName.get(own)];
    return a && b ? `${fixed(a, 0)} vs ${fixed(b, 0)} req/s (${fixed((a / b) * 100, 0)}%)` : null;
  };
  const openLines = [
    ['open API read vs the portal\'s detail', against('open-read', 'order-detail')],
    ['open API create vs the portal\'s create', against('open-create', 'portal-create')],
  ].flatMap(([title, value]) => (value ? [`${title}: ${value}`] : []));
  const differences = report.comparisons.flatMap((comparison) => [
    ...comparison.statements.portalOnly.map((statement) => `${comparison.endpoint}: only the portal sends: ${statement.slice(0, 160)}`),
    ...comparison.statements.twinOnly.map((statement) => `${comparison.endpoint}: only the twin sends: ${statement.slice(0, 160)}`),
  ]);
  return [
    `Portal against its bare twins (same statements, bare Fastify + pg, pool ${report.poolSize} each), one after the other:`,
    line(header),
    rule,
    ...report.comparisons.map((_, index) => line(rows[index] ?? [])),
    rule,
    report.captureProblem
      ? `statements: ${report.captureProblem}; "(plan)" is the twin's count as bench/bare-twins.ts writes it`
      : 'statements: per request once the caches are warm, from the statement log of a portal and a twin started with log_statement=all; "!" when they differ (listed below). "in a row": round trips one after the other.',
    'CPU/answer: server process CPU time per answer (/proc/<pid>/stat). postgres CPU: all postgres processes, % of one core.',
    ...differences,
    ...openLines,
    `Target (issue 25): each endpoint >= ${fixed(TWIN_TARGET_RATIO * 100, 0)}% of its bare twin's requests/s: ${verdict}`,
  ].join('\n');
}
