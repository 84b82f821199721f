import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementDetail } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { STATEMENTS_KEY } from './list-statements.ts';

/** POST /finance/brand/account/history/detail {id}: a statement with each of its movements. */
export const getStatement = (id: number, signal?: AbortSignal) => http.post<StatementDetail>('/finance/brand/account/history/detail', { id }, { signal });

export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: [...STATEMENTS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getStatement(id, signal),
    // a failure is already shown by the HTTP client; the drawer offers a retry
    retry: false,
  });

export const useStatement = (id: number | null) => useQuery({ ...statementQuery(id ?? 0), enabled: id !== null });
