import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BasketEditInput, BasketRecord, PayInput, PayPreview, PayPreviewInput, PayResult, PreOrderDetail, PreOrderRecord, PreOrderSubmitInput } from '@portal/shared/pre-order-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { download, http } from '../../../lib/http.ts';
import { uploadImport } from '../../../lib/upload.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { apiBase } from '../platform.ts';
import { WALLET_KEY } from '../../../entities/wallet/wallet-details.ts';
import { PURCHASE_ORDERS_KEY } from './purchase-orders.ts';

/** Every query of a platform's basket and pre-orders starts with this: a change invalidates them all. */
export const preOrderKey = (platform: PurchasePlatform) => ['purchase', platform] as const;
export const preOrderListKey = (platform: PurchasePlatform) => [...preOrderKey(platform), 'list'] as const;

// ------------------------------------------------------------------ the basket

export const getBasket = (platform: PurchasePlatform, signal?: AbortSignal) => http.get<BasketRecord>(`${apiBase(platform)}/basket`, { signal });
export const useBasket = (platform: PurchasePlatform) => useQuery({ queryKey: [...preOrderKey(platform), 'basket'], queryFn: ({ signal }) => getBasket(platform, signal), retry: false });

function useInvalidating<A, R>(platform: PurchasePlatform, mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: preOrderKey(platform) }) });
}

/** POST basket/edit: the line takes the platform's price of now. */
export const useEditBasketLine = (platform: PurchasePlatform) => useInvalidating(platform, (input: BasketEditInput) => http.post<BasketRecord>(`${apiBase(platform)}/basket/edit`, input));
/** POST basket/delete {lineIds} */
export const useDeleteBasketLines = (platform: PurchasePlatform) => useInvalidating(platform, (lineIds: number[]) => http.post<BasketRecord>(`${apiBase(platform)}/basket/delete`, { lineIds }));
/** POST preOrder/submit. Silent: the dialog shows a refusal (a price that changed names its line). */
export const useSubmitPreOrder = (platform: PurchasePlatform) =>
  useInvalidating(platform, (input: PreOrderSubmitInput) => http.post<PreOrderDetail>(`${apiBase(platform)}/preOrder/submit`, input, { silent: true }));

// ------------------------------------------------------------------ pre-purchase orders

export const listPreOrders = (platform: PurchasePlatform, params: ListParams, signal?: AbortSignal) => http.get<Page<PreOrderRecord>>(`${apiBase(platform)}/preOrder/list`, { params, signal });

export const preOrderDetailQuery = (platform: PurchasePlatform, id: number) =>
  queryOptions({ queryKey: [...preOrderKey(platform), 'detail', id] as const, queryFn: ({ signal }) => http.get<PreOrderDetail>(`${apiBase(platform)}/preOrder/detail`, { params: { id }, signal }), retry: false });
export const usePreOrderDetail = (platform: PurchasePlatform, id: number | null) => useQuery({ ...preOrderDetailQuery(platform, id ?? 0), enabled: id !== null });

/** GET preOrder/exportXls with the list's filters. */
export const exportPreOrders = (platform: PurchasePlatform, params: ListParams, timeZone: string | undefined) => {
  // the export takes the filters, not the page or the sort
  const filters = Object.fromEntries(Object.entries(params).filter(([name]) => !['pageNo', 'pageSize', 'column', 'order'].includes(name)));
  return download(`${apiBase(platform)}/preOrder/exportXls`, { params: { ...filters, timeZone } });
};

/** POST preOrder/cancel {id} */
export const useCancelPreOrder = (platform: PurchasePlatform) => useInvalidating(platform, (id: number) => http.post<PreOrderDetail>(`${apiBase(platform)}/preOrder/cancel`, { id }));

// ------------------------------------------------------------------ paying

/**
 * What a payment pays: a pre-purchase order's unpaid charges (preOrder/pay), or the top-up one purchase
 * order raised (order/payTopUp). Both answer the same preview and result.
 */
export type PayTarget = { kind: 'preOrder' | 'topUp'; id: number };
const payPath = (platform: PurchasePlatform, target: PayTarget) => `${apiBase(platform)}/${target.kind === 'preOrder' ? 'preOrder/pay' : 'order/payTopUp'}`;

/** POST …/preview: silent, the dialog shows a refusal (no rate) in place. */
export const payPreviewQuery = (platform: PurchasePlatform, target: PayTarget, currency: CurrencyCode) =>
  queryOptions({
    queryKey: ['purchasePayPreview', platform, target, currency] as const,
    queryFn: ({ signal }) => http.post<PayPreview>(`${payPath(platform, target)}/preview`, { id: target.id, currency } satisfies PayPreviewInput, { signal, silent: true }),
    // the balance and the rate may have moved: each opening asks again
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
export const usePayPreview = (platform: PurchasePlatform, target: PayTarget, currency: CurrencyCode | undefined) =>
  useQuery({ ...payPreviewQuery(platform, target, currency ?? 'CNY'), enabled: currency !== undefined });

/**
 * POST the payment with the dialog's idempotency key. Silent: the dialog shows a refusal and the preview of now.
 * Paid, every wallet query refetches, the wallet's own pages among them: they share the key of the wallet entity.
 */
export const usePay = (platform: PurchasePlatform, target: PayTarget) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PayInput; idempotencyKey: string }) => http.post<PayResult>(payPath(platform, target), input, { idempotencyKey, silent: true }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: preOrderKey(platform) }), client.invalidateQueries({ queryKey: WALLET_KEY }), client.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY })]),
  });
};

// ------------------------------------------------------------------ importing goods into the basket

/** GET basket/importTemplate: the header in the user's language and one example row. */
export const useDownloadBasketTemplate = (platform: PurchasePlatform) => useMutation({ mutationFn: () => download(`${apiBase(platform)}/basket/importTemplate`) });
/** POST basket/importExcel: all the rows or none, at the platform's prices of now. */
export const useImportBasket = (platform: PurchasePlatform) => useInvalidating(platform, (file: File) => uploadImport(`${apiBase(platform)}/basket/importExcel`, file));
