import type { StatementRecord, StatementDetail } from '@portal/shared/finance-schemas';
import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrencyCode } from '@portal/shared/money';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';
import { listBody } from '../list-body.ts';

export const STATEMENTS_KEY = ['finance', 'statement'] as const;
export const STATEMENT_LIST_KEY = [...STATEMENTS_KEY, 'list'] as const;

/** POST /finance/brand/account/history/list: the tenant's generated monthly statements. */
export const listStatements = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<StatementRecord>>('/finance/brand/account/history/list', listBody(params), { signal });

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

export type StatementInput = { month: string; currency: CurrencyCode; remark: string };

/** POST /finance/brand/account/history/createOrUpdate: (re)computes a month's statement of one wallet. Silent: the dialog shows the refusal. */
export const generateStatement = ({ input, idempotencyKey }: { input: StatementInput; idempotencyKey: string }) =>
  http.post<StatementRecord>('/finance/brand/account/history/createOrUpdate', input, { silent: true, idempotencyKey });

export function useGenerateStatement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: generateStatement, onSuccess: () => client.invalidateQueries({ queryKey: STATEMENTS_KEY }) });
}

/** GET /finance/brand/account/history/exportXls?id=: one statement with its movements, as an Excel file, in the user's time zone. */
export const exportStatement = (id: number) => download('/finance/brand/account/history/exportXls', { params: { id, timeZone: userTimeZone() } });
