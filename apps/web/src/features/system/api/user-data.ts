import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/shared/api';
import type { RecycledUserRecord } from '@portal/shared/system-user-data';
import { download, http, type DownloadedFile } from '../../../lib/http.ts';
import { uploadImport } from '../../../lib/upload.ts';
import type { ListParams } from '../../../components/list-page/list-config.ts';
import { USERS_KEY } from './users.ts';

/* The users' recycle bin, Excel export and import: /sys/user/delete ... importExcel. */

const RECYCLE_BIN_KEY = [...USERS_KEY, 'recycleBin'] as const;

/** Every mutation here changes both the list and the bin: both refresh (the bin's key is under the users'). */
function useUserDataMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }) });
}

/** DELETE /sys/user/delete?id= (one) or deleteBatch?ids= (several): to the recycle bin. Silent: the action shows the refusal. */
export const deleteUsers = (ids: number[]) =>
  ids.length === 1
    ? http.delete<{ count: number }>('/sys/user/delete', { params: { id: ids[0] }, silent: true })
    : http.delete<{ count: number }>('/sys/user/deleteBatch', { params: { ids: ids.join(',') }, silent: true });
export const useDeleteUsers = () => useUserDataMutation(deleteUsers);

export type RecycleBinParams = { pageNo: number; pageSize: number; keyword?: string };

/** GET /sys/user/recycleBin: the tenant's deleted users, the latest first. */
export const listRecycleBin = (params: RecycleBinParams, signal?: AbortSignal) => http.get<Page<RecycledUserRecord>>('/sys/user/recycleBin', { params, signal });
export const useRecycleBin = (params: RecycleBinParams, enabled: boolean) =>
  useQuery({ queryKey: [...RECYCLE_BIN_KEY, params], queryFn: ({ signal }) => listRecycleBin(params, signal), enabled, placeholderData: keepPreviousData });

/** PUT /sys/user/putRecycleBin: back to the list, as they were. */
export const restoreUsers = (ids: number[]) => http.put<{ count: number }>('/sys/user/putRecycleBin', { userIds: ids.join(',') }, { silent: true });
export const useRestoreUsers = () => useUserDataMutation(restoreUsers);

/** DELETE /sys/user/deleteRecycleBin: for good (the records that name them keep an anonymous user). */
export const purgeUsers = (ids: number[]) => http.delete<{ count: number }>('/sys/user/deleteRecycleBin', { params: { userIds: ids.join(',') }, silent: true });
export const usePurgeUsers = () => useUserDataMutation(purgeUsers);

const FILTERS = ['username', 'realname', 'phone', 'status', 'departId', 'roleId'] as const;

/** GET /sys/user/exportXls: what the list shows (its filters; not its page or sort), times in the user's zone. */
export function exportUsers(params: ListParams, timeZone: string | undefined): Promise<DownloadedFile> {
  const query: Record<string, string | number | undefined> = Object.fromEntries(FILTERS.map((name) => [name, params[name]]));
  return download('/sys/user/exportXls', { params: { ...query, timeZone } });
}

/** GET /sys/user/importTemplate: the header row and one example row, in the user's language. */
export const downloadUserTemplate = () => download('/sys/user/importTemplate');
export const useDownloadUserTemplate = () => useMutation({ mutationFn: downloadUserTemplate });

/** POST /sys/user/importExcel: all the rows or none (lib/upload.ts). */
export const importUsers = (file: File) => uploadImport('/sys/user/importExcel', file);
export const useImportUsers = () => useUserDataMutation(importUsers);
