import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogisticsSummary } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';

/** GET /logistics/summary: the home page's logistics figures (the caller's tenant; every tenant for platform staff). */
export const getLogisticsSummary = (signal?: AbortSignal) => http.get<LogisticsSummary>('/logistics/summary', { signal });

export const logisticsSummaryQuery = () =>
  queryOptions({
    queryKey: ['logistics', 'summary'] as const,
    queryFn: ({ signal }) => getLogisticsSummary(signal),
    // figures of a glance: a minute old is fine, and coming back to home does not ask again at once
    staleTime: 60_000,
    // failures are already shown by the HTTP client; the card offers a retry
    retry: false,
  });

export const useLogisticsSummary = (enabled: boolean) => useQuery({ ...logisticsSummaryQuery(), enabled });
