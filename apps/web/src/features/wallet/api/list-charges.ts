import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargeRecord } from '@portal/shared/finance-schemas';
import type { Page } from '../../../components/list-page/list-config.ts';
import { http } from '../../../lib/http.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

/** The body of payment/charges (finance-schemas.ts chargeListBody). */
export type ChargeListBody = { pageNo: number; pageSize: number; orderNo?: string };

/** POST payment/charges: the freight charges of the tenant's orders not yet paid. */
export const listCharges = (body: ChargeListBody, signal?: AbortSignal) => http.post<Page<ChargeRecord>>(`${WALLET_BASE}/payment/charges`, body, { transfer: true, signal });

export const chargesQuery = (body: ChargeListBody) =>
  queryOptions({ queryKey: [...WALLET_KEY, 'payment', 'charges', body] as const, queryFn: ({ signal }) => listCharges(body, signal), retry: false, placeholderData: keepPreviousData });

export const useCharges = (body: ChargeListBody, enabled: boolean) => useQuery({ ...chargesQuery(body), enabled });
