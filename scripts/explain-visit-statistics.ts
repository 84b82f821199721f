// TEST_DATABASE_URL="$(bash scripts/pg.sh start)" npx tsx scripts/explain-visit-statistics.ts
// generates 1,000,000 visits and 300,000 sign-ins over 400 days and 200 tenants in a throw-away database, then EXPLAINs the visit statistics (docs/performance.md)
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { sql } from 'drizzle-orm';
import { visitsPerDay, visitsPerTenant } from '../apps/server/src/modules/log/repository.ts';
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
if (!adminUrl) throw new Error('set TEST_DATABASE_URL (bash scripts/pg.sh start)');
const admin = new pg.Client({ connectionString: adminUrl }); await admin.connect();
await admin.query('drop database if exists visit_explain with (force)'); await admin.query('create database visit_explain'); await admin.end();
const url = new URL(adminUrl); url.pathname = '/visit_explain';
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
await database.migrate(); await seedDatabase(database, { demo: true });
const db = database.db;
await db.execute(sql`insert into sys_tenant (id, name) overriding system value select g, 'T' || g from generate_series(10, 209) g on conflict do nothing`);
await db.execute(sql`insert into sys_visit_log (tenant_id, user_id, path, ip, created_at) select 10 + (g % 200), null, '/p/' || (g % 50), '10.' || (g % 250) || '.0.' || (g % 7), now() - ((g / 200) % 400) * interval '1 day' - (g % 86400) * interval '1 second' from generate_series(1, 1000000) g`);
await db.execute(sql`insert into sys_login_log (tenant_id, username, ip, success, log_type, created_at) select 10 + (g % 200), 'u', '10.' || (g % 250) || '.1.1', g % 9 <> 0, 1, now() - ((g / 200) % 400) * interval '1 day' from generate_series(1, 300000) g`);
await db.execute(sql`vacuum analyze sys_visit_log`); await db.execute(sql`vacuum analyze sys_login_log`); await db.execute(sql`analyze sys_tenant`);
const range = { begin: new Date(Date.now() - 29 * 86400e3).toISOString().slice(0, 10), end: new Date().toISOString().slice(0, 10) };
const original = db.execute.bind(db);
let captured: unknown = null;
(db as unknown as { execute: unknown }).execute = async (query: unknown) => { captured = query; return original(query as never); };
for (const [label, run] of [
  ['one tenant, 30 days', () => visitsPerDay(db, { tenantId: 42 }, range)],
  ['all tenants, 30 days', () => visitsPerDay(db, 'all', range)],
  ['per tenant, 30 days', () => visitsPerTenant(db, 'all', range)],
  ['all tenants, 366 days', () => visitsPerDay(db, 'all', { begin: new Date(Date.now() - 365 * 86400e3).toISOString().slice(0, 10), end: range.end })],
] as const) {
  await run();
  const t0 = performance.now(); await run(); const ms = performance.now() - t0;
  const plan = await original(sql`explain (analyze, buffers off, costs off, timing off, summary on) ${captured as never}`);
  console.log(`\n=== ${label}: ${ms.toFixed(0)} ms`);
  console.log((plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await database.close();
const admin2 = new pg.Client({ connectionString: adminUrl }); await admin2.connect(); await admin2.query('drop database if exists visit_explain with (force)'); await admin2.end();
