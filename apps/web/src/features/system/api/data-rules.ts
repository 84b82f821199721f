import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRuleInput, DataRuleRecord, RoleDataRules } from '@portal/shared/system-data-rules';
import { http } from '../../../lib/http.ts';

/* Data rules of a menu (docs/decisions/0016-data-rules.md): the tenant's definitions and the rules a role chose. */

export const DATA_RULES_KEY = ['sys', 'dataRule'] as const;

/** GET /sys/permission/getPermRuleListByPermId: the tenant's rules of a menu. */
export const useMenuRules = (permissionId: number | undefined) =>
  useQuery({
    queryKey: [...DATA_RULES_KEY, 'menu', permissionId] as const,
    queryFn: ({ signal }) => http.get<DataRuleRecord[]>('/sys/permission/getPermRuleListByPermId', { params: { permissionId }, signal }),
    enabled: permissionId !== undefined,
  });

/** GET /sys/role/datarule/:permissionId/:roleId: the menu's rules and those the role chose. */
export const useRoleRules = (permissionId: number | undefined, roleId: number | undefined) =>
  useQuery({
    queryKey: [...DATA_RULES_KEY, 'role', permissionId, roleId] as const,
    queryFn: ({ signal }) => http.get<RoleDataRules>(`/sys/role/datarule/${permissionId}/${roleId}`, { signal }),
    enabled: permissionId !== undefined && roleId !== undefined,
  });

function useRuleMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: DATA_RULES_KEY }) });
}

// silent: the forms show refusals themselves
export const useAddRule = () => useRuleMutation((input: DataRuleInput) => http.post<DataRuleRecord>('/sys/permission/addPermissionRule', input, { silent: true }));
export const useEditRule = () => useRuleMutation((input: DataRuleInput & { id: number }) => http.put<DataRuleRecord>('/sys/permission/editPermissionRule', input, { silent: true }));
export const useDeleteRule = () => useRuleMutation((id: number) => http.delete<null>('/sys/permission/deletePermissionRule', { params: { id } }));
export const useChooseRules = () =>
  useRuleMutation((input: { permissionId: number; roleId: number; dataRuleIds: number[] }) => http.post<null>('/sys/role/datarule', input, { silent: true }));
