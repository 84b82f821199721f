import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** POST recharge/details {id}: one of the tenant's recharges with its vouchers. */
export const getRecharge = (id: number, signal?: AbortSignal) => http.post<RechargeRecord>(`${WALLET_BASE}/recharge/details`, { id }, { transfer: true, signal });

export const rechargeQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'recharge', 'details', id] as const, queryFn: ({ signal }) => getRecharge(id, signal), retry: false });

export const useRecharge = (id: number | null) => useQuery({ ...rechargeQuery(id ?? 0), enabled: id !== null });
