import type { DetailRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

/** Every query of posted movements (the merchant's and the platform's view) starts with this. */
export const DETAILS_KEY = ['finance', 'detail'] as const;
export const DETAIL_LIST_KEY = [...DETAILS_KEY, 'list'] as const;

/** POST /finance/detail/list: every posted movement of the tenant's wallets, newest first, with the running balance. */
export const listDetails = (params: ListParams, signal?: AbortSignal) => http.post<Page<DetailRecord>>('/finance/detail/list', listBody(params), { signal });
