import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';

export type SelectDepartInput = { orgCode: string; username: string };

/** POST /sys/selectDepart: makes orgCode the user's current department and answers the new user info. */
export const selectDepart = (input: SelectDepartInput) => http.post<{ userInfo: UserInfo }>('/sys/selectDepart', input);

export const useSelectDepart = () => useMutation({ mutationFn: selectDepart });
