import type { AccountRecord } from '@portal/shared/finance-schemas';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';

export const ACCOUNTS_KEY = ['finance', 'account'] as const;
export const ACCOUNT_LIST_KEY = [...ACCOUNTS_KEY, 'list'] as const;

/** POST /finance/review/account/list (platform): every account with its balance. */
export const listAccounts = (params: ListParams, signal?: AbortSignal) => http.post<Page<AccountRecord>>('/finance/review/account/list', listBody(params), { signal });

/** GET /finance/review/account/exportXls: the accounts as they are filtered, as an Excel file. */
export const exportAccounts = (query: ExportQuery) => download('/finance/review/account/exportXls', { params: query });
