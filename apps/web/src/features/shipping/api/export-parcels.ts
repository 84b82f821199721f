import { download } from '../../../lib/http.ts';
import type { ExportFilters } from '../export-filters.ts';

/** GET /logistics/package/exportXls: the parcels the list shows (its filters and sort), as an Excel file. */
export const exportParcels = (filters: ExportFilters) => download('/logistics/package/exportXls', { params: filters });
