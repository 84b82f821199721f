import type { SessionRecord } from '@portal/shared/system-sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** Every query of the live sessions starts with this: ending one reloads them all. */
export const SESSIONS_KEY = ['system', 'session'] as const;
export const SESSION_LIST_KEY = [...SESSIONS_KEY, 'list'] as const;

/** GET /sys/session/list: the live sessions of the tenant's users (the platform may name a tenant), newest first. No token. */
export const listSessions = (params: ListParams, signal?: AbortSignal) => http.get<Page<SessionRecord>>('/sys/session/list', { params, signal });

/** POST /sys/session/revoke: ends one session by its id; its user's next request is refused. */
export const revokeSession = (id: number) => http.post<{ revoked: number }>('/sys/session/revoke', { id });
/** POST /sys/session/revokeUser: ends every live session of one user. */
export const revokeUserSessions = (userId: number) => http.post<{ revoked: number }>('/sys/session/revokeUser', { userId });

function useInvalidating<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }) });
}

export const useRevokeSession = () => useInvalidating(revokeSession);
export const useRevokeUserSessions = () => useInvalidating(revokeUserSessions);
