import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@portal/shared/api';
import type {
  DepartMemberRecord,
  PasswordResetMode,
  PasswordResetResult,
  UserAddInput,
  UserEditInput,
  UserRecord,
} from '@portal/shared/system-users';
import { BusinessError, buildUrl, HTTP_TIMEOUT_MS, http, requestHeaders } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/* Users of the caller's tenant (spec §7 "Users, roles and permissions"): /sys/user/*. */

export const USERS_KEY = ['sys', 'user'] as const;
export const USER_LIST_KEY = [...USERS_KEY, 'list'] as const;

/** GET /sys/user/list: filters username, realname, phone, status, departId, roleId; sorted by an allow-list. */
export const listUsers = (params: ListParams, signal?: AbortSignal) => http.get<Page<UserRecord>>('/sys/user/list', { params, signal });

function useUserMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }) });
}

/** POST /sys/user/add. Silent: the drawer shows the refusal (409 a taken username or phone). */
export const addUser = (input: UserAddInput) => http.post<UserRecord>('/sys/user/add', input, { silent: true });
export const useAddUser = () => useUserMutation(addUser);

/** PUT /sys/user/edit. Silent: the drawer shows the refusal. */
export const editUser = (input: UserEditInput) => http.put<UserRecord>('/sys/user/edit', input, { silent: true });
export const useEditUser = () => useUserMutation(editUser);

/**
 * GET /sys/user/checkOnlyUser: whether the username is free (the user being edited excluded). A taken
 * or invalid name answers success false: that is the answer here, not a failure, so it resolves with the
 * server's words.
 */
export async function checkOnlyUser(username: string, dataId: number | undefined, signal?: AbortSignal): Promise<{ available: boolean; message: string }> {
  try {
    await http.get<null>('/sys/user/checkOnlyUser', { params: { username, dataId }, silent: true, signal });
    return { available: true, message: '' };
  } catch (error) {
    if (error instanceof BusinessError) return { available: false, message: error.message };
    throw error;
  }
}
export const useCheckOnlyUser = (username: string, dataId: number | undefined) =>
  useQuery({
    queryKey: [...USERS_KEY, 'checkOnly', username, dataId ?? null] as const,
    queryFn: ({ signal }) => checkOnlyUser(username, dataId, signal),
    enabled: username.trim() !== '',
    staleTime: 5_000,
  });

/** GET /sys/user/queryUserRole?userid=: the ids of the user's roles in the tenant. */
export const queryUserRole = (userid: number, signal?: AbortSignal) => http.get<number[]>('/sys/user/queryUserRole', { params: { userid }, signal });
export const userRoleQuery = (userid: number) => queryOptions({ queryKey: [...USERS_KEY, 'roles', userid] as const, queryFn: ({ signal }) => queryUserRole(userid, signal) });

/** PUT /sys/user/frozenBatch: status 2 freezes (their sessions end at once), 1 unfreezes. */
export const frozenBatch = (input: { ids: number[]; status: 1 | 2 }) => http.put<null>('/sys/user/frozenBatch', input, { silent: true });
export const useFrozenBatch = () => useUserMutation(frozenBatch);

/** PUT /sys/user/changePassword: an administrator's reset; the new password is answered once ('show') or sent by SMS. */
export const resetUserPassword = (input: { id: number; mode: PasswordResetMode }) => http.put<PasswordResetResult>('/sys/user/changePassword', input, { silent: true });
export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });

/** GET /sys/user/queryUserByDepId?id=: the users of a department of the tenant. */
export const queryUserByDepId = (id: number, signal?: AbortSignal) => http.get<DepartMemberRecord[]>('/sys/user/queryUserByDepId', { params: { id }, signal });

/**
 * POST /sys/user/avatar (multipart, field "file"): a PNG, JPEG or WebP image; answers the URL the user
 * record keeps. Not through http.post, which sends JSON: the browser writes the multipart boundary.
 */
export async function uploadAvatar(file: File, signal?: AbortSignal): Promise<{ url: string }> {
  const data = new FormData();
  data.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(buildUrl('POST', '/sys/user/avatar'), {
      method: 'POST',
      headers: requestHeaders(false),
      body: data,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new Error(i18n.t('errors.timeout'));
  }
  const body = (await response.json().catch(() => null)) as Envelope<{ url: string }> | null;
  if (!response.ok || !body?.success) throw new Error(body?.message || i18n.t('errors.operationFailed'));
  return body.result;
}
