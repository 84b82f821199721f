import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepartAddInput,
  DepartEditInput,
  DepartIdNode,
  DepartMember,
  DepartMoveInput,
  DepartNode,
  DepartPermissionSave,
  DepartRecord,
  DepartRole,
  DepartRoleAddInput,
  DepartRoleEditInput,
  DeptRolePermissionSave,
  DeptRoleUserSave,
  GrantNode,
} from '@portal/shared/system-departs';
import type { Page } from '@portal/shared/api';
import { download, http } from '../../../lib/http.ts';
import { uploadImport } from '../../../lib/upload.ts';

/* Departments (spec §7 "Departments"): the tree, members, the ceiling of permissions, department roles. */

export const DEPARTS_KEY = ['sys', 'depart'] as const;

/** GET /sys/sysDepart/queryTreeList: the tenant's departments as a tree, with heads and member counts. */
export const queryDepartTree = (signal?: AbortSignal) => http.get<DepartNode[]>('/sys/sysDepart/queryTreeList', { signal });
export const departTreeQuery = () => queryOptions({ queryKey: [...DEPARTS_KEY, 'tree'] as const, queryFn: ({ signal }) => queryDepartTree(signal) });
export const useDepartTree = () => useQuery(departTreeQuery());

/**
 * GET /sys/user/departIdTree: the id/title tree of the user screens' department filter and picker, under the
 * user list's right (/sys/sysDepart/queryIdTree, the same tree, needs the departments' right).
 */
export const queryDepartIdTree = (signal?: AbortSignal) => http.get<DepartIdNode[]>('/sys/user/departIdTree', { signal });
export const departIdTreeQuery = () => queryOptions({ queryKey: [...DEPARTS_KEY, 'idTree'] as const, queryFn: ({ signal }) => queryDepartIdTree(signal) });
export const useDepartIdTree = () => useQuery(departIdTreeQuery());

/** GET /sys/sysDepart/exportXls: the tenant's departments as an Excel file. */
export const exportDeparts = (timeZone: string | undefined) => download('/sys/sysDepart/exportXls', { params: { timeZone } });

/** GET /sys/sysDepart/importTemplate: the header and two example rows, in the user's language. */
export const useDownloadDepartTemplate = () => useMutation({ mutationFn: () => download('/sys/sysDepart/importTemplate') });
/** POST /sys/sysDepart/importExcel: all the rows or none; the tree reloads after an import. */
export const useImportDeparts = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (file: File) => uploadImport('/sys/sysDepart/importExcel', file), onSuccess: () => client.invalidateQueries({ queryKey: DEPARTS_KEY }) });
};

/** GET /sys/sysDepart/searchBy?keyWord=: departments whose name or org code holds the word. */
export const searchDeparts = (keyWord: string, signal?: AbortSignal) => http.get<DepartRecord[]>('/sys/sysDepart/searchBy', { params: { keyWord }, signal });
export const useDepartSearch = (keyWord: string) =>
  useQuery({ queryKey: [...DEPARTS_KEY, 'search', keyWord] as const, queryFn: ({ signal }) => searchDeparts(keyWord, signal), enabled: keyWord.trim() !== '' });

/** Invalidates every department query after a change. */
function useDepartMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: DEPARTS_KEY }) });
}

// silent: the forms show refusals themselves
export const useAddDepart = () => useDepartMutation((input: DepartAddInput) => http.post<DepartRecord>('/sys/sysDepart/add', input, { silent: true }));
export const useEditDepart = () => useDepartMutation((input: DepartEditInput) => http.put<DepartRecord>('/sys/sysDepart/edit', input, { silent: true }));
export const useDeleteDepart = () => useDepartMutation((id: number) => http.delete<null>('/sys/sysDepart/delete', { params: { id }, silent: true }));
export const useMoveDepart = () => useDepartMutation((input: DepartMoveInput) => http.put<null>('/sys/sysDepart/move', input));

