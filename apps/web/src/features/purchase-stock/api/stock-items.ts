import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockItemRecord, StockShipInput, StockShipResult } from '@portal/shared/purchase-stock-schemas';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/* The merchant's stock of purchased goods: the list, its export, and shipping items abroad. */

export type { StockItemRecord, StockShipInput, StockShipResult };

export const STOCK_LIST_KEY = ['purchase', 'stock', 'list'] as const;

/** The list's filters without its paging and sort, for the export. */
const filtersOf = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([name]) => !['pageNo', 'pageSize', 'column', 'order'].includes(name)));

/** GET /purchase/stock/list */
export const listStock = (params: ListParams, signal?: AbortSignal) => http.get<Page<StockItemRecord>>('/purchase/stock/list', { params, signal });

/** GET /purchase/stock/exportXls: what the list shows, as an Excel file. */
export const exportStock = (params: ListParams, timeZone: string | undefined) => {
  const filters = filtersOf(params);
  return download('/purchase/stock/exportXls', { params: { ...filters, ...(timeZone ? { timeZone } : {}) } });
};

/** POST /purchase/stock/ship: an international order from stock items. Silent: the drawer shows the refusal. */
export const shipStock = (input: StockShipInput) => http.post<StockShipResult>('/purchase/stock/ship', input, { silent: true });

export function useShipStock() {
  const client = useQueryClient();
  return useMutation({ mutationFn: shipStock, onSuccess: () => client.invalidateQueries({ queryKey: STOCK_LIST_KEY }) });
}
