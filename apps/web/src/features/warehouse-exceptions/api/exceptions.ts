import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExceptionType } from '@portal/shared/logistics';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { PlatformMove } from '../exception-moves.ts';

/** An exception as the platform lists it: every tenant's, with the merchant's id and name. */
export type PlatformException = ExceptionRecord & { tenantId: number; tenantName: string };

export const PLATFORM_EXCEPTIONS_KEY = ['warehouse', 'exception'] as const;
export const PLATFORM_EXCEPTION_LIST_KEY = [...PLATFORM_EXCEPTIONS_KEY, 'list'] as const;

/** GET /warehouse/exception/list: collection exceptions of every tenant (or of one, by tenantId), newest first. */
export const listPlatformExceptions = (params: ListParams, signal?: AbortSignal) => http.get<Page<PlatformException>>('/warehouse/exception/list', { params, signal });

/** The body of /warehouse/exception/add (the contract file names no schema for it: this is the route's own). */
export type AddExceptionInput = { orderNo: string; type: ExceptionType; description: string };

/** POST /warehouse/exception/add: a pending exception on any tenant's order. Silent: the form shows the refusal (404 for an unknown order). */
export const addException = (input: AddExceptionInput) => http.post<PlatformException>('/warehouse/exception/add', input, { silent: true });

export function useAddException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addException, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_EXCEPTIONS_KEY }) });
}

/** The body of /warehouse/exception/update: a remark is required to ask the merchant ('2'). */
export type UpdateExceptionInput = { id: number; status: PlatformMove; remark: string };

/** POST /warehouse/exception/update. Silent: the dialog shows the refusal (409 when the status has moved meanwhile). */
export const updateException = (input: UpdateExceptionInput) => http.post<PlatformException>('/warehouse/exception/update', input, { silent: true });

export function useUpdateException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateException, onSuccess: () => client.invalidateQueries({ queryKey: PLATFORM_EXCEPTIONS_KEY }) });
}
