import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnnouncementAudience, AnnouncementEditInput, AnnouncementInput, AnnouncementManageRecord, AnnouncementRecord, UnreadSummary } from '@portal/shared/announcement';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every announcement query starts with this: a read mark or a published one refreshes them all (the home page's list included). */
export const ANNOUNCEMENTS_KEY = ['sys', 'announcement'] as const;
export const INBOX_LIST_KEY = [...ANNOUNCEMENTS_KEY, 'listByUser', 'page'] as const;
export const MANAGE_LIST_KEY = [...ANNOUNCEMENTS_KEY, 'manage', 'list'] as const;
export const UNREAD_KEY = [...ANNOUNCEMENTS_KEY, 'unread'] as const;

// the reader's side

/** GET /sys/announcement/listByUser: what reaches the user, with read marks. */
export const listInbox = (params: ListParams, signal?: AbortSignal) => http.get<Page<AnnouncementRecord>>('/sys/announcement/listByUser', { params, signal });

/** GET /sys/announcement/detail?id=: one that reaches the user, whole (the bell's links open it). */
export const announcementDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...ANNOUNCEMENTS_KEY, 'detail', id] as const, queryFn: ({ signal }) => http.get<AnnouncementRecord>('/sys/announcement/detail', { params: { id }, signal }) });

export const useAnnouncementDetail = (id: number | null) => useQuery({ ...announcementDetailQuery(id ?? 0), enabled: id !== null });

/** GET /sys/announcement/unread: the bell's figure; the live channel keeps it current (`applyUnread`). */
export const unreadQuery = () =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => http.get<UnreadSummary>('/sys/announcement/unread', { signal, silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
    // the stream tells every change; a poll would only repeat it
    staleTime: Infinity,
  });

export const useUnread = () => useQuery(unreadQuery());

/** An unread summary from the live channel: the bell's figure, and the lists' read marks and contents (the home page's too). */
export function applyUnread(client: QueryClient, summary: UnreadSummary): void {
  client.setQueryData(UNREAD_KEY, summary);
  void client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY, predicate: (query) => query.queryKey[2] !== 'unread' });
}

/** POST /sys/announcement/read: opening one marks it read. Silent: a failure only leaves it unread. */
export const markRead = (id: number) => http.post<UnreadSummary>('/sys/announcement/read', { id }, { silent: true });
/** POST /sys/announcement/readAll */
export const markAllRead = () => http.post<UnreadSummary>('/sys/announcement/readAll', {});

/** A read mark answers the new figure: the bell takes it at once, the lists refresh their read marks. */
function useReading<A>(mutationFn: (arg: A) => Promise<UnreadSummary>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (summary) => {
      client.setQueryData(UNREAD_KEY, summary);
      void client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY, predicate: (query) => query.queryKey[2] !== 'unread' });
    },
  });
}

export const useMarkRead = () => useReading(markRead);
export const useMarkAllRead = () => useReading<void>(() => markAllRead());

// the managers' side

/** GET /sys/announcement/list: the tenant's own, every state. */
export const listManaged = (params: ListParams, signal?: AbortSignal) => http.get<Page<AnnouncementManageRecord>>('/sys/announcement/list', { params, signal });

export type TargetOption = { value: number; label: string };
type TargetAudience = Exclude<AnnouncementAudience, 'ALL'>;

/** GET /sys/announcement/targets: what an audience may name, by name, or the names of chosen ids. */
export const targetsQuery = (audience: TargetAudience, search: { keyword?: string; ids?: number[] }) =>
  queryOptions({
    // a search by name and the names of chosen ids are two questions: none of them may answer the other (the
    // chosen ids' query, empty and idle, once shared the unfiltered search's key, and its names joined every search)
    queryKey: [...ANNOUNCEMENTS_KEY, 'targets', audience, search.ids === undefined ? { keyword: search.keyword ?? '' } : { ids: search.ids.join(',') }] as const,
    queryFn: ({ signal }) => http.get<TargetOption[]>('/sys/announcement/targets', { params: { audience, keyword: search.keyword, ids: search.ids?.join(',') }, signal }),
    staleTime: 30_000,
  });

export const useTargets = (audience: TargetAudience | null, search: { keyword?: string; ids?: number[] }, enabled = true) =>
  useQuery({ ...targetsQuery(audience ?? 'USER', search), enabled: enabled && audience !== null && (search.ids === undefined || search.ids.length > 0) });

/** POST /sys/announcement/add. Silent: the drawer shows the server's refusal. */
export const addAnnouncement = (input: AnnouncementInput) => http.post<AnnouncementManageRecord>('/sys/announcement/add', input, { silent: true });
/** PUT /sys/announcement/edit (a draft or a revoked one). Silent: the drawer shows the server's refusal. */
export const editAnnouncement = (input: AnnouncementEditInput) => http.put<AnnouncementManageRecord>('/sys/announcement/edit', input, { silent: true });
export const deleteAnnouncement = (id: number) => http.delete<null>('/sys/announcement/delete', { params: { id } });
export const publishAnnouncement = (id: number) => http.post<AnnouncementManageRecord>('/sys/announcement/publish', { id });
export const revokeAnnouncement = (id: number) => http.post<AnnouncementManageRecord>('/sys/announcement/revoke', { id });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }) });
}

export const useAddAnnouncement = () => useInvalidating(addAnnouncement);
export const useEditAnnouncement = () => useInvalidating(editAnnouncement);
export const useDeleteAnnouncement = () => useInvalidating(deleteAnnouncement);
export const usePublishAnnouncement = () => useInvalidating(publishAnnouncement);
export const useRevokeAnnouncement = () => useInvalidating(revokeAnnouncement);
