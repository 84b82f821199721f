import { download } from '../../../lib/http.ts';
import type { ExportFilters } from '../export-filters.ts';

/** GET /warehouse/pickup/exportXls: the platform's pick-up list as it is filtered, as an Excel file. */
export const exportPickups = (filters: ExportFilters) => download('/warehouse/pickup/exportXls', { params: filters });
