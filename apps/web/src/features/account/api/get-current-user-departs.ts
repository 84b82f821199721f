import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Depart } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';

export type CurrentUserDeparts = { list: Depart[]; orgCode: string | null };

/** GET /sys/user/getCurrentUserDeparts: the user's departments and the current one's orgCode. */
export const getCurrentUserDeparts = () => http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');

// always fresh when the dialog opens: a department may have been granted or switched elsewhere since
export const currentUserDepartsQuery = () => queryOptions({ queryKey: ['account', 'current-user-departs'], queryFn: getCurrentUserDeparts, staleTime: 0, retry: false });

export const useCurrentUserDeparts = (enabled: boolean) => useQuery({ ...currentUserDepartsQuery(), enabled });
