import type { OrderQuery } from '../order-params.ts';
import { streamDownload, type DownloadProgress } from '../stream-download.ts';

/** GET /logistics/logOrder/exportXls: the orders on their way matching the filters, as an Excel file, streamed. */
export const exportLogOrders = (query: OrderQuery, signal: AbortSignal, onProgress: (progress: DownloadProgress) => void) =>
  streamDownload('/logistics/logOrder/exportXls', { params: query, signal, onProgress });
