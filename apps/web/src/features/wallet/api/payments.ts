import type { PaymentStatus } from '@portal/shared/finance';
import type { PaymentRecord, ChargeRecord, PaymentPreview, PaymentInput } from '@portal/shared/finance-schemas';
import { queryOptions, useQuery, keepPreviousData, useMutation } from '@tanstack/react-query';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http, download } from '../../../lib/http.ts';
import { listBodyOf, exportParamsOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY, useInvalidateWallet } from '../../../entities/wallet/wallet-details.ts';
import type { Keyed } from './keys.ts';

export const PAYMENT_LIST_KEY = [...WALLET_KEY, 'payment', 'list'] as const;

/** POST payment/list: the tenant's payments with their lines; the toolkit's parameters are the body, the tab adds the status. */
export const listPayments = (params: ListParams, status: PaymentStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<PaymentRecord>>(`${WALLET_BASE}/payment/list`, listBodyOf(params, { status }), { transfer: true, signal });

/** POST payment/details {id}: one payment with its lines and pay orders. */
export const getPayment = (id: number, signal?: AbortSignal) => http.post<PaymentRecord>(`${WALLET_BASE}/payment/details`, { id }, { transfer: true, signal });

export const paymentQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'payment', 'details', id] as const, queryFn: ({ signal }) => getPayment(id, signal), retry: false });

export const usePayment = (id: number | null) => useQuery({ ...paymentQuery(id ?? 0), enabled: id !== null });

/** The body of payment/charges (finance-schemas.ts chargeListBody). */
export type ChargeListBody = { pageNo: number; pageSize: number; orderNo?: string };

/** POST payment/charges: the freight charges of the tenant's orders not yet paid. */
export const listCharges = (body: ChargeListBody, signal?: AbortSignal) => http.post<Page<ChargeRecord>>(`${WALLET_BASE}/payment/charges`, body, { transfer: true, signal });

export const chargesQuery = (body: ChargeListBody) =>
  queryOptions({ queryKey: [...WALLET_KEY, 'payment', 'charges', body] as const, queryFn: ({ signal }) => listCharges(body, signal), retry: false, placeholderData: keepPreviousData });

export const useCharges = (body: ChargeListBody, enabled: boolean) => useQuery({ ...chargesQuery(body), enabled });

/** What to preview: a draft payment, or charges about to be paid. */
export type PreviewInput = { id: number } | { orderIds: number[] };

/** POST payment/confirm: what paying would do (total, balance before and after, each line payable or why not), without doing it. */
export const previewPayment = (input: PreviewInput, signal?: AbortSignal) => http.post<PaymentPreview>(`${WALLET_BASE}/payment/confirm`, input, { transfer: true, signal });

export const paymentPreviewQuery = (input: PreviewInput) =>
  queryOptions({
    // not under WALLET_KEY: paying invalidates the wallet, and a preview of what was just paid asked again is a 409
    queryKey: ['walletPaymentPreview', input] as const,
    queryFn: ({ signal }) => previewPayment(input, signal),
    // the balance may have moved since: every opening asks again
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const usePaymentPreview = (input: PreviewInput | null) => useQuery({ ...paymentPreviewQuery(input ?? { orderIds: [] }), enabled: input !== null });

/** POST payment/submit: a draft (`draft: true`), or pays the charges from the balance now. Silent: the dialog shows the refusal. */
export const submitPayment = ({ input, idempotencyKey }: Keyed<PaymentInput>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitPayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitPayment, onSuccess: invalidate });
}

/** The body of payment/edit (finance-schemas.ts paymentEditInput). */
export type PaymentEditInput = { id: number; orderIds: number[]; remark: string };

/** POST payment/edit: changes a draft's charges and remark. Silent: the dialog shows the refusal. */
export const editPayment = ({ input, idempotencyKey }: Keyed<PaymentEditInput>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/edit`, input, { transfer: true, idempotencyKey, silent: true });

export function useEditPayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: editPayment, onSuccess: invalidate });
}

/** POST payment/confirm/submit {id}: pays a draft from the balance. Silent: the dialog shows the refusal (409 when the balance is short). */
export const payDraft = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<PaymentRecord>(`${WALLET_BASE}/payment/confirm/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function usePayDraft() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: payDraft, onSuccess: invalidate });
}

/** POST deletePaymentRecord {id}: deletes a draft payment. Silent: the row shows the refusal. */
export const deletePayment = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<unknown>(`${WALLET_BASE}/deletePaymentRecord`, input, { transfer: true, idempotencyKey, silent: true });

export function useDeletePayment() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: deletePayment, onSuccess: invalidate });
}

/** GET payment/exportXls: the payments the list shows (its filters and tab), as an Excel file. */
export const exportPayments = (params: ListParams, status: PaymentStatus | undefined) =>
  download(`${WALLET_BASE}/payment/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
