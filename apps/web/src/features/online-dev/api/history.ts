import type { HistoryEntry, OnlineKind } from '@portal/shared/online';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const HISTORY_KEY = ['online-dev', 'history'] as const;

/** GET /online/history/list?kind=&code=: the kept versions of a definition, the newest first (at most 16). */
export const listHistory = (kind: OnlineKind, code: string, signal?: AbortSignal) => http.get<HistoryEntry[]>('/online/history/list', { params: { kind, code }, signal });

export const useHistory = (target: { kind: OnlineKind; code: string } | null) =>
  useQuery({
    queryKey: [...HISTORY_KEY, target?.kind, target?.code] as const,
    queryFn: ({ signal }) => (target ? listHistory(target.kind, target.code, signal) : Promise.resolve([])),
    enabled: target !== null,
  });
