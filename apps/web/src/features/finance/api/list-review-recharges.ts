import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

export const REVIEW_RECHARGES_KEY = ['finance', 'review', 'recharge'] as const;
export const REVIEW_RECHARGE_LIST_KEY = [...REVIEW_RECHARGES_KEY, 'list'] as const;

/** POST /platform-api/finance/review/recharge/list: every tenant's recharges, those awaiting review first. */
export const listReviewRecharges = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RechargeRecord>>('/finance/review/recharge/list', listBody(params), { transfer: true, signal });
