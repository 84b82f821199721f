import type { RateApplyRecord, RateApplyInput, RateApplyDecisionInput } from '@portal/shared/finance-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';

/** Every query of the merchant's rate applications starts with this: a change invalidates them all. */
export const RATE_APPLIES_KEY = ['finance', 'rateApply'] as const;
export const RATE_APPLY_LIST_KEY = [...RATE_APPLIES_KEY, 'list'] as const;

/** POST /finance/rateApply/list: the caller tenant's applications for a rate of its own, newest first. */
export const listRateApplies = (params: ListParams, signal?: AbortSignal) => http.post<Page<RateApplyRecord>>('/finance/rateApply/list', listBody(params), { signal });

export const REVIEW_RATE_APPLIES_KEY = ['finance', 'review', 'rateApply'] as const;
export const REVIEW_RATE_APPLY_LIST_KEY = [...REVIEW_RATE_APPLIES_KEY, 'list'] as const;

/** POST /finance/rateApply/review/list (platform): every tenant's rate applications, with today's market rate. */
export const listReviewRateApplies = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RateApplyRecord>>('/finance/rateApply/review/list', listBody(params), { signal });

/** POST /finance/rateApply/add: a draft (`draft: true`) or an application submitted for review. Silent: the dialog shows the refusal. */
export const addRateApply = ({ input, idempotencyKey }: { input: RateApplyInput; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/add', input, { silent: true, idempotencyKey });

export function useAddRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}

/** POST /finance/rateApply/edit: changes a draft, and submits it with `draft: false`. Silent: the dialog shows the refusal (409 once it is no draft). */
export const editRateApply = ({ input, idempotencyKey }: { input: RateApplyInput & { id: number }; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/edit', input, { silent: true, idempotencyKey });

export function useEditRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}

/** POST /finance/rateApply/submit {id}: a draft goes to finance for review. Silent: the row shows the refusal. */
export const submitRateApply = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/submit', { id }, { silent: true, idempotencyKey });

export function useSubmitRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}

/** POST /finance/rateApply/cancel {id}: withdraws an application finance has not decided on. Silent: the row shows the refusal. */
export const cancelRateApply = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/cancel', { id }, { silent: true, idempotencyKey });

export function useCancelRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelRateApply, onSuccess: () => client.invalidateQueries({ queryKey: RATE_APPLIES_KEY }) });
}

/** POST /finance/rateApply/review/decide: approves (with the rate granted and its validity) or rejects. Silent: the dialog shows the refusal. */
export const decideRateApply = ({ input, idempotencyKey }: { input: RateApplyDecisionInput; idempotencyKey: string }) =>
  http.post<RateApplyRecord>('/finance/rateApply/review/decide', input, { silent: true, idempotencyKey });

export function useDecideRateApply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: decideRateApply, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_RATE_APPLIES_KEY }) });
}

/** GET /finance/rateApply/exportXls: the tenant's applications as they are filtered, as an Excel file. */
export const exportRateApplies = (query: ExportQuery) => download('/finance/rateApply/exportXls', { params: query });

/** GET /finance/rateApply/review/exportXls: every tenant's applications as they are filtered, as an Excel file. */
export const exportReviewRateApplies = (query: ExportQuery) => download('/finance/rateApply/review/exportXls', { params: query });
