import type { AuditLogDetail, AuditLogRecord } from '@portal/shared/system-sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const AUDIT_LOGS_KEY = ['system', 'audit-log'] as const;
export const AUDIT_LOG_LIST_KEY = [...AUDIT_LOGS_KEY, 'list'] as const;

/** GET /sys/auditLog/list: the tenant's administrative changes, newest first. */
export const listAuditLogs = (params: ListParams, signal?: AbortSignal) => http.get<Page<AuditLogRecord>>('/sys/auditLog/list', { params, signal });

/** GET /sys/auditLog/queryById: one change with the record before and after it (a line never changes: cached for good). */
export const auditLogQuery = (id: number) =>
  queryOptions({
    queryKey: [...AUDIT_LOGS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => http.get<AuditLogDetail>('/sys/auditLog/queryById', { params: { id }, signal }),
    staleTime: Infinity,
  });

export const useAuditLog = (id: number | null) => useQuery({ ...auditLogQuery(id ?? 0), enabled: id !== null });
