import { queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import type { Depart, UserInfo } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';

export type CurrentUserDeparts = { list: Depart[]; orgCode: string | null };

/** GET /sys/user/getCurrentUserDeparts: the user's departments and the current one's orgCode. */
export const getCurrentUserDeparts = () => http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');

// always fresh when the dialog opens: a department may have been granted or switched elsewhere since
export const currentUserDepartsQuery = () => queryOptions({ queryKey: ['account', 'current-user-departs'], queryFn: getCurrentUserDeparts, staleTime: 0, retry: false });

export const useCurrentUserDeparts = (enabled: boolean) => useQuery({ ...currentUserDepartsQuery(), enabled });

export type SelectDepartInput = { orgCode: string; username: string };

/** POST /sys/selectDepart: makes orgCode the user's current department and answers the new user info. */
export const selectDepart = (input: SelectDepartInput) => http.post<{ userInfo: UserInfo }>('/sys/selectDepart', input);

export const useSelectDepart = () => useMutation({ mutationFn: selectDepart });
