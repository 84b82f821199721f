import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RechargeReviewPreview as RechargePreview } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import { REVIEW_RECHARGES_KEY } from './list-review-recharges.ts';

/** POST /platform-api/finance/virtualWallet/recharge/confirm {id}: what approving would do now, without doing it. */
export const previewRecharge = (id: number, signal?: AbortSignal) => http.post<RechargePreview>('/finance/virtualWallet/recharge/confirm', { id }, { transfer: true, signal });

export const rechargePreviewQuery = (id: number) =>
  queryOptions({
    queryKey: [...REVIEW_RECHARGES_KEY, 'confirm', id] as const,
    queryFn: ({ signal }) => previewRecharge(id, signal),
    // the rate of the moment: looked at again each time the drawer opens
    staleTime: 0,
    retry: false,
  });

export const useRechargePreview = (id: number | null) => useQuery({ ...rechargePreviewQuery(id ?? 0), enabled: id !== null });
