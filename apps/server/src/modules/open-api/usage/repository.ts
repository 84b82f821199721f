import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@portal/shared/visit-statistics';
import type { Db } from '../../../db/client.ts';
import { apiCallStats, apiKeys } from '../../../db/schema/open-api.ts';

export type ApiCallCountRow = typeof apiCallStats.$inferInsert & { latencyBuckets: number[] };

/** Rows per statement: 10 parameters each, far under PostgreSQL's 65,535. */
const UPSERT_CHUNK = 1_000;

/**
 * Adds counts to api_call_stat: a new (tenant, day, key, operation) is inserted, an existing one gets the
 * counts added and its histogram summed bucket by bucket (a stored histogram shorter than the new one is
 * taken as zeros past its end).
 */
export async function addApiCallCounts(db: Db, rows: ApiCallCountRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    await db
      .insert(apiCallStats)
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflictDoUpdate({
        target: [apiCallStats.tenantId, apiCallStats.day, apiCallStats.keyId, apiCallStats.apiType],
        set: {
          calls: sql`${apiCallStats.calls} + excluded.calls`,
          clientErrors: sql`${apiCallStats.clientErrors} + excluded.client_errors`,
          serverErrors: sql`${apiCallStats.serverErrors} + excluded.server_errors`,
          throttled: sql`${apiCallStats.throttled} + excluded.throttled`,
          latencyMsSum: sql`${apiCallStats.latencyMsSum} + excluded.latency_ms_sum`,
          latencyBuckets: sql`array(select coalesce(u.a, 0) + coalesce(u.b, 0) from unnest(${apiCallStats.latencyBuckets}, excluded.latency_buckets) with ordinality as u(a, b, n) order by u.n)`,
        },
      });
  }
}

export type ApiStatRow = {
  day: string;
  keyId: number;
  apiType: string;
  calls: number;
  clientErrors: number;
  serverErrors: number;
  throttled: number;
  latencyMsSum: number;
  latencyBuckets: number[];
};

/**
 * The stored rows of a tenant's range (its primary key leads with tenant and day: one index range), at most
 * days x keys x operations of them, added up by the service.
 */
export async function apiStatRows(db: Db, tenantId: number, range: DayRange, filter: { keyId?: number; apiType?: string }): Promise<ApiStatRow[]> {
  const where: (SQL | undefined)[] = [
    eq(apiCallStats.tenantId, tenantId),
    gte(apiCallStats.day, range.begin),
    lte(apiCallStats.day, range.end),
    filter.keyId === undefined ? undefined : eq(apiCallStats.keyId, filter.keyId),
    filter.apiType === undefined ? undefined : eq(apiCallStats.apiType, filter.apiType),
  ];
  return db
    .select({
      day: apiCallStats.day,
      keyId: apiCallStats.keyId,
      apiType: apiCallStats.apiType,
      calls: apiCallStats.calls,
      clientErrors: apiCallStats.clientErrors,
      serverErrors: apiCallStats.serverErrors,
      throttled: apiCallStats.throttled,
      latencyMsSum: apiCallStats.latencyMsSum,
      latencyBuckets: apiCallStats.latencyBuckets,
    })
    .from(apiCallStats)
    .where(and(...where))
    .orderBy(asc(apiCallStats.day), asc(apiCallStats.keyId), asc(apiCallStats.apiType));
}

/** The tenant's keys, revoked ones too, oldest first. */
export async function tenantKeys(db: Db, tenantId: number): Promise<{ id: number; name: string; revoked: boolean }[]> {
  const rows = await db
    .select({ id: apiKeys.id, name: apiKeys.name, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => ({ id: row.id, name: row.name, revoked: row.revokedAt !== null }));
}

/** Whether a key is the tenant's (another tenant's id is "not found"). */
export async function keyOfTenant(db: Db, tenantId: number, keyId: number): Promise<boolean> {
  const rows = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId))).limit(1);
  return rows.length > 0;
}

