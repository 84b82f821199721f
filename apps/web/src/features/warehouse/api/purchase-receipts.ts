import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseReceiveInput, PurchaseReceiveResult, WarehousePurchaseRecord } from '@portal/shared/purchase-stock-schemas';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { withRangeNames } from '../range-params.ts';

/*
 * Purchased goods into the warehouse: the scan by the seller's express number and the
 * purchase orders of every merchant awaiting or received.
 */

export type { WarehousePurchaseRecord, PurchaseReceiveResult, PurchaseReceiveInput };

export const PURCHASE_RECEIPTS_KEY = ['warehouse', 'purchase', 'list'] as const;

/** The list's filters without its paging and sort, for the export. */
const filtersOf = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([name]) => !['pageNo', 'pageSize', 'column', 'order'].includes(name)));

/** GET /warehouse/purchase/list (the date range `received` goes as receivedFrom / receivedTo). */
export const listPurchaseReceipts = (params: ListParams, signal?: AbortSignal) => http.get<Page<WarehousePurchaseRecord>>('/warehouse/purchase/list', { params: withRangeNames(params), signal });

/** POST /warehouse/purchase/receive. Silent: the result panel shows the refusal next to the number. */
export const receivePurchase = (input: PurchaseReceiveInput) => http.post<PurchaseReceiveResult>('/warehouse/purchase/receive', input, { silent: true });

export function useReceivePurchase() {
  const client = useQueryClient();
  return useMutation({ mutationFn: receivePurchase, onSuccess: () => client.invalidateQueries({ queryKey: PURCHASE_RECEIPTS_KEY }) });
}

/** GET /warehouse/purchase/exportXls: what the list shows, as an Excel file. */
export const exportPurchaseReceipts = (params: ListParams, timeZone: string | undefined) => {
  const filters = filtersOf(withRangeNames(params));
  return download('/warehouse/purchase/exportXls', { params: { ...filters, ...(timeZone ? { timeZone } : {}) } });
};
