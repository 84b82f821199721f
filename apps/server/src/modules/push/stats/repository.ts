import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PushAttemptOutcome, PushRefusal } from '@portal/shared/open-api';
import type { DayRange } from '@portal/shared/visit-statistics';
import type { Db } from '../../../db/client.ts';
import { pushAttempts, pushDeliveries, pushEndpoints } from '../../../db/schema/open-api.ts';
import { rawRows } from '../../../lib/raw-rows.ts';

export type PushStatsFilter = { tenantId: number; range: DayRange; timeZone: string; endpointId?: number };

// a day of the range is that whole day in the server's zone: from its midnight to the next one's
const from = (f: PushStatsFilter) => sql`(${f.range.begin}::date)::timestamp at time zone ${f.timeZone}`;
const until = (f: PushStatsFilter) => sql`(${f.range.end}::date + 1)::timestamp at time zone ${f.timeZone}`;
const dayOf = (column: SQL | typeof pushDeliveries.createdAt | typeof pushAttempts.startedAt, f: PushStatsFilter) =>
  sql`to_char((${column} at time zone ${f.timeZone})::date, 'YYYY-MM-DD')`;

/** A row of a grouping-sets query: a day's, an endpoint's, or (both null) the whole range's. */
export type Grouped<T> = T & { day: string | null; endpoint_id: string | number | null; day_rolled: number | string; endpoint_rolled: number | string };

export type DeliveryCounts = { deliveries: string; succeeded: string; failed: string; pending: string };

/**
 * Deliveries created in the range (push_delivery_tenant_created_idx), counted by status per day, per
 * endpoint and in all.
 */
export function deliveryCounts(db: Db, f: PushStatsFilter): Promise<Grouped<DeliveryCounts>[]> {
  const d = pushDeliveries;
  const endpoint = f.endpointId === undefined ? sql`` : sql` and ${d.endpointId} = ${f.endpointId}`;
  return rawRows(db, sql`
    select x.day, x.endpoint_id, grouping(x.day) as day_rolled, grouping(x.endpoint_id) as endpoint_rolled,
      count(*) as deliveries,
      count(*) filter (where x.status = 'SUCCEEDED') as succeeded,
      count(*) filter (where x.status = 'FAILED') as failed,
      count(*) filter (where x.status = 'PENDING') as pending
    from (
      select ${dayOf(d.createdAt, f)} as day, ${d.endpointId} as endpoint_id, ${d.status} as status from ${d}
      where ${d.tenantId} = ${f.tenantId} and ${d.createdAt} >= ${from(f)} and ${d.createdAt} < ${until(f)}${endpoint}
    ) as x
    group by grouping sets ((x.day), (x.endpoint_id), ())`);
}

export type AttemptCounts = { attempts: string; failed_attempts: string; avg_ms: string | number | null; p95_ms: string | number | null };

/**
 * Attempts started in the range (push_attempt_tenant_started_idx): how many, how many failed, their mean
 * and 95th percentile latency (exact, over the attempts themselves), per day, per endpoint and in all.
 */
export function attemptCounts(db: Db, f: PushStatsFilter): Promise<Grouped<AttemptCounts>[]> {
  const a = pushAttempts;
  const endpoint = f.endpointId === undefined ? sql`` : sql` and ${a.endpointId} = ${f.endpointId}`;
  return rawRows(db, sql`
    select x.day, x.endpoint_id, grouping(x.day) as day_rolled, grouping(x.endpoint_id) as endpoint_rolled,
      count(*) as attempts,
      count(*) filter (where x.outcome <> 'SUCCESS') as failed_attempts,
      round(avg(x.latency_ms), 1) as avg_ms,
      round(percentile_cont(0.95) within group (order by x.latency_ms)::numeric, 1) as p95_ms
    from (
      select ${dayOf(a.startedAt, f)} as day, ${a.endpointId} as endpoint_id, ${a.outcome} as outcome, ${a.latencyMs} as latency_ms from ${a}
      where ${a.tenantId} = ${f.tenantId} and ${a.startedAt} >= ${from(f)} and ${a.startedAt} < ${until(f)}${endpoint}
    ) as x
    group by grouping sets ((x.day), (x.endpoint_id), ())`);
}

/** Failed attempts of the range by how they ended. */
export async function failureReasons(db: Db, f: PushStatsFilter): Promise<Map<PushAttemptOutcome, number>> {
  const a = pushAttempts;
  const endpoint = f.endpointId === undefined ? sql`` : sql` and ${a.endpointId} = ${f.endpointId}`;
  const rows = await rawRows<{ outcome: PushAttemptOutcome; attempts: string }>(db, sql`
    select ${a.outcome} as outcome, count(*) as attempts from ${a}
    where ${a.tenantId} = ${f.tenantId} and ${a.startedAt} >= ${from(f)} and ${a.startedAt} < ${until(f)} and ${a.outcome} <> 'SUCCESS'${endpoint}
    group by 1`);
  return new Map(rows.map((row) => [row.outcome, Number(row.attempts)]));
}

/** Deliveries created in the range that failed without an attempt (refused before sending), by why. */
export async function refusedDeliveries(db: Db, f: PushStatsFilter): Promise<Map<PushRefusal, number>> {
  const d = pushDeliveries;
  const endpoint = f.endpointId === undefined ? sql`` : sql` and ${d.endpointId} = ${f.endpointId}`;
  const rows = await rawRows<{ refusal: PushRefusal; deliveries: string }>(db, sql`
    select ${d.refusal} as refusal, count(*) as deliveries from ${d}
    where ${d.tenantId} = ${f.tenantId} and ${d.createdAt} >= ${from(f)} and ${d.createdAt} < ${until(f)} and ${d.refusal} is not null${endpoint}
    group by 1`);
  return new Map(rows.map((row) => [row.refusal, Number(row.deliveries)]));
}

/** The tenant's endpoints (or the one asked for), oldest first. */
export function tenantEndpoints(db: Db, tenantId: number, endpointId?: number): Promise<{ id: number; url: string; enabled: boolean }[]> {
  return db
    .select({ id: pushEndpoints.id, url: pushEndpoints.url, enabled: pushEndpoints.enabled })
    .from(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, tenantId), endpointId === undefined ? undefined : eq(pushEndpoints.id, endpointId)))
    .orderBy(asc(pushEndpoints.createdAt), asc(pushEndpoints.id));
}
