// npx tsx bench/order-create-burst.ts [--until <migration tag>] [--creates N] [--rounds N] [--pool N]
//
// Bursts of N concurrent order creates of one tenant (POST /api/logistics/order/add as `merchant`, through
// app.inject on the server's own pool size), on a fresh database of scripts/pg.sh: the wall time of each
// burst, the slowest create, and the most connections seen waiting on a lock (pg_stat_activity sampled
// every few milliseconds). `--until 0019_push_refusal` migrates only up to that migration: the status
// counters as they were before their slots (decision 0035), for a before/after on the same machine.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { recreateDatabase, startPostgres } from './postgres.ts';
import { sampleOrder } from '../apps/server/test/helpers/orders.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = path.join(REPO_ROOT, 'apps/server/src/db/migrations');
const DATABASE = 'portal_bench_create_burst';

const { values } = parseArgs({ options: { until: { type: 'string' }, creates: { type: 'string' }, rounds: { type: 'string' }, pool: { type: 'string' } } });
const creates = Number(values.creates ?? 50);
const rounds = Number(values.rounds ?? 10);
const poolSize = Number(values.pool ?? 10);

/** The migrations folder, or a copy whose journal stops at `until`. */
async function migrationsUpTo(until: string | undefined): Promise<{ folder: string; cleanup(): Promise<void> }> {
  if (!until) return { folder: MIGRATIONS, cleanup: async () => undefined };
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === until);
  if (last < 0) throw new Error(`no migration tagged ${until}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return { folder, cleanup: () => rm(folder, { recursive: true, force: true }) };
}


const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

const adminUrl = await startPostgres(REPO_ROOT);
const url = await recreateDatabase(adminUrl, DATABASE);
const migrations = await migrationsUpTo(values.until);
const database = await openDatabase({ kind: 'postgres', url, poolSize });
const sampler = new pg.Client({ connectionString: url });
try {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  await migrate(drizzle(migrator, { casing: 'snake_case' }), { migrationsFolder: migrations.folder });
  await migrator.end();
  await seedDatabase(database, { demo: true });
  const app = await buildApp({
    config: { LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TRUST_PROXY: false, SESSION_TTL_DAYS: 7, LOGIN_RATE_PER_MINUTE: 1000 },
    database,
    logger: false,
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/sys/login', payload: { username: 'merchant', password: DEMO_PASSWORD } });
  const token = (login.json() as { result: { token: string } }).result.token;
  await sampler.connect();

  const bursts: { wall: number; slowest: number; lockWaiters: number }[] = [];
  for (let r = 0; r <= rounds; r++) {
    let sampling = true;
    let lockWaiters = 0;
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ waiting: number }>("select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        lockWaiters = Math.max(lockWaiters, rows[0]?.waiting ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const started = performance.now();
    const times = await Promise.all(
      Array.from({ length: creates }, async (_, index) => {
        const begin = performance.now();
        const answer = await app.inject({ method: 'POST', url: '/api/logistics/order/add', headers: { 'x-access-token': token }, payload: sampleOrder(`BURST-${r}-${index}`) });
        if (answer.statusCode !== 200) throw new Error(`create answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
        return performance.now() - begin;
      }),
    );
    const wall = performance.now() - started;
    sampling = false;
    await sampled;
    // the first burst warms the caches and plans up and is not counted
    if (r > 0) bursts.push({ wall, slowest: Math.max(...times), lockWaiters });
  }
  await app.close();
  // what a read of the tabs' counts sums: the tenant's counter rows (one per status before the slots)
  const { rows: slots } = await sampler.query<{ status: string; slots: number }>(
    "select c.status, count(*)::int as slots from log_order_status_count c join sys_user u on u.default_tenant_id = c.tenant_id where u.username = 'merchant' group by c.status order by c.status",
  );
  console.log(`${creates} concurrent creates of one tenant, pool ${poolSize}, ${rounds} bursts, migrations ${values.until ? `up to ${values.until}` : 'all'}; load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  console.log(`burst wall ms: median ${round(median(bursts.map((b) => b.wall)))}, max ${round(Math.max(...bursts.map((b) => b.wall)))} (${round((creates * 1000) / median(bursts.map((b) => b.wall)))} creates/s)`);
  console.log(`slowest create ms: median ${round(median(bursts.map((b) => b.slowest)))}, max ${round(Math.max(...bursts.map((b) => b.slowest)))}`);
  console.log(`connections waiting on a lock at once: median ${median(bursts.map((b) => b.lockWaiters))}, max ${Math.max(...bursts.map((b) => b.lockWaiters))}`);
  console.log(`the merchant's counter rows afterwards: ${slots.map((row) => `${row.status} ${row.slots}`).join(', ')}`);
} finally {
  await sampler.end().catch(() => undefined);
  await database.close();
  await migrations.cleanup();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}
