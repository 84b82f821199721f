import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

/** Every query of the merchant's rate applications starts with this: a change invalidates them all. */
export const RATE_APPLIES_KEY = ['finance', 'rateApply'] as const;
export const RATE_APPLY_LIST_KEY = [...RATE_APPLIES_KEY, 'list'] as const;

/** POST /finance/rateApply/list: the caller tenant's applications for a rate of its own, newest first. */
export const listRateApplies = (params: ListParams, signal?: AbortSignal) => http.post<Page<RateApplyRecord>>('/finance/rateApply/list', listBody(params), { signal });
