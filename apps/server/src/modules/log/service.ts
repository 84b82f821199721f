import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { lastSevenDays, presetRange, rangeProblem, VISIT_RANGE_MAX_DAYS, type DayRange, type VisitPreset } from '@portal/shared/visit-statistics';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { tenantExists, today, type StatisticsScope } from './repository.ts';

export type RangeQuery = { preset?: VisitPreset; begin?: string; end?: string; tenantId?: number };

/** The days asked for: a preset, a start and an end day, or (neither) the last seven days, counted from the database's today. */
export async function resolveRange(db: Db, query: RangeQuery): Promise<DayRange> {
  const hasDays = query.begin !== undefined || query.end !== undefined;
  if (query.preset && hasDays) throw badRequest('visitRangeBoth');
  if (hasDays && (query.begin === undefined || query.end === undefined)) throw badRequest('visitRangeHalf');
  if (query.begin !== undefined && query.end !== undefined) {
    const range = { begin: query.begin, end: query.end };
    const problem = rangeProblem(range);
    if (problem) throw badRequest(problem, { max: VISIT_RANGE_MAX_DAYS });
    return range;
  }
  const now = await today(db);
  return query.preset ? presetRange(query.preset, now) : lastSevenDays(now);
}

/**
 * Whose statistics: a merchant's own tenant only (another tenant's id is 404, like every record of
 * another tenant); the platform every tenant together, or the one it names.
 */
export async function resolveScope(db: Db, callerTenant: number, tenantId: number | undefined): Promise<StatisticsScope> {
  if (callerTenant !== PLATFORM_TENANT) {
    if (tenantId !== undefined && tenantId !== callerTenant) throw notFound('visitTenantNotFound');
    return { tenantId: callerTenant };
  }
  if (tenantId === undefined) return 'all';
  if (!(await tenantExists(db, tenantId))) throw notFound('visitTenantNotFound');
  return { tenantId };
}
