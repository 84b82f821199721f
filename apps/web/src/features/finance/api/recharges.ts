import type { RechargeRecord, RechargeReviewPreview as RechargePreview, DecisionInput } from '@portal/shared/finance-schemas';
import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';
import { fetchFile } from '../../../lib/object-url.ts';

export const REVIEW_RECHARGES_KEY = ['finance', 'review', 'recharge'] as const;
export const REVIEW_RECHARGE_LIST_KEY = [...REVIEW_RECHARGES_KEY, 'list'] as const;

/** POST /platform-api/finance/review/recharge/list: every tenant's recharges, those awaiting review first. */
export const listReviewRecharges = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RechargeRecord>>('/finance/review/recharge/list', listBody(params), { transfer: true, signal });

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

/**
 * POST /platform-api/finance/virtualWallet/recharge/confirm/submit: credits the wallet (approve) or
 * rejects with a reason. Silent: the dialog shows the refusal (409 for the submitter's own recharge).
 */
export const decideRecharge = ({ input, idempotencyKey }: { input: DecisionInput; idempotencyKey: string }) =>
  http.post<RechargeRecord>('/finance/virtualWallet/recharge/confirm/submit', input, { transfer: true, silent: true, idempotencyKey });

export function useDecideRecharge() {
  const client = useQueryClient();
  return useMutation({ mutationFn: decideRecharge, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RECHARGES_KEY }) });
}

/** POST /platform-api/finance/virtualWallet/recharge/reverse: takes a credited recharge back out. Silent: the dialog shows the refusal (409 when the wallet no longer holds it). */
export const reverseRecharge = ({ input, idempotencyKey }: { input: { rechargeId: number; reason: string }; idempotencyKey: string }) =>
  http.post<RechargeRecord>('/finance/virtualWallet/recharge/reverse', input, { transfer: true, silent: true, idempotencyKey });

export function useReverseRecharge() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reverseRecharge, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RECHARGES_KEY }) });
}

/** GET /platform-api/finance/review/recharge/exportXls: the recharges as they are filtered, as an Excel file. */
export const exportReviewRecharges = (query: ExportQuery) => download('/finance/review/recharge/exportXls', { params: query, transfer: true });

/** GET /platform-api/finance/review/recharge/credentials/:id: a bank voucher's bytes, with the signed-in user's token. */
export const getVoucher = (id: number, signal?: AbortSignal) => fetchFile(`/finance/review/recharge/credentials/${id}`, signal);
