import type { RateCardRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

export const RATE_CARDS_KEY = ['warehouse', 'rateCard'] as const;
export const RATE_CARD_LIST_KEY = [...RATE_CARDS_KEY, 'list'] as const;

/** GET /warehouse/rateCard/list: freight per destination and service type (platform). */
export const listRateCards = (params: ListParams, signal?: AbortSignal) => http.get<Page<RateCardRecord>>('/warehouse/rateCard/list', { params, signal });
