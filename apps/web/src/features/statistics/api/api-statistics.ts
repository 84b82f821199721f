import { queryOptions } from '@tanstack/react-query';
import type { ApiStatistics, ApiStatsKeyOption } from '@portal/shared/usage-statistics';
import type { DayRange } from '@portal/shared/visit-statistics';
import { download, http } from '../../../lib/http.ts';

export type ApiStatsFilter = DayRange & { keyId?: number; apiType?: string };

const API_KEY = ['statistics', 'api'] as const;

/** GET /statistics/api: totals, per day, per key and per operation of the range. */
export const apiStatisticsQuery = (filter: ApiStatsFilter) =>
  queryOptions({
    queryKey: [...API_KEY, 'figures', filter] as const,
    queryFn: ({ signal }) => http.get<ApiStatistics>('/statistics/api', { params: { ...filter }, signal }),
    staleTime: 10_000,
  });

/** GET /statistics/api/keys: the tenant's keys for the filter, revoked ones too. */
export const apiStatsKeysQuery = () =>
  queryOptions({
    queryKey: [...API_KEY, 'keys'] as const,
    queryFn: ({ signal }) => http.get<ApiStatsKeyOption[]>('/statistics/api/keys', { signal }),
    staleTime: 60_000,
  });

/** GET /statistics/api/exportXls: one row per day, key and operation. */
export const exportApiStatistics = (filter: ApiStatsFilter) => download('/statistics/api/exportXls', { params: { ...filter } });
