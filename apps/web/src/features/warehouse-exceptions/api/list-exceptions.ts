import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/** An exception as the platform lists it: every tenant's, with the merchant's id and name. */
export type PlatformException = ExceptionRecord & { tenantId: number; tenantName: string };

export const PLATFORM_EXCEPTIONS_KEY = ['warehouse', 'exception'] as const;
export const PLATFORM_EXCEPTION_LIST_KEY = [...PLATFORM_EXCEPTIONS_KEY, 'list'] as const;

/** GET /warehouse/exception/list: collection exceptions of every tenant (or of one, by tenantId), newest first. */
export const listPlatformExceptions = (params: ListParams, signal?: AbortSignal) => http.get<Page<PlatformException>>('/warehouse/exception/list', { params, signal });
