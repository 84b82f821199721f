import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayOrderListBody, PayOrderRecord } from '@portal/shared/finance-schemas';
import type { Page } from '../../../components/list-page/list-config.ts';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

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
