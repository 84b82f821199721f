import type { LoginLogRecord } from '@portal/shared/system-sessions';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const LOGIN_LOG_LIST_KEY = ['system', 'login-log', 'list'] as const;

/** GET /sys/loginLog/list: the tenant's sign-ins and sign-outs, newest first. */
export const listLoginLogs = (params: ListParams, signal?: AbortSignal) => http.get<Page<LoginLogRecord>>('/sys/loginLog/list', { params, signal });
