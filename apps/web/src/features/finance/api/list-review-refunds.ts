import type { RefundRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

export const REVIEW_REFUNDS_KEY = ['finance', 'review', 'refund'] as const;
export const REVIEW_REFUND_LIST_KEY = [...REVIEW_REFUNDS_KEY, 'list'] as const;

/** POST /platform-api/finance/review/refund/list: every tenant's refunds. */
export const listReviewRefunds = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RefundRecord>>('/finance/review/refund/list', listBody(params), { transfer: true, signal });
