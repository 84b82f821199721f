import type { StatementRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

export const STATEMENTS_KEY = ['finance', 'statement'] as const;
export const STATEMENT_LIST_KEY = [...STATEMENTS_KEY, 'list'] as const;

/** POST /finance/brand/account/history/list: the tenant's generated monthly statements. */
export const listStatements = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<StatementRecord>>('/finance/brand/account/history/list', listBody(params), { signal });
