import type { PositionEditInput, PositionInput, PositionRecord } from '@portal/shared/system-org';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, http, HttpError } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';
import { uploadImport } from '../../../lib/upload.ts';

/** Every query of the tenant's positions starts with this: a change invalidates them all (the users' forms too). */
export const POSITIONS_KEY = ['system', 'position'] as const;
export const POSITION_LIST_KEY = [...POSITIONS_KEY, 'list'] as const;

/** GET /sys/position/list: the tenant's positions, paged, filtered by code and name, sorted (rank by default, 1 first). */
export const listPositions = (params: ListParams, signal?: AbortSignal) => http.get<Page<PositionRecord>>('/sys/position/list', { params, signal });

/** Every position of the tenant, highest rank first: the options of a user's positions (a tenant has few). */
export const allPositionsQuery = () =>
  queryOptions({
    queryKey: [...POSITIONS_KEY, 'all'] as const,
    queryFn: ({ signal }) => listPositions({ pageNo: 1, pageSize: 200, column: 'rank', order: 'asc' }, signal).then((page) => page.records),
    staleTime: 60_000,
  });

export const useAllPositions = (enabled = true) => useQuery({ ...allPositionsQuery(), enabled });

/** POST /sys/position/add. Silent: the dialog shows the server's refusal. */
export const addPosition = (input: PositionInput) => http.post<PositionRecord>('/sys/position/add', input, { silent: true });
/** PUT /sys/position/edit. Silent: the dialog shows the server's refusal. */
export const editPosition = (input: PositionEditInput) => http.put<PositionRecord>('/sys/position/edit', input, { silent: true });
/** DELETE /sys/position/delete?id=: the users who held it lose it. */
export const deletePosition = (id: number) => http.delete<null>('/sys/position/delete', { params: { id } });
/** DELETE /sys/position/deleteBatch?ids=1,2,3 */
export const deletePositions = (ids: number[]) => http.delete<null>('/sys/position/deleteBatch', { params: { ids: ids.join(',') } });

/**
 * GET /sys/position/checkCode?code=&id=: true when the code is free in the tenant (the position being
 * edited keeps its own); the server answers a taken code with 409.
 */
export const checkPositionCode = (code: string, id?: number) =>
  http.get<null>('/sys/position/checkCode', { params: { code, id }, silent: true }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 409) return false;
      throw error;
    },
  );

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: POSITIONS_KEY }) });
}

export const useAddPosition = () => useInvalidating(addPosition);
export const useEditPosition = () => useInvalidating(editPosition);
export const useDeletePosition = () => useInvalidating(deletePosition);
export const useDeletePositions = () => useInvalidating(deletePositions);

/** GET /sys/position/exportXls: the positions the list shows, as an Excel file. */
export const exportPositions = (filters: { code?: string; name?: string }) => download('/sys/position/exportXls', { params: { ...filters, timeZone: userTimeZone() } });

/** GET /sys/position/importTemplate: the header and one example row, in the user's language. */
export const useDownloadPositionTemplate = () => useMutation({ mutationFn: () => download('/sys/position/importTemplate') });
/** POST /sys/position/importExcel: all the rows or none; every list of positions reloads after an import. */
export const useImportPositions = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (file: File) => uploadImport('/sys/position/importExcel', file), onSuccess: () => client.invalidateQueries({ queryKey: POSITIONS_KEY }) });
};
