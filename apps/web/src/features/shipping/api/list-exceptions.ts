import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const EXCEPTIONS_KEY = ['logistics', 'collectionException'] as const;
export const EXCEPTION_LIST_KEY = [...EXCEPTIONS_KEY, 'list'] as const;

/** GET /logistics/collectionException/list: the tenant's collection-order exceptions. */
export const listExceptions = (params: ListParams, signal?: AbortSignal) => http.get<Page<ExceptionRecord>>('/logistics/collectionException/list', { params, signal });
