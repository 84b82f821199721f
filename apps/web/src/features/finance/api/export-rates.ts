import { download } from '../../../lib/http.ts';
import type { ExportQuery } from '../list-body.ts';

/** GET /finance/exchangeRate/exportXls: the rate table as it is filtered, as an Excel file. */
export const exportRates = (query: ExportQuery) => download('/finance/exchangeRate/exportXls', { params: query });
