import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { userTimeZone } from '../../../lib/time-zone.ts';

/** The merchant's purchase orders of one platform (/purchase/{taobao|1688}/order/*). */
export const pathOf = (platform: PurchasePlatform) => (platform === 'TAOBAO' ? 'taobao' : '1688');
export const PURCHASE_ORDERS_KEY = ['purchase-orders'] as const;
export const purchaseOrderListKey = (platform: PurchasePlatform) => [...PURCHASE_ORDERS_KEY, platform, 'list'] as const;

export const listPurchaseOrders = (platform: PurchasePlatform) => (params: ListParams, signal?: AbortSignal) =>
  http.get<Page<PurchaseOrderRecord>>(`/purchase/${pathOf(platform)}/order/list`, { params, signal });
export const syncPurchaseOrder = (platform: PurchasePlatform) => (id: number) => http.post<PurchaseOrderRecord>(`/purchase/${pathOf(platform)}/order/sync`, { id });
export const cancelPurchaseOrder = (platform: PurchasePlatform) => (id: number) => http.post<PurchaseOrderRecord>(`/purchase/${pathOf(platform)}/order/cancel`, { id });

function useRefreshing<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY }) });
}
export const useSyncPurchaseOrder = (platform: PurchasePlatform) => useRefreshing(syncPurchaseOrder(platform));
export const useCancelPurchaseOrder = (platform: PurchasePlatform) => useRefreshing(cancelPurchaseOrder(platform));

export const exportPurchaseOrders = (platform: PurchasePlatform, filters: Record<string, string | number | undefined>) =>
  download(`/purchase/${pathOf(platform)}/order/exportXls`, { params: { ...filters, timeZone: userTimeZone() } });
