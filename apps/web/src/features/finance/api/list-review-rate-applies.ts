import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

export const REVIEW_RATE_APPLIES_KEY = ['finance', 'review', 'rateApply'] as const;
export const REVIEW_RATE_APPLY_LIST_KEY = [...REVIEW_RATE_APPLIES_KEY, 'list'] as const;

/** POST /finance/rateApply/review/list (platform): every tenant's rate applications, with today's market rate. */
export const listReviewRateApplies = (params: ListParams, signal?: AbortSignal) =>
  http.post<Page<RateApplyRecord>>('/finance/rateApply/review/list', listBody(params), { signal });
