import type { DayRange, VisitDayRecord, VisitTenantRecord } from '@portal/shared/visit-statistics';
import { queryOptions } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';

export type VisitQuery = DayRange & { tenantId?: number };

const VISITS_KEY = ['statistics', 'visit'] as const;

/** GET /sys/visitInfo: per day of the range, one tenant (a merchant's own, or the one the platform picks) or all. */
export const visitDaysQuery = (query: VisitQuery) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'days', query] as const,
    queryFn: ({ signal }) => http.get<VisitDayRecord[]>('/sys/visitInfo', { params: { ...query }, signal }),
    staleTime: 30_000,
  });

/** GET /sys/visitInfo/tenants: each tenant's totals over the range (the platform's breakdown). */
export const visitTenantsQuery = (range: DayRange, enabled: boolean) =>
  queryOptions({
    queryKey: [...VISITS_KEY, 'tenants', range] as const,
    queryFn: ({ signal }) => http.get<VisitTenantRecord[]>('/sys/visitInfo/tenants', { params: { ...range }, signal }),
    staleTime: 30_000,
    enabled,
  });

/** GET /sys/visitInfo/exportXls: the days the screen shows, as an Excel file. */
export const exportVisits = (query: VisitQuery) => download('/sys/visitInfo/exportXls', { params: { ...query } });
