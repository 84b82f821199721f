import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /finance/detail/exportXls: the tenant's movements as they are filtered, as an Excel file. */
export const exportDetails = (query: ExportQuery) => download('/finance/detail/exportXls', { params: query });
