import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /finance/rateApply/review/exportXls: every tenant's applications as they are filtered, as an Excel file. */
export const exportReviewRateApplies = (query: ExportQuery) => download('/finance/rateApply/review/exportXls', { params: query });
