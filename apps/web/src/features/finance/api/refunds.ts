import type { RefundRecord, DecisionInput } from '@portal/shared/finance-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';

export const REVIEW_REFUNDS_KEY = ['finance', 'review', 'refund'] as const;
export const REVIEW_REFUND_LIST_KEY = [...REVIEW_REFUNDS_KEY, 'list'] as const;

/** POST /platform-api/finance/review/refund/list: every tenant's refunds. */
export const listReviewRefunds = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RefundRecord>>('/finance/review/refund/list', listBody(params), { transfer: true, signal });

/** POST /platform-api/finance/virtualWallet/refund/verify: only now the money moves (approve), or the refund is rejected with a reason. Silent: the dialog shows the refusal. */
export const verifyRefund = ({ input, idempotencyKey }: { input: DecisionInput; idempotencyKey: string }) =>
  http.post<RefundRecord>('/finance/virtualWallet/refund/verify', input, { transfer: true, silent: true, idempotencyKey });

export function useVerifyRefund() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyRefund, onSuccess: () => client.invalidateQueries({ queryKey: REVIEW_REFUNDS_KEY }) });
}

/** GET /platform-api/finance/review/refund/exportXls: the refunds as they are filtered, as an Excel file. */
export const exportReviewRefunds = (query: ExportQuery) => download('/finance/review/refund/exportXls', { params: query, transfer: true });
