import { lastSevenDays, presetRange, rangeProblem, VISIT_RANGE_MAX_DAYS, type DayRange, type VisitPreset } from '@portal/shared/visit-statistics';
import { badRequest } from './errors.ts';
import { serverDay } from './server-day.ts';

export type StatisticsRangeQuery = { preset?: VisitPreset; begin?: string; end?: string };

/**
 * The days of an issue-15 statistics request: a preset counted from the server's today, a start and an end
 * day (at most VISIT_RANGE_MAX_DAYS), or neither: the last seven days. The refusals are the visit
 * statistics' own (same rule, same words).
 */
export function resolveStatisticsRange(query: StatisticsRangeQuery, now: Date = new Date()): DayRange {
  const hasDays = query.begin !== undefined || query.end !== undefined;
  if (query.preset && hasDays) throw badRequest('visitRangeBoth');
  if (hasDays && (query.begin === undefined || query.end === undefined)) throw badRequest('visitRangeHalf');
  if (query.begin !== undefined && query.end !== undefined) {
    const range = { begin: query.begin, end: query.end };
    const problem = rangeProblem(range);
    if (problem) throw badRequest(problem, { max: VISIT_RANGE_MAX_DAYS });
    return range;
  }
  const today = serverDay(now);
  return query.preset ? presetRange(query.preset, today) : lastSevenDays(today);
}
