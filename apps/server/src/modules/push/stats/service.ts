import { PUSH_ATTEMPT_OUTCOMES, PUSH_REFUSALS } from '@portal/shared/open-api';
import type { PushFigures, PushStatistics } from '@portal/shared/usage-statistics';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { serverTimeZone } from '../../../lib/server-day.ts';
import { resolveStatisticsRange, type StatisticsRangeQuery } from '../../../lib/statistics-range.ts';
import { daysOf } from '../../open-api/usage/service.ts';
import { attemptCounts, deliveryCounts, failureReasons, refusedDeliveries, tenantEndpoints, type AttemptCounts, type DeliveryCounts, type Grouped, type PushStatsFilter } from './repository.ts';

export type PushStatsQuery = StatisticsRangeQuery & { endpointId?: number };

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const numberOrNull = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));

function figuresOf(deliveries: DeliveryCounts | undefined, attempts: AttemptCounts | undefined): PushFigures {
  const succeeded = Number(deliveries?.succeeded ?? 0);
  const failed = Number(deliveries?.failed ?? 0);
  return {
    deliveries: Number(deliveries?.deliveries ?? 0),
    succeeded,
    failed,
    pending: Number(deliveries?.pending ?? 0),
    successRate: succeeded + failed === 0 ? null : round4(succeeded / (succeeded + failed)),
    attempts: Number(attempts?.attempts ?? 0),
    failedAttempts: Number(attempts?.failed_attempts ?? 0),
    avgLatencyMs: numberOrNull(attempts?.avg_ms),
    p95LatencyMs: numberOrNull(attempts?.p95_ms),
  };
}

/** The rows of a grouping-sets answer, apart: per day, per endpoint, and the whole range's. */
function split<T>(rows: Grouped<T>[]) {
  const days = new Map<string, T>();
  const endpoints = new Map<number, T>();
  let total: T | undefined;
  for (const row of rows) {
    const dayRolled = Number(row.day_rolled) === 1;
    const endpointRolled = Number(row.endpoint_rolled) === 1;
    if (dayRolled && endpointRolled) total = row;
    else if (endpointRolled && row.day !== null) days.set(row.day, row);
    else if (dayRolled && row.endpoint_id !== null) endpoints.set(Number(row.endpoint_id), row);
  }
  return { days, endpoints, total };
}

/** The range and filter of a request: an endpoint of another tenant (or none) is 404. */
export async function resolvePushStatsRequest(db: Db, tenantId: number, query: PushStatsQuery) {
  const range = resolveStatisticsRange(query);
  const endpoints = await tenantEndpoints(db, tenantId, query.endpointId);
  if (query.endpointId !== undefined && endpoints.length === 0) throw notFound('statsEndpointNotFound');
  const filter: PushStatsFilter = { tenantId, range, timeZone: serverTimeZone(), endpointId: query.endpointId };
  return { range, filter, endpoints };
}

/** Deliveries, success rate, failures by reason, per endpoint and per day of the tenant's pushes in the range. */
export async function pushStatistics(db: Db, tenantId: number, query: PushStatsQuery): Promise<PushStatistics> {
  const { range, filter, endpoints } = await resolvePushStatsRequest(db, tenantId, query);
  const [deliveries, attempts, reasons, refused] = [split(await deliveryCounts(db, filter)), split(await attemptCounts(db, filter)), await failureReasons(db, filter), await refusedDeliveries(db, filter)];
  return {
    ...range,
    totals: figuresOf(deliveries.total, attempts.total),
    days: daysOf(range).map((date) => ({ date, ...figuresOf(deliveries.days.get(date), attempts.days.get(date)) })),
    endpoints: endpoints
      .map((endpoint) => ({ endpointId: endpoint.id, url: endpoint.url, enabled: endpoint.enabled, ...figuresOf(deliveries.endpoints.get(endpoint.id), attempts.endpoints.get(endpoint.id)) }))
      .sort((a, b) => b.deliveries - a.deliveries || b.attempts - a.attempts),
    reasons: PUSH_ATTEMPT_OUTCOMES.filter((outcome) => outcome !== 'SUCCESS').map((outcome) => ({ outcome, attempts: reasons.get(outcome) ?? 0 })),
    refusals: PUSH_REFUSALS.map((refusal) => ({ refusal, deliveries: refused.get(refusal) ?? 0 })),
  };
}
