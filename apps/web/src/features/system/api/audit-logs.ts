import type { AuditLogDetail, AuditLogRecord } from '@portal/shared/system-sessions';
import type { Language } from '@portal/shared/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const AUDIT_LOGS_KEY = ['system', 'audit-log'] as const;
export const AUDIT_LOG_LIST_KEY = [...AUDIT_LOGS_KEY, 'list'] as const;

/** The server names a line's fields and values in the request's language, and its times in the reader's zone. */
const inReadersZone = <T extends object>(params: T): T & { timeZone?: string } => {
  const timeZone = userTimeZone();
  return timeZone ? { ...params, timeZone } : params;
};

/** GET /sys/auditLog/list: the tenant's administrative changes, newest first, each with the fields it changed. */
export const listAuditLogs = (params: ListParams, signal?: AbortSignal) => http.get<Page<AuditLogRecord>>('/sys/auditLog/list', { params: inReadersZone(params), signal });

/** GET /sys/auditLog/queryById: one change, every field before and after it (a line never changes: cached for good, per language). */
export const auditLogQuery = (id: number, language: Language) =>
  queryOptions({
    queryKey: [...AUDIT_LOGS_KEY, 'detail', id, language] as const,
    queryFn: ({ signal }) => http.get<AuditLogDetail>('/sys/auditLog/queryById', { params: inReadersZone({ id }), signal }),
    staleTime: Infinity,
  });

export const useAuditLog = (id: number | null) => {
  const language = useLanguage();
  return useQuery({ ...auditLogQuery(id ?? 0, language), enabled: id !== null });
};
