import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /platform-api/finance/review/recharge/exportXls: the recharges as they are filtered, as an Excel file. */
export const exportReviewRecharges = (query: ExportQuery) => download('/finance/review/recharge/exportXls', { params: query, transfer: true });
