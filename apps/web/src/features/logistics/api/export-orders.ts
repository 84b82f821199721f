import type { OrderQuery } from '../order-params.ts';
import { streamDownload, type DownloadProgress } from '../stream-download.ts';

/** GET /logistics/order/exportXls: the orders matching the filters as an Excel file, streamed (at most EXPORT_ROWS_MAX rows). */
export const exportOrders = (query: OrderQuery, signal: AbortSignal, onProgress: (progress: DownloadProgress) => void) =>
  streamDownload('/logistics/order/exportXls', { params: query, signal, onProgress });
