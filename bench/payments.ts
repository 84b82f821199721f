import { performance } from 'node:perf_hooks';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { orders } from '../apps/server/src/db/schema/logistics.ts';
import { rolePermissions, roles, tenants, userRoles, userTenants, users } from '../apps/server/src/db/schema/sys.ts';
import { platformLeg, walletLeg } from '../apps/server/src/modules/finance/ledger/model.ts';
import { post } from '../apps/server/src/modules/finance/ledger/service.ts';
import { auditLedger } from '../apps/server/src/modules/finance/ledger/repository.ts';
import { copyChargedOrders } from '../apps/server/test/helpers/orders.ts';

/*
 * Concurrent payments through the real HTTP API (POST /platform-api/finance/virtualWallet/payment/submit,
 * each with its own charge and Idempotency-Key): all against one wallet (they queue on its row lock) and
 * spread over many wallets (one per tenant). After each run the ledger is audited and every wallet must
 * be exactly empty: funded with the sum of its charges, it paid each once.
 */

export const PAYMENT_SCENARIOS = ['payments-one-wallet', 'payments-many-wallets'] as const;
export type PaymentScenarioName = (typeof PAYMENT_SCENARIOS)[number];

export type PaymentBenchReport = {
  name: PaymentScenarioName;
  payments: number;
  wallets: number;
  concurrency: number;
  seconds: number;
  paymentsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: string[];
};

type Job = { tenantId: number; orderId: number };
type Plan = Record<PaymentScenarioName, { jobs: Job[]; wallets: number }>;

const ONE_WALLET_PAYMENTS = 2_000;
const MANY_WALLETS = 40;
const PER_WALLET = 50;
const BENCH_TENANT_PREFIX = 'Bench wallet ';

/**
 * Before the bench user signs in: tenants of its own for the many-wallets run (it joins each with the
 * merchant administrator's rights), charges (copies of a weighed demo order) and exactly enough money.
 */
export async function preparePayments(databaseUrl: string, username: string): Promise<Plan> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const db = database.db;
    const [user] = await db.select({ id: users.id, tenantId: users.defaultTenantId }).from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no user ${username}`);
    const [template] = await db
      .select({ id: orders.id, currency: orders.freightCurrency })
      .from(orders)
      .where(and(eq(orders.tenantId, user.tenantId), isNotNull(orders.freightCharge), ne(orders.status, 'CANCEL')))
      .limit(1);
    const currency = template?.currency;
    if (!template || !currency) throw new Error('the demo has no weighed order to copy');

    const created = await db
      .insert(tenants)
      .values(Array.from({ length: MANY_WALLETS }, (_, index) => ({ name: `${BENCH_TENANT_PREFIX}${index + 1}` })))
      .returning({ id: tenants.id });
    const manyTenants = created.map((row) => row.id);
    // the merchant administrator's role in each new tenant, with the same rights as in the user's own
    const [source] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, user.tenantId), eq(roles.roleCode, 'merchant_admin')));
    if (!source) throw new Error(`${username} has no merchant_admin role to copy`);
    const rights = await db.select({ permissionId: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, source.id));
    for (const tenantId of manyTenants) {
      const [role] = await db.insert(roles).values({ tenantId, roleCode: 'merchant_admin', roleName: 'Merchant administrator' }).returning({ id: roles.id });
      if (!role) throw new Error('no role made');
      await db.insert(rolePermissions).values(rights.map((right) => ({ tenantId, roleId: role.id, permissionId: right.permissionId })));
      await db.insert(userTenants).values({ userId: user.id, tenantId });
      await db.insert(userRoles).values({ userId: user.id, tenantId, roleId: role.id });
    }

    const plan: Plan = {
      'payments-one-wallet': { jobs: (await copyChargedOrders(db, { templateId: template.id, tenantId: user.tenantId, count: ONE_WALLET_PAYMENTS, tag: 'PBB1' })).map((orderId) => ({ tenantId: user.tenantId, orderId })), wallets: 1 },
      'payments-many-wallets': { jobs: [], wallets: MANY_WALLETS },
    };
    for (const [index, tenantId] of manyTenants.entries()) plan['payments-many-wallets'].jobs.push(...(await copyChargedOrders(db, { templateId: template.id, tenantId, count: PER_WALLET, tag: `PBB${index + 2}` })).map((orderId) => ({ tenantId, orderId })));
    // interleave the tenants so the concurrent requests spread over the wallets
    plan['payments-many-wallets'].jobs.sort((a, b) => a.orderId % PER_WALLET - (b.orderId % PER_WALLET) || a.tenantId - b.tenantId);

    for (const tenantId of [user.tenantId, ...manyTenants]) {
      const [{ total } = { total: '0' }] = (
        (await db.execute(sql`select coalesce(sum(freight_charge), 0)::text as total from log_order where tenant_id = ${tenantId} and order_no like 'PB%'`)) as unknown as { rows: { total: string }[] }
      ).rows;
      const amount = BigInt(total);
      await db.transaction(async (tx) =>
        post(tx, { tenantId, kind: 'RECHARGE', refNo: `RC-BENCH-${tenantId}`, createdBy: null }, [platformLeg('BANK', currency, -amount), walletLeg(tenantId, currency, amount)]),
      );
    }
    return plan;
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs one scenario: `concurrency` requests in flight until every job is paid, then audits. */
export async function runPayments(baseUrl: string, token: string, databaseUrl: string, name: PaymentScenarioName, plan: Plan, concurrency: number): Promise<PaymentBenchReport> {
  const { jobs, wallets } = plan[name];
  const latencies: number[] = [];
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const begin = performance.now();
        const response = await fetch(`${baseUrl}/platform-api/finance/virtualWallet/payment/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': token, tenant_id: String(job.tenantId), 'idempotency-key': `bench-${name}-${job.orderId}` },
          body: JSON.stringify({ orderIds: [job.orderId], remark: '', draft: false }),
        });
        const text = await response.text();
        latencies.push(performance.now() - begin);
        if (response.status !== 200 && ++failed <= 3) failures.push(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  if (failed > 0) failures.push(`${failed} of ${jobs.length} payments failed`);
  try {
    const broken = await auditLedger(database.db);
    if (Object.keys(broken).length > 0) failures.push(`ledger audit: ${JSON.stringify(broken)}`);
    const tenantIds = [...new Set(jobs.map((job) => job.tenantId))];
    const left = (await database.db.execute(sql`select count(*)::int as n from fin_account where kind = 'WALLET' and balance <> 0 and tenant_id in (${sql.join(
      tenantIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { n: number }[] };
    if ((left.rows[0]?.n ?? 0) > 0) failures.push(`${left.rows[0]?.n} wallet(s) not exactly emptied: a charge was paid twice or not at all`);
  } finally {
    await database.close();
  }
  return {
    name,
    payments: jobs.length,
    wallets,
    concurrency,
    seconds,
    paymentsPerSecond: jobs.length / seconds,
    latencyP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    failures,
  };
}
