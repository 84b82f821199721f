import { download } from '../../../lib/http.ts';
import type { ExportFilters } from '../export-filters.ts';

/** GET /logistics/pickupBatch/exportXls: the batches the list shows, as an Excel file. */
export const exportPickupBatches = (filters: ExportFilters) => download('/logistics/pickupBatch/exportXls', { params: filters });
