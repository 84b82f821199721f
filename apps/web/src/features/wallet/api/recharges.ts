import type { RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord, RechargeInput } from '@portal/shared/finance-schemas';
import { queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http, download } from '../../../lib/http.ts';
import { listBodyOf, exportParamsOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY, useInvalidateWallet } from '../../../entities/wallet/wallet-details.ts';
import type { Keyed } from './keys.ts';

export const RECHARGE_LIST_KEY = [...WALLET_KEY, 'recharge', 'list'] as const;

/** POST recharge/list: the tenant's recharges; the toolkit's parameters are the body, the tab adds the status. */
export const listRecharges = (params: ListParams, status: RechargeStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<RechargeRecord>>(`${WALLET_BASE}/recharge/list`, listBodyOf(params, { status }), { transfer: true, signal });

/** POST recharge/details {id}: one of the tenant's recharges with its vouchers. */
export const getRecharge = (id: number, signal?: AbortSignal) => http.post<RechargeRecord>(`${WALLET_BASE}/recharge/details`, { id }, { transfer: true, signal });

export const rechargeQuery = (id: number) => queryOptions({ queryKey: [...WALLET_KEY, 'recharge', 'details', id] as const, queryFn: ({ signal }) => getRecharge(id, signal), retry: false });

export const useRecharge = (id: number | null) => useQuery({ ...rechargeQuery(id ?? 0), enabled: id !== null });

/** POST recharge/submit: a new recharge, kept as a draft or submitted for review. Silent: the dialog shows the refusal. */
export const submitRecharge = ({ input, idempotencyKey }: Keyed<RechargeInput>) =>
  http.post<RechargeRecord>(`${WALLET_BASE}/recharge/submit`, input, { transfer: true, idempotencyKey, silent: true });

export function useSubmitRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: submitRecharge, onSuccess: invalidate });
}

export type RechargeEditInput = RechargeInput & { id: number };

/** POST recharge/edit: changes a draft, and submits it for review with `draft: false`. Silent: the caller shows the refusal. */
export const editRecharge = ({ input, idempotencyKey }: Keyed<RechargeEditInput>) =>
  http.post<RechargeRecord>(`${WALLET_BASE}/recharge/edit`, input, { transfer: true, idempotencyKey, silent: true });

export function useEditRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: editRecharge, onSuccess: invalidate });
}

/** POST deleteRechargeRecord {id}: deletes a draft (anything else is 409). Silent: the row shows the refusal. */
export const deleteRecharge = ({ input, idempotencyKey }: Keyed<{ id: number }>) =>
  http.post<unknown>(`${WALLET_BASE}/deleteRechargeRecord`, input, { transfer: true, idempotencyKey, silent: true });

export function useDeleteRecharge() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: deleteRecharge, onSuccess: invalidate });
}

/** GET recharge/exportXls: the recharges the list shows (its filters and tab), as an Excel file. */
export const exportRecharges = (params: ListParams, status: RechargeStatus | undefined) =>
  download(`${WALLET_BASE}/recharge/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
