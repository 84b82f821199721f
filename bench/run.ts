// npm run bench [-- --db pglite] [--duration N] [--scale]: the portal's hot read endpoints against a bare
// Fastify hello-world, each server in its own process, autocannon in this one. See bench/README.md.
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killChildrenSync, stopChild, stopChildren } from './child-processes.ts';
import { measureMachineLoad } from './cpu-usage.ts';
import type { LoadSettings } from './load.ts';
import { measure, shout } from './measure.ts';
import { parseBenchOptions, USAGE } from './options.ts';
import { recreateDatabase, startPostgres } from './postgres.ts';
import { formatTable, machineInfo, writeReport, type BenchReport, type ScenarioReport } from './report.ts';
import { findScaleFixtures, prepareScaleDatabase, SCALE_USER, type ScaleFixtures } from './scale.ts';
import { BASELINE_SCENARIO, BENCH_USER, buildPortalScenarios, buildScaleScenarios, TARGET_RATIO, type Scenario } from './scenarios.ts';
import { startHelloServer, startPortalServer } from './servers.ts';
import { login } from './session.ts';
import { PAYMENT_SCENARIOS, preparePayments, runPayments, type PaymentBenchReport } from './payments.ts';
// the open API's order creation and one read, usage counting off and on
import { OPEN_API_SCENARIOS, runOpenApiBench, type OpenApiScenarioName } from './open-api.ts';
// webhook throughput from the outbox to a local receiver
import { PUSH_SCENARIO, runPushBench, type PushBenchReport } from './push.ts';
// each endpoint against a bare twin sending the same statements
import { formatTwinsTable, isTwinsName, runTwinsBench, selectTwins, type TwinsReport } from './twins.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const BENCH_DATABASE = 'portal_bench';

const temporaryDirectories: string[] = [];

/** An online report's id by its code (GET getRpColumns/{code}); undefined when the server has none. */
async function reportIdOf(baseUrl: string, token: string, code: string): Promise<number | undefined> {
  const response = await fetch(`${baseUrl}/api/online/cgreport/api/getRpColumns/${code}`, { headers: { 'x-access-token': token }, signal: AbortSignal.timeout(30_000) });
  const body = (await response.json().catch(() => null)) as { result?: { cgRpConfigId?: number } } | null;
  return body?.result?.cgRpConfigId;
}

function removeTemporaryDirectories(): void {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
}

