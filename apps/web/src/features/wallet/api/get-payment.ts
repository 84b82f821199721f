import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** POST payment/details {id}: one payment with its lines and pay orders. */
export const getPayment = (id: number, signal?: AbortSignal) => http.post<PaymentRecord>(`${WALLET_BASE}/payment/details`, { id }, { transfer: true, signal });

export const paymentQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'payment', 'details', id] as const, queryFn: ({ signal }) => getPayment(id, signal), retry: false });

export const usePayment = (id: number | null) => useQuery({ ...paymentQuery(id ?? 0), enabled: id !== null });