/** GET /sys/user/departUserList?depId=: the department's members, a page at a time. */
export const useDepartMembers = (depId: number | undefined, pageNo: number, pageSize: number, username?: string) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'members', depId, pageNo, pageSize, username ?? ''] as const,
    queryFn: ({ signal }) => http.get<Page<DepartMember>>('/sys/user/departUserList', { params: { depId, pageNo, pageSize, username }, signal }),
    enabled: depId !== undefined,
  });
export const useAddDepartMembers = () =>
  useDepartMutation((input: { depId: number; userIdList: number[] }) => http.post<null>('/sys/user/editSysDepartWithUser', input, { silent: true }));
export const useRemoveDepartMember = () =>
  useDepartMutation((input: { depId: number; userId: number }) => http.delete<null>('/sys/user/deleteUserInDepart', { params: input, silent: true }));

/** GET /sys/permission/queryDepartPermission?departId=: the ids of the department's ceiling. */
export const useDepartPermission = (departId: number | undefined) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'permission', departId] as const,
    queryFn: ({ signal }) => http.get<number[]>('/sys/permission/queryDepartPermission', { params: { departId }, signal }),
    enabled: departId !== undefined,
  });
export const useSaveDepartPermission = () => useDepartMutation((input: DepartPermissionSave) => http.post<null>('/sys/permission/saveDepartPermission', input, { silent: true }));

/** GET /sys/sysDepartRole/list?deptId=: the department's roles. */
export const useDepartRoles = (deptId: number | undefined, pageNo = 1, pageSize = 50) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'roles', deptId, pageNo, pageSize] as const,
    queryFn: ({ signal }) => http.get<Page<DepartRole>>('/sys/sysDepartRole/list', { params: { deptId, pageNo, pageSize }, signal }),
    enabled: deptId !== undefined,
  });
export const useAddDepartRole = () => useDepartMutation((input: DepartRoleAddInput) => http.post<DepartRole>('/sys/sysDepartRole/add', input, { silent: true }));
export const useEditDepartRole = () => useDepartMutation((input: DepartRoleEditInput) => http.put<DepartRole>('/sys/sysDepartRole/edit', input, { silent: true }));
export const useDeleteDepartRole = () => useDepartMutation((id: number) => http.delete<null>('/sys/sysDepartRole/delete', { params: { id }, silent: true }));

/** GET /sys/sysDepartPermission/queryTreeListForDeptRole?departId=: the catalogue limited to the department's ceiling. */
export const useDeptRoleTree = (departId: number | undefined) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'roleTree', departId] as const,
    queryFn: ({ signal }) => http.get<GrantNode[]>('/sys/sysDepartPermission/queryTreeListForDeptRole', { params: { departId }, signal }),
    enabled: departId !== undefined,
  });
export const useDeptRolePermission = (roleId: number | undefined) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'rolePermission', roleId] as const,
    queryFn: ({ signal }) => http.get<number[]>('/sys/sysDepartPermission/queryDeptRolePermission', { params: { roleId }, signal }),
    enabled: roleId !== undefined,
  });
export const useSaveDeptRolePermission = () =>
  useDepartMutation((input: DeptRolePermissionSave) => http.post<null>('/sys/sysDepartPermission/saveDeptRolePermission', input, { silent: true }));

/** GET /sys/sysDepartRole/getDeptRoleByUserId: the ids of the department roles the user holds there. */
export const useDeptRolesOfUser = (userId: number | undefined, departId: number | undefined) =>
  useQuery({
    queryKey: [...DEPARTS_KEY, 'userRoles', userId, departId] as const,
    queryFn: ({ signal }) => http.get<number[]>('/sys/sysDepartRole/getDeptRoleByUserId', { params: { userId, departId }, signal }),
    enabled: userId !== undefined && departId !== undefined,
  });
export const useSaveDeptRoleUser = () => useDepartMutation((input: DeptRoleUserSave) => http.post<null>('/sys/sysDepartRole/deptRoleUserAdd', input, { silent: true }));
