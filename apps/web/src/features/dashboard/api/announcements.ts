import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** GET /sys/announcement/listByUser: published announcements of the platform and the user's tenant, newest first. */
export const listAnnouncements = (params: ListParams, signal?: AbortSignal) => http.get<Page<AnnouncementRecord>>('/sys/announcement/listByUser', { params, signal });

/** The home page's latest few. */
export const latestAnnouncementsQuery = (pageSize: number) =>
  queryOptions({
    queryKey: ['sys', 'announcement', 'listByUser', 'latest', pageSize] as const,
    queryFn: ({ signal }) => listAnnouncements({ pageNo: 1, pageSize }, signal),
    placeholderData: keepPreviousData,
    // failures are already shown by the HTTP client; the card offers a retry
    retry: false,
  });

export const useLatestAnnouncements = (pageSize: number) => useQuery(latestAnnouncementsQuery(pageSize));

/** POST /sys/announcement/read: opening one on the home page marks it read; the bell and the lists follow. Silent: a failure only leaves it unread. */
export const markAnnouncementRead = (id: number) => http.post<unknown>('/sys/announcement/read', { id }, { silent: true });

export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAnnouncementRead, onSuccess: () => client.invalidateQueries({ queryKey: ['sys', 'announcement'] }) });
}
