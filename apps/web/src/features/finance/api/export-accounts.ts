import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /finance/review/account/exportXls: the accounts as they are filtered, as an Excel file. */
export const exportAccounts = (query: ExportQuery) => download('/finance/review/account/exportXls', { params: query });
