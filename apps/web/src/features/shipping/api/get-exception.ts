import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { EXCEPTIONS_KEY } from './list-exceptions.ts';

/** GET /logistics/collectionException/queryById?id=: one exception of the tenant. */
export const getException = (id: number, signal?: AbortSignal) => http.get<ExceptionRecord>('/logistics/collectionException/queryById', { params: { id }, signal });

export const exceptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...EXCEPTIONS_KEY, 'queryById', id] as const,
    queryFn: ({ signal }) => getException(id, signal),
    retry: false,
  });

export const useException = (id: number | null) => useQuery({ ...exceptionQuery(id ?? 0), enabled: id !== null });