function selectScenarios(all: Scenario[], only: string[]): Scenario[] {
  if (only.length === 0) return all;
  const unknown = only.filter((name) => !all.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${all.map((scenario) => scenario.name).join(', ')}`);
  return all.filter((scenario) => scenario === BASELINE_SCENARIO || only.includes(scenario.name));
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseBenchOptions(argv);
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const options = parsed;
  // an unknown twin is refused before anything starts
  selectTwins(options.only);
  const settings: LoadSettings = { duration: options.duration, connections: options.connections, pipelining: options.pipelining };

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  temporaryDirectories.push(dataDir);

  let databaseUrl: string | undefined;
  let fixtures: ScaleFixtures | null = null;
  if (options.scale) {
    const adminUrl = process.env.DATABASE_URL ? null : await startPostgres(REPO_ROOT);
    databaseUrl = await prepareScaleDatabase(REPO_ROOT, adminUrl);
    fixtures = await findScaleFixtures(databaseUrl, SCALE_USER.username);
    console.log(`PostgreSQL: scale data in ${new URL(databaseUrl).pathname.slice(1)} (kept), ${fixtures.orders.toLocaleString('en-US')} orders, ${fixtures.tenantOrders.toLocaleString('en-US')} of them ${SCALE_USER.username}'s`);
  } else if (options.db === 'postgres') {
    const adminUrl = await startPostgres(REPO_ROOT);
    databaseUrl = await recreateDatabase(adminUrl, BENCH_DATABASE);
    console.log(`PostgreSQL: ${adminUrl} (left running), database ${BENCH_DATABASE} re-created`);
  } else {
    console.log(`PGlite: fresh data directory ${dataDir}`);
  }

  const profileDir = options.profile ? path.join(RESULTS_DIR, `profile-${options.db}-${new Date().toISOString().replace(/[:.]/g, '-')}`) : undefined;
  const startedAt = Date.now();
  const [portal, hello] = await Promise.all([
    startPortalServer({ repoRoot: REPO_ROOT, databaseUrl, dataDir, seedDemo: !options.scale, trustProxy: options.scale, ...(profileDir ? { profileDir } : {}) }),
    startHelloServer(REPO_ROOT),
  ]);
  console.log(`servers ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: portal ${portal.baseUrl} (pid ${portal.process.pid}), hello-world ${hello.baseUrl} (pid ${hello.process.pid})`);

  const user = options.scale ? SCALE_USER : BENCH_USER;
  // concurrent payments: standard mode on PostgreSQL; their data is made before the user signs in
  const paymentScenarios = !options.scale && databaseUrl ? PAYMENT_SCENARIOS.filter((name) => options.only.length === 0 || options.only.includes(name)) : [];
  const paymentPlan = paymentScenarios.length > 0 && databaseUrl ? await preparePayments(databaseUrl, user.username) : null;
  const token = await login(portal.baseUrl, user.username, user.password);
  console.log(`signed in as ${user.username}\n`);

  const before = await measureMachineLoad(1000, [portal.process.pid, hello.process.pid]);
  const loadAverageBefore = os.loadavg();
  if (before.othersPercent > 20) {
    shout([
      `other processes already use ${before.othersPercent}% of a core before the load (machine ${before.machinePercent}% busy, load average ${loadAverageBefore.map((value) => value.toFixed(2)).join(' ')}):`,
      'they compete for the cores, so the numbers will be low and noisy (see the "others CPU" column)',
    ]);
  }

  // the built-in order picker's report id, as the screens learn it (getRpColumns by its code)
  const orderPickerId = fixtures ? await reportIdOf(portal.baseUrl, token, 'order_picker') : undefined;
  const portalScenarios = fixtures ? buildScaleScenarios({ token, fixtures, now: new Date(), orderPickerId }) : buildPortalScenarios({ token });
  const onlyEndpoints = options.only.filter((name) => !(PAYMENT_SCENARIOS as readonly string[]).includes(name) && !(OPEN_API_SCENARIOS as readonly string[]).includes(name) && name !== PUSH_SCENARIO && !isTwinsName(name));
  // --only naming payment scenarios alone measures the baseline and those
  const scenarios = options.only.length > 0 && onlyEndpoints.length === 0 ? [BASELINE_SCENARIO] : selectScenarios([BASELINE_SCENARIO, ...portalScenarios], onlyEndpoints);
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) {
    reports.push(await measure(scenario, scenario.target === 'hello' ? hello : portal, options, settings));
  }

  // standard mode on PostgreSQL: before the payments, the open API and the push bench change the demo tenant's data
  const twins: TwinsReport | undefined =
    !options.scale && databaseUrl && (options.only.length === 0 || options.only.some(isTwinsName))
      ? await runTwinsBench({ repoRoot: REPO_ROOT, databaseUrl, username: user.username, token, only: options.only, warmup: options.warmup, duration: options.duration, load: settings, ...(profileDir ? { profileDir: path.join(profileDir, 'twins') } : {}) })
      : undefined;

  const payments: PaymentBenchReport[] = [];
  if (paymentPlan && databaseUrl) {
    for (const name of paymentScenarios) {
      process.stdout.write(`- ${name}: `);
      const result = await runPayments(portal.baseUrl, token, databaseUrl, name, paymentPlan, options.connections);
      payments.push(result);
      process.stdout.write(
        `${result.payments} payments over ${result.wallets} wallet(s), ${result.concurrency} in flight: ${result.paymentsPerSecond.toFixed(0)} payments/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms${result.failures.length ? `; FAILED: ${result.failures.join(' | ')}` : '; ledger audited, every charge paid once'}\n`,
      );
      if (result.failures.length > 0) shout([`${name}: FAILED`, ...result.failures]);
    }
  }

  // on PostgreSQL in standard mode, each counting mode on a server process of its own
  const openApiOnly = options.only.filter((name): name is OpenApiScenarioName => (OPEN_API_SCENARIOS as readonly string[]).includes(name));
  const openApi =
    !options.scale && databaseUrl && (options.only.length === 0 || openApiOnly.length > 0)
      ? await runOpenApiBench({ repoRoot: REPO_ROOT, databaseUrl, username: user.username, connections: options.connections, duration: options.duration, warmup: options.warmup, only: openApiOnly })
      : undefined;
  // standard mode on PostgreSQL, the bench process writes the events
  let push: PushBenchReport | null = null;
  if (!options.scale && databaseUrl && (options.only.length === 0 || options.only.includes(PUSH_SCENARIO))) {
    process.stdout.write(`- ${PUSH_SCENARIO}: `);
    push = await runPushBench(databaseUrl, user.username, portal.process.pid);
    process.stdout.write(`${push.deliveries} signed deliveries in ${push.seconds} s: ${push.deliveriesPerSecond} deliveries/s, arrival after the commit p50 ${push.latencyP50Ms} ms, p99 ${push.latencyP99Ms} ms, server CPU ${push.serverCpuMsPerDelivery ?? '?'} ms per delivery (${push.cpu.serverPercent ?? '?'}% of a core)${push.failures.length ? `; FAILED: ${push.failures.join(' | ')}` : ''}\n`);
    if (push.failures.length > 0) shout([`${PUSH_SCENARIO}: FAILED`, ...push.failures]);
  }

  const baseline = reports.find((report) => report.name === BASELINE_SCENARIO.name)?.outcome ?? null;
  for (const report of reports) {
    if (baseline && report.outcome && baseline.requestsPerSecond > 0) report.ratioToBaseline = report.outcome.requestsPerSecond / baseline.requestsPerSecond;
  }
  const endpoints = reports.filter((report) => report.name !== BASELINE_SCENARIO.name);
  const decided = baseline !== null && reports.every((report) => report.failure === null && report.outcome !== null);
  const report: BenchReport = {
    date: new Date().toISOString(),
    ...machineInfo(),
    machine: { before, loadAverageBefore },
    db: options.db,
    mode: options.scale ? 'scale' : 'standard',
    ...(fixtures ? { data: { orders: fixtures.orders, tenantOrders: fixtures.tenantOrders, user: SCALE_USER.username } } : {}),
    settings: { ...settings, warmup: options.warmup },
    target: {
      ratio: TARGET_RATIO,
      baseline: BASELINE_SCENARIO.name,
      appliesTo: 'postgres',
      pass: decided ? endpoints.every((endpoint) => (endpoint.ratioToBaseline ?? 0) >= TARGET_RATIO) : null,
    },
    latencyTarget: options.scale
      ? {
          pass: decided
            ? endpoints.every((endpoint) => endpoint.p99TargetMs === null || (endpoint.singleConnection !== null && endpoint.singleConnection.latencyP99Ms < endpoint.p99TargetMs))
            : null,
        }
      : null,
    scenarios: reports,
    ...(payments.length > 0 ? { payments } : {}),
    ...(openApi ? { openApi } : {}),
    ...(push ? { push } : {}),
    ...(twins ? { twins } : {}),
  };

  console.log(`\n${formatTable(report)}`);
  if (twins) console.log(`\n${formatTwinsTable(twins)}`);
  const file = await writeReport(report, RESULTS_DIR);
  console.log(`\nresults: ${path.relative(REPO_ROOT, file)}`);

  if (profileDir) {
    await stopChild(portal.process, 15_000);
    console.log(`CPU profiles of the portal (one per thread; the largest is the main thread): ${path.relative(REPO_ROOT, profileDir)}/ (open in Chrome DevTools)`);
  }

  const failed = [
    ...reports.filter((entry) => entry.failure !== null),
    ...payments.filter((entry) => entry.failures.length > 0).map((entry) => ({ name: entry.name, failure: entry.failures.join(' | ') })),
    ...(openApi?.runs ?? []).filter((entry) => entry.failures.length > 0).map((entry) => ({ name: `${entry.name} (counting ${entry.counting})`, failure: entry.failures.join(' | ') })),
    ...(push && push.failures.length > 0 ? [{ name: push.name, failure: push.failures.join(' | ') }] : []),
    ...(twins?.comparisons ?? []).flatMap((entry) => [entry.portal, entry.twin].filter((run) => run.failure !== null).map((run) => ({ name: `${run.name} (${run.target})`, failure: run.failure }))),
  ];
  if (failed.length > 0) {
    shout([`BENCH FAILED: ${failed.length} scenario(s) had non-2xx answers or errors:`, ...failed.map((entry) => `${entry.name}: ${entry.failure ?? ''}`)]);
    return 1;
  }
  return 0;
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stopChildren();
    removeTemporaryDirectories();
  }
  process.exit(code);
}

process.on('exit', () => {
  killChildrenSync();
  removeTemporaryDirectories();
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(code);
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    void shutdown(code);
  });
}

main(process.argv.slice(2)).then(
  (code) => shutdown(code),
  (error: unknown) => {
    shout([`BENCH ERROR: ${error instanceof Error ? error.message : String(error)}`]);
    const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')) : [];
    if (frames.length > 0) process.stderr.write(`${frames.join('\n')}\n`);
    void shutdown(1);
  },
);
