import type { PlatformDetailRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';
import { DETAILS_KEY } from './list-details.ts';

export const REVIEW_DETAIL_LIST_KEY = [...DETAILS_KEY, 'review'] as const;

/** POST /finance/review/detail/list (platform): the movements of any tenant's wallets (tenant 0: the platform's own accounts), by tenantId and currency. */
export const listReviewDetails = (params: ListParams, signal?: AbortSignal) => http.post<Page<PlatformDetailRecord>>('/finance/review/detail/list', listBody(params), { signal });
