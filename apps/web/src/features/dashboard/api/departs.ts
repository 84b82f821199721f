import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Depart } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';

export type CurrentUserDeparts = { list: Depart[]; orgCode: string | null };

/** GET /sys/user/getCurrentUserDeparts: the user's departments and the current one's orgCode. */
export const getCurrentUserDeparts = (signal?: AbortSignal) => http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts', { signal });

/** Keyed by the current orgCode too, so a department switch shows the new name without a reload. */
export const currentUserDepartsQuery = (orgCode: string | null | undefined) =>
  queryOptions({
    queryKey: ['sys', 'user', 'currentUserDeparts', orgCode ?? null] as const,
    queryFn: ({ signal }) => getCurrentUserDeparts(signal),
    // failures are already shown by the HTTP client; the home page then just shows no department
    retry: false,
  });

export const useCurrentUserDeparts = (orgCode: string | null | undefined) => useQuery(currentUserDepartsQuery(orgCode));

/** The name of the current department, or null when the user has none. */
export function currentDepartName(departs: CurrentUserDeparts | undefined): string | null {
  if (!departs?.orgCode) return null;
  return departs.list.find((depart) => depart.orgCode === departs.orgCode)?.departName ?? null;
}
