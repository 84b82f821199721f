import type { PurchaseOrderRecord, ReconcileResult } from '@portal/shared/purchasing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';
import { PURCHASING_KEY } from './purchase-queue.ts';

export const PURCHASING_ORDER_LIST_KEY = [...PURCHASING_KEY, 'order', 'list'] as const;

type Key = { tenantId: number; id: number };

/** GET /purchasing/order/list: purchase orders of every tenant, newest first. */
export const listPurchasingOrders = (params: ListParams, signal?: AbortSignal) => http.get<Page<PurchaseOrderRecord>>('/purchasing/order/list', { params, signal });

export const placeOrder = (key: Key) => http.post<PurchaseOrderRecord>('/purchasing/order/place', key);
export type ConfirmInput = Key & { externalPurchaseNo: string; platformOrderId: string; domesticExpressFee: string; actualPaymentAmount: string };
/** Silent: the dialogs show the server's refusal. */
export const confirmOrder = (input: ConfirmInput) => http.post<PurchaseOrderRecord>('/purchasing/order/confirm', input, { silent: true });
export const shipOrder = (input: Key & { expressCompany: string; expressNo: string }) => http.post<PurchaseOrderRecord>('/purchasing/order/ship', input, { silent: true });
export const cancelOrder = (input: Key & { outOfStock: boolean; reason: string }) => http.post<PurchaseOrderRecord>('/purchasing/order/cancel', input, { silent: true });
export const reconcileNow = () => http.post<ReconcileResult>('/purchasing/order/reconcile', {});

function useRefreshing<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: PURCHASING_KEY }) });
}
export const usePlaceOrder = () => useRefreshing(placeOrder);
export const useConfirmOrder = () => useRefreshing(confirmOrder);
export const useShipOrder = () => useRefreshing(shipOrder);
export const useCancelOrder = () => useRefreshing(cancelOrder);
export const useReconcile = () => useRefreshing(reconcileNow);

export const exportPurchasingOrders = (filters: Record<string, string | number | undefined>) => download('/purchasing/order/exportXls', { params: { ...filters, timeZone: userTimeZone() } });
