import { queryOptions } from '@tanstack/react-query';
import { POPUP_CACHE_MS, type QueryInfoItem, type ReportDataAnswer, type RpColumnsAnswer } from '@portal/shared/online';
import { download, http } from '../../lib/http.ts';

/**
 * The calls of an online report (spec §7 "Online reports"), shared by the report page and the popup
 * picker: the configuration (columns, query fields) is reused for POPUP_CACHE_MS per group, the data
 * and the chart are asked afresh.
 */
const BASE = '/online/cgreport/api';

export type ReportRow = ReportDataAnswer['records'][number];
export type ReportChartGroups = { groups: { key: string; label: string; value: string }[] };
export type ReportFilters = Record<string, string | number | undefined>;

/** The filters alone, without the page (and, `withOrder` false, without the order). */
export function filtersOf(params: ReportFilters, withOrder = true): ReportFilters {
  const dropped = new Set(withOrder ? ['pageNo', 'pageSize'] : ['pageNo', 'pageSize', 'column', 'order']);
  return Object.fromEntries(Object.entries(params).filter(([key]) => !dropped.has(key)));
}

/** The report's columns, dictionaries, default order and chart, by the report's code. */
export const rpColumnsQuery = (group: string, code: string) =>
  queryOptions({
    queryKey: [group, code, 'rpColumns'],
    queryFn: ({ signal }) => http.get<RpColumnsAnswer>(`${BASE}/getRpColumns/${encodeURIComponent(code)}`, { signal }),
    staleTime: POPUP_CACHE_MS,
    retry: false,
  });

/**
 * The query form's fields. Silent: spec §8 wants a failure here shown as the server's message in a
 * warning (not the notification of other failures), which the caller does.
 */
export const queryInfoQuery = (group: string, code: string, id: number | undefined) =>
  queryOptions({
    queryKey: [group, code, 'queryInfo', id],
    queryFn: ({ signal }) => http.get<QueryInfoItem[]>(`${BASE}/getQueryInfo/${String(id)}`, { signal, silent: true }),
    enabled: id !== undefined,
    staleTime: POPUP_CACHE_MS,
    retry: false,
  });

export const fetchReportData = (id: number, params: ReportFilters, signal?: AbortSignal) => http.get<ReportDataAnswer>(`${BASE}/getData/${String(id)}`, { params, signal });

export const fetchReportChart = (id: number, params: ReportFilters, signal?: AbortSignal) => http.get<ReportChartGroups>(`${BASE}/getChart/${String(id)}`, { params, signal });

/** The Excel file of what the list shows (its filters and order, not its page). */
export const exportReport = (id: number, params: ReportFilters, timeZone: string | undefined) => {
  return download(`${BASE}/exportXls/${String(id)}`, { params: { ...filtersOf(params), timeZone } });
};
