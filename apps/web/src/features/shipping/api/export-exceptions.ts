import { download } from '../../../lib/http.ts';
import type { ExportFilters } from '../export-filters.ts';

/** GET /logistics/collectionException/exportXls: the exceptions the list shows, as an Excel file. */
export const exportExceptions = (filters: ExportFilters) => download('/logistics/collectionException/exportXls', { params: filters });
