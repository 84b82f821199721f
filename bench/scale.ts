import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/*
 * `npm run bench -- --scale`: the portal on the 1,000,000-order data of `npm run seed:scale`. The data
 * takes minutes to make, so it is kept between runs (never dropped, unlike portal_bench): DATABASE_URL
 * when set, else the database portal_scale of the scripts/pg.sh cluster, seeded on first use.
 */

export const SCALE_DATABASE = 'portal_scale';
/** Below this many orders a database is not the scale data (seed:scale refuses to add to more than 5,000). */
const SEEDED_ORDERS_MIN = 100_000;
/** The merchant with 30% of the orders: every merchant scenario is his. */
export const SCALE_USER = { username: 'scale01', password: process.env.SCALE_PASSWORD ?? 'Portal#2026' } as const;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function orderCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const table = await client.query<{ exists: boolean }>(`select to_regclass('public.log_order') is not null as exists`);
    if (!table.rows[0]?.exists) return 0;
    // the planner's figure is enough to tell a seeded database from an empty one, and costs nothing
    const { rows } = await client.query<{ estimate: string }>(`select greatest(reltuples, 0)::bigint::text as estimate from pg_class where oid = 'public.log_order'::regclass`);
    const estimate = Number(rows[0]?.estimate ?? 0);
    if (estimate >= SEEDED_ORDERS_MIN) return estimate;
    const exact = await client.query<{ count: string }>('select count(*)::text as count from log_order');
    return Number(exact.rows[0]?.count ?? 0);
  });
}

function seedScale(repoRoot: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/seed-scale.ts')], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run seed:scale exited with ${code}`))));
  });
}

/**
 * The URL of a database holding the scale data. DATABASE_URL must already be seeded (run
 * `npm run seed:scale` against it); portal_scale on the local cluster is created and seeded here
 * when it is missing or empty (about ten minutes on two cores).
 */
export async function prepareScaleDatabase(repoRoot: string, adminUrl: string | null): Promise<string> {
  const given = process.env.DATABASE_URL;
  if (given) {
    const count = await orderCount(given);
    if (count < SEEDED_ORDERS_MIN) throw new Error(`DATABASE_URL holds ${count} orders: run \`npm run seed:scale\` against it first (or unset it to use ${SCALE_DATABASE} of scripts/pg.sh)`);
    return given;
  }
  if (!adminUrl) throw new Error('no PostgreSQL: set DATABASE_URL or let the bench start scripts/pg.sh');
  const url = new URL(adminUrl);
  url.pathname = `/${SCALE_DATABASE}`;
  const exists = await withClient(adminUrl, async (client) => (await client.query('select 1 from pg_database where datname = $1', [SCALE_DATABASE])).rowCount === 1);
  if (!exists) await withClient(adminUrl, (client) => client.query(`create database ${SCALE_DATABASE}`));
  const count = await orderCount(url.toString());
  if (count < SEEDED_ORDERS_MIN) {
    console.log(`${SCALE_DATABASE} holds ${count} orders: seeding it with npm run seed:scale (minutes; kept for the next runs)`);
    await seedScale(repoRoot, url.toString());
  }
  return url.toString();
}

/** What the scale scenarios ask for: real ids and numbers of the data, found once before the run. */
export type ScaleFixtures = {
  orders: number;
  /** scale01's share of them */
  tenantOrders: number;
  /** a delivered order of scale01 with its products, parcel and full timeline */
  orderId: number;
  /** one waybill number (the number a recipient is given) */
  oneNumber: string;
  /** that order's numbers, for the number searches of the list */
  orderNo: string;
  merchantOrderNo: string;
  /** ten numbers of every kind the public page takes: order, waybill and parcel numbers of several merchants */
  tenNumbers: string[];
};

export async function findScaleFixtures(url: string, username: string): Promise<ScaleFixtures> {
  return withClient(url, async (client) => {
    const tenant = await client.query<{ tenant_id: number }>('select default_tenant_id as tenant_id from sys_user where username = $1', [username]);
    const tenantId = tenant.rows[0]?.tenant_id;
    if (tenantId === undefined) throw new Error(`no user ${username} in the scale database`);
    const counts = await client.query<{ orders: string; tenant_orders: string }>(
      'select (select count(*) from log_order)::text as orders, (select count(*) from log_order where tenant_id = $1)::text as tenant_orders',
      [tenantId],
    );
    // the newest delivered order of a month ago: a full timeline, as most orders have
    const order = await client.query<{ id: string; waybill_no: string; order_no: string; merchant_order_no: string }>(
      `select id::text, waybill_no, order_no, merchant_order_no from log_order where tenant_id = $1 and status = 'DONE' and created_at < now() - interval '30 days' order by created_at desc, id desc limit 1`,
      [tenantId],
    );
    const first = order.rows[0];
    if (!first) throw new Error(`${username} has no delivered order: is this the scale data?`);
    // spread over the whole id range: other merchants' orders, old and recent
    const spread = await client.query<{ order_no: string; waybill_no: string | null; tracking_no: string | null }>(
      `select o.order_no, o.waybill_no, p.tracking_no
         from generate_series(1, 10) as k
         join lateral (select id, order_no, waybill_no from log_order where id >= (select max(id) from log_order) * k / 11 order by id limit 1) o on true
         left join log_parcel p on p.order_id = o.id`,
    );
    const kinds = spread.rows.map((row, index) => (index % 3 === 0 ? row.order_no : index % 3 === 1 ? (row.waybill_no ?? row.order_no) : (row.tracking_no ?? row.order_no)));
    return {
      orders: Number(counts.rows[0]?.orders ?? 0),
      tenantOrders: Number(counts.rows[0]?.tenant_orders ?? 0),
      orderId: Number(first.id),
      oneNumber: first.waybill_no,
      orderNo: first.order_no,
      merchantOrderNo: first.merchant_order_no,
      tenNumbers: kinds,
    };
  });
}
