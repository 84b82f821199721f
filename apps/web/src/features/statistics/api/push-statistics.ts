import { queryOptions } from '@tanstack/react-query';
import type { PushStatistics, PushStatsEndpointOption } from '@portal/shared/usage-statistics';
import type { DayRange } from '@portal/shared/visit-statistics';
import { download, http } from '../../../lib/http.ts';

export type PushStatsFilter = DayRange & { endpointId?: number };

export const PUSH_STATS_KEY = ['statistics', 'push'] as const;

/** GET /statistics/push: deliveries, success rate, attempts, failures by reason, per day and endpoint. */
export const pushStatisticsQuery = (filter: PushStatsFilter) =>
  queryOptions({
    queryKey: [...PUSH_STATS_KEY, 'figures', filter] as const,
    queryFn: ({ signal }) => http.get<PushStatistics>('/statistics/push', { params: { ...filter }, signal }),
    staleTime: 10_000,
  });

/** GET /statistics/push/endpoints: the tenant's endpoints for the filter. */
export const pushStatsEndpointsQuery = () =>
  queryOptions({
    queryKey: [...PUSH_STATS_KEY, 'endpoints'] as const,
    queryFn: ({ signal }) => http.get<PushStatsEndpointOption[]>('/statistics/push/endpoints', { signal }),
    staleTime: 60_000,
  });

/** GET /statistics/push/exportXls: the days, then the endpoints. */
export const exportPushStatistics = (filter: PushStatsFilter) => download('/statistics/push/exportXls', { params: { ...filter } });

/** The local day's bounds as times with the reader's offset: 00:00:00 of `begin` to 23:59:59 of `end`. */
export function replayWindow(range: DayRange, offsetOf: (day: string) => string): { from: string; to: string } {
  return { from: `${range.begin}T00:00:00${offsetOf(range.begin)}`, to: `${range.end}T23:59:59${offsetOf(range.end)}` };
}

/**
 * POST /push/deliveries/replay-failed (the delivery log's): the failed deliveries
 * created in the window tried again, of one endpoint or all. Answers how many were queued.
 */
export const replayFailedDeliveries = (body: { from: string; to: string; endpointId?: number }) => http.post<unknown>('/push/deliveries/replay-failed', body);
