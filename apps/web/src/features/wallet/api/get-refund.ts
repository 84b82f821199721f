import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** POST refund/details {id}: one of the tenant's refunds. */
export const getRefund = (id: number, signal?: AbortSignal) => http.post<RefundRecord>(`${WALLET_BASE}/refund/details`, { id }, { transfer: true, signal });

export const refundQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'refund', 'details', id] as const, queryFn: ({ signal }) => getRefund(id, signal), retry: false });

export const useRefund = (id: number | null) => useQuery({ ...refundQuery(id ?? 0), enabled: id !== null });
