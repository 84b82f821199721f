import type { ExceptionRecord, exceptionDealInput } from '@portal/shared/logistics-schemas';
import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import type { InputOf } from './contract.ts';
import type { ExportFilters } from '../export-filters.ts';

export const EXCEPTIONS_KEY = ['logistics', 'collectionException'] as const;
export const EXCEPTION_LIST_KEY = [...EXCEPTIONS_KEY, 'list'] as const;

/** GET /logistics/collectionException/list: the tenant's collection-order exceptions. */
export const listExceptions = (params: ListParams, signal?: AbortSignal) => http.get<Page<ExceptionRecord>>('/logistics/collectionException/list', { params, signal });

/** GET /logistics/collectionException/queryById?id=: one exception of the tenant. */
export const getException = (id: number, signal?: AbortSignal) => http.get<ExceptionRecord>('/logistics/collectionException/queryById', { params: { id }, signal });

export const exceptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...EXCEPTIONS_KEY, 'queryById', id] as const,
    queryFn: ({ signal }) => getException(id, signal),
    retry: false,
  });

export const useException = (id: number | null) => useQuery({ ...exceptionQuery(id ?? 0), enabled: id !== null });

export type ExceptionDealInput = InputOf<typeof exceptionDealInput>;

/** POST /logistics/collectionException/deal: the merchant's decision. Silent: the dialog shows the refusal (409 once dealt). */
export const dealException = (input: ExceptionDealInput) => http.post<unknown>('/logistics/collectionException/deal', input, { silent: true });

export function useDealException() {
  const client = useQueryClient();
  return useMutation({ mutationFn: dealException, onSuccess: () => client.invalidateQueries({ queryKey: EXCEPTIONS_KEY }) });
}

/** GET /logistics/collectionException/exportXls: the exceptions the list shows, as an Excel file. */
export const exportExceptions = (filters: ExportFilters) => download('/logistics/collectionException/exportXls', { params: filters });
