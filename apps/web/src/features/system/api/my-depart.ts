import type { DepartRoleRecord, MemberCandidateRecord, MemberInput, MemberRolesInput, MyDepartMemberRecord, MyDepartNode } from '@portal/shared/system-org';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of "my department" starts with this: a change invalidates them all. */
export const MY_DEPART_KEY = ['system', 'myDepart'] as const;
export const MY_DEPART_MEMBERS_KEY = [...MY_DEPART_KEY, 'members'] as const;

/** GET /sys/sysDepart/queryMyDeptTreeList: the departments the user leads, each with those under it. */
export const useMyDepartTree = () => useQuery({ queryKey: [...MY_DEPART_KEY, 'tree'], queryFn: ({ signal }) => http.get<MyDepartNode[]>('/sys/sysDepart/queryMyDeptTreeList', { signal }) });

/** GET /sys/myDepart/members?departId=: a led department's members, paged and searched. */
export const listMyDepartMembers = (departId: number) => (params: ListParams, signal?: AbortSignal) =>
  http.get<Page<MyDepartMemberRecord>>('/sys/myDepart/members', { params: { ...params, departId }, signal });

/** GET /sys/myDepart/roles?departId=: the department's own roles. */
export const useMyDepartRoles = (departId: number | null) =>
  useQuery({
    queryKey: [...MY_DEPART_KEY, 'roles', departId],
    queryFn: ({ signal }) => http.get<DepartRoleRecord[]>('/sys/myDepart/roles', { params: { departId: departId ?? 0 }, signal }),
    enabled: departId !== null,
  });

/** GET /sys/myDepart/candidates?departId=&keyword=: users of the tenant who may join (the first 20 matching). */
export const useMemberCandidates = (departId: number | null, keyword: string) =>
  useQuery({
    queryKey: [...MY_DEPART_KEY, 'candidates', departId, keyword],
    queryFn: ({ signal }) => http.get<MemberCandidateRecord[]>('/sys/myDepart/candidates', { params: { departId: departId ?? 0, keyword: keyword || undefined }, signal }),
    enabled: departId !== null,
  });

function useInvalidating<A>(mutationFn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: MY_DEPART_KEY }) });
}

/** POST /sys/myDepart/addMember. Silent: the dialog shows the refusal. */
export const useAddMember = () => useInvalidating((input: MemberInput) => http.post<null>('/sys/myDepart/addMember', input, { silent: true }));
/** DELETE /sys/myDepart/removeMember?departId=&userId= */
export const useRemoveMember = () => useInvalidating((input: MemberInput) => http.delete<null>('/sys/myDepart/removeMember', { params: input }));
/** POST /sys/myDepart/memberRoles: exactly these roles of the department. Silent: the dialog shows the refusal. */
export const useSetMemberRoles = () => useInvalidating((input: MemberRolesInput) => http.post<null>('/sys/myDepart/memberRoles', input, { silent: true }));
