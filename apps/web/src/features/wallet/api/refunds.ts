import type { RefundStatus } from '@portal/shared/finance';
import type { RefundRecord, PayOrderListBody, PayOrderRecord, RefundInput } from '@portal/shared/finance-schemas';
import { queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http, download } from '../../../lib/http.ts';
import { listBodyOf, exportParamsOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY, useInvalidateWallet } from '../../../entities/wallet/wallet-details.ts';
import type { Keyed } from './keys.ts';

export const REFUND_LIST_KEY = [...WALLET_KEY, 'refund', 'list'] as const;

/** POST refund/list: the tenant's refunds; the toolkit's parameters are the body, the tab adds the status. */
export const listRefunds = (params: ListParams, status: RefundStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<RefundRecord>>(`${WALLET_BASE}/refund/list`, listBodyOf(params, { status }), { transfer: true, signal });

/** POST refund/details {id}: one of the tenant's refunds. */
export const getRefund = (id: number, signal?: AbortSignal) => http.post<RefundRecord>(`${WALLET_BASE}/refund/details`, { id }, { transfer: true, signal });

export const refundQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'refund', 'details', id] as const, queryFn: ({ signal }) => getRefund(id, signal), retry: false });

export const useRefund = (id: number | null) => useQuery({ ...refundQuery(id ?? 0), enabled: id !== null });

/**
 * POST refund/payOrders: the tenant's paid charges that can still be refunded, newest first. The form
 * picks from one page of the largest size: a refund is asked for a recent charge.
 */
/** The contract's largest page (PAGE_SIZE_MAX of shared/api.ts, which would bring zod into the web app). */
const PAGE_SIZE_MAX = 200;

export const listPayOrders = (signal?: AbortSignal) =>
  http.post<Page<PayOrderRecord>>(`${WALLET_BASE}/refund/payOrders`, { pageNo: 1, pageSize: PAGE_SIZE_MAX } satisfies PayOrderListBody, { transfer: true, signal }).then((page) => page.records);

export const payOrdersQuery = () => queryOptions({ queryKey: [...WALLET_KEY, 'refund', 'payOrders'] as const, queryFn: ({ signal }) => listPayOrders(signal), retry: false });

export const usePayOrders = (enabled: boolean) => useQuery({ ...payOrdersQuery(), enabled });

/** POST refund/submit: a balance refund to the merchant's bank or a paid charge back to the wallet; nothing moves until finance verifies it. */
export const submitRefund = ({ input, idempotencyKey }: Keyed<RefundInput>) =>
  http.post<RefundRecord>(`${WALLET_BASE}/refund/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitRefund() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitRefund, onSuccess: invalidate });
}

/** GET refund/exportXls: the refunds the list shows (its filters and tab), as an Excel file. */
export const exportRefunds = (params: ListParams, status: RefundStatus | undefined) =>
  download(`${WALLET_BASE}/refund/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
