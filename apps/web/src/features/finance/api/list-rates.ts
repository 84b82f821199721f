import type { RateRecord } from '@portal/shared/finance-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { listBody } from '../list-body.ts';

export const RATES_KEY = ['finance', 'exchangeRate'] as const;
export const RATE_LIST_KEY = [...RATES_KEY, 'list'] as const;

/** POST /finance/exchangeRate/list: the rate table with its history; `currentOnly` keeps the one applying now per pair. */
export const listRates = (params: ListParams, currentOnly: boolean, signal?: AbortSignal) =>
  http.post<Page<RateRecord>>('/finance/exchangeRate/list', listBody(params, { currentOnly: currentOnly || undefined }), { signal });
