import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /finance/rateApply/exportXls: the tenant's applications as they are filtered, as an Excel file. */
export const exportRateApplies = (query: ExportQuery) => download('/finance/rateApply/exportXls', { params: query });
