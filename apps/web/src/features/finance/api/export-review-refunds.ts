import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /platform-api/finance/review/refund/exportXls: the refunds as they are filtered, as an Excel file. */
export const exportReviewRefunds = (query: ExportQuery) => download('/finance/review/refund/exportXls', { params: query, transfer: true });
