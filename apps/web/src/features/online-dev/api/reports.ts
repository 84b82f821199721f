import type { DataSetRecord, ReportDefinitionInput, ReportRecord } from '@portal/shared/online';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { HISTORY_KEY } from './history.ts';

/** Every query of the report designer starts with this: a change invalidates the list and the history. */
export const REPORTS_KEY = ['online-dev', 'report'] as const;
export const REPORT_LIST_KEY = [...REPORTS_KEY, 'list'] as const;

/** GET /online/cgreport/head/list: the reports, paged, filtered by code and name. */
export const listReports = (params: ListParams, signal?: AbortSignal) => http.get<Page<ReportRecord>>('/online/cgreport/head/list', { params, signal });

/** GET /online/cgreport/dataSets: the data sets a report may read, with their fields and operators. */
export const useDataSets = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...REPORTS_KEY, 'data-sets'] as const,
      queryFn: ({ signal }) => http.get<DataSetRecord[]>('/online/cgreport/dataSets', { signal }),
      staleTime: 300_000,
      enabled,
    }),
  );

/** Every report (a popup field chooses its report among them). */
export const useAllReports = (enabled = true) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'all'] as const,
    queryFn: ({ signal }) => listReports({ pageNo: 1, pageSize: 100 }, signal).then((page) => page.records),
    staleTime: 60_000,
    enabled,
  });

/** POST /online/cgreport/head/add. Silent: the editor shows the refusal. */
export const addReport = (input: ReportDefinitionInput) => http.post<ReportRecord>('/online/cgreport/head/add', input, { silent: true });
/** PUT /online/cgreport/head/edit: with the version read (a stale one is refused). */
export const editReport = (input: ReportDefinitionInput & { id: number; version: number }) => http.put<ReportRecord>('/online/cgreport/head/edit', input, { silent: true });
/** DELETE /online/cgreport/head/delete?id= (a built-in report is refused). */
export const deleteReport = (id: number) => http.delete<null>('/online/cgreport/head/delete', { params: { id } });
/** POST /online/cgreport/head/rollback: the kept version becomes the newest. */
export const rollbackReport = (input: { code: string; version: number }) => http.post<ReportRecord>('/online/cgreport/head/rollback', { kind: 'report', ...input }, { silent: true });
/** POST /online/cgreport/head/publish: a menu entry under the group, and into the packages. */
export const publishReport = (input: { id: number; parentId: number; packageIds: number[] }) => http.post<unknown>('/online/cgreport/head/publish', input, { silent: true });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: REPORTS_KEY }), client.invalidateQueries({ queryKey: HISTORY_KEY })]);
    },
  });
}

export const useAddReport = () => useInvalidating(addReport);
export const useEditReport = () => useInvalidating(editReport);
export const useDeleteReport = () => useInvalidating(deleteReport);
export const useRollbackReport = () => useInvalidating(rollbackReport);
export const usePublishReport = () => useInvalidating(publishReport);
