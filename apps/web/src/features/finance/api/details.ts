import type { DetailRecord, PlatformDetailRecord } from '@portal/shared/finance-schemas';
import { http, download } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody, type ExportQuery } from '../list-body.ts';

/** Every query of posted movements (the merchant's and the platform's view) starts with this. */
export const DETAILS_KEY = ['finance', 'detail'] as const;
export const DETAIL_LIST_KEY = [...DETAILS_KEY, 'list'] as const;

/** POST /finance/detail/list: every posted movement of the tenant's wallets, newest first, with the running balance. */
export const listDetails = (params: ListParams, signal?: AbortSignal) => http.post<Page<DetailRecord>>('/finance/detail/list', listBody(params), { signal });

export const REVIEW_DETAIL_LIST_KEY = [...DETAILS_KEY, 'review'] as const;

/** POST /finance/review/detail/list (platform): the movements of any tenant's wallets (tenant 0: the platform's own accounts), by tenantId and currency. */
export const listReviewDetails = (params: ListParams, signal?: AbortSignal) => http.post<Page<PlatformDetailRecord>>('/finance/review/detail/list', listBody(params), { signal });

/** GET /finance/detail/exportXls: the tenant's movements as they are filtered, as an Excel file. */
export const exportDetails = (query: ExportQuery) => download('/finance/detail/exportXls', { params: query });
