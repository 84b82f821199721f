import type { PermissionTree, RoleRecord, RoleUserRecord, roleInput } from '@portal/shared/system-roles';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const ROLES_KEY = ['system', 'role'] as const;
export const ROLE_LIST_KEY = [...ROLES_KEY, 'list'] as const;
export const ROLE_USERS_KEY = [...ROLES_KEY, 'users'] as const;

/** GET /sys/role/list: the roles of the caller's tenant, paged. */
export const listRoles = (params: ListParams, signal?: AbortSignal) => http.get<Page<RoleRecord>>('/sys/role/list', { params, signal });

/** GET /sys/role/queryall: every role of the tenant (the user form's role select). */
export const allRolesQuery = () =>
  queryOptions({ queryKey: [...ROLES_KEY, 'all'] as const, queryFn: ({ signal }) => http.get<RoleRecord[]>('/sys/role/queryall', { signal }) });

export function useAllRoles() {
  return useQuery(allRolesQuery());
}

/** GET /sys/role/exportXls: the roles the list shows (its filters; not its page or sort), times in the user's zone. */
export const exportRoles = (params: ListParams, timeZone: string | undefined) =>
  download('/sys/role/exportXls', { params: { roleName: params.roleName as string | undefined, roleCode: params.roleCode as string | undefined, timeZone } });

export type RoleInput = z.input<typeof roleInput>;

/** GET /sys/role/checkRoleCode: true when the code is free (`id`: the role being edited keeps its own). */
export const checkRoleCode = (roleCode: string, id?: number) =>
  http.get<boolean>('/sys/role/checkRoleCode', { params: { roleCode, ...(id ? { id } : {}) }, silent: true });

function useRoleMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }) });
}

/** POST /sys/role/add. Silent: the drawer shows the refusal (409: the code is taken). */
export const useAddRole = () => useRoleMutation((input: RoleInput) => http.post<unknown>('/sys/role/add', input, { silent: true }));

/** PUT /sys/role/edit. Silent: the drawer shows the refusal. */
export const useEditRole = () => useRoleMutation((input: RoleInput & { id: number }) => http.put<unknown>('/sys/role/edit', input, { silent: true }));

/** DELETE /sys/role/delete?id=. Silent: the list says why it was refused. */
export const useDeleteRole = () => useRoleMutation((id: number) => http.delete<unknown>('/sys/role/delete', { params: { id }, silent: true }));

/** DELETE /sys/role/deleteBatch?ids=1,2. */
export const useDeleteRoles = () => useRoleMutation((ids: number[]) => http.delete<unknown>('/sys/role/deleteBatch', { params: { ids: ids.join(',') }, silent: true }));

/** GET /sys/user/userRoleList?roleId=: the users of a role, paged. */
export const listRoleUsers = (roleId: number) => (params: ListParams, signal?: AbortSignal) =>
  http.get<Page<RoleUserRecord>>('/sys/user/userRoleList', { params: { ...params, roleId }, signal });

/** POST /sys/user/addSysUserRole. */
export const useAddRoleUsers = () => useRoleMutation((input: { roleId: number; userIdList: number[] }) => http.post<unknown>('/sys/user/addSysUserRole', input, { silent: true }));

/** DELETE /sys/user/deleteUserRole?roleId=&userId=. */
export const useRemoveRoleUser = () =>
  useRoleMutation((input: { roleId: number; userId: number }) => http.delete<unknown>('/sys/user/deleteUserRole', { params: input, silent: true }));

/** DELETE /sys/user/deleteUserRoleBatch?roleId=&userIds=1,2. */
export const useRemoveRoleUsers = () =>
  useRoleMutation((input: { roleId: number; userIds: number[] }) =>
    http.delete<unknown>('/sys/user/deleteUserRoleBatch', { params: { roleId: input.roleId, userIds: input.userIds.join(',') }, silent: true }),
  );

/** GET /sys/role/queryTreeList: the menus and buttons the caller may grant in this tenant. */
export const grantableTreeQuery = () =>
  queryOptions({ queryKey: [...ROLES_KEY, 'tree'] as const, queryFn: ({ signal }) => http.get<PermissionTree>('/sys/role/queryTreeList', { signal }) });

/** GET /sys/permission/queryRolePermission?roleId=: the ids the role is granted. */
export const rolePermissionQuery = (roleId: number) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'permissions', roleId] as const,
    queryFn: ({ signal }) => http.get<number[]>('/sys/permission/queryRolePermission', { params: { roleId }, signal }),
  });

/** POST /sys/permission/saveRolePermission. Silent: the drawer shows the refusal. */
export const useSaveRolePermission = () =>
  useRoleMutation((input: { roleId: number; permissionIds: number[]; lastpermissionIds: number[] }) =>
    http.post<unknown>('/sys/permission/saveRolePermission', input, { silent: true }),
  );
