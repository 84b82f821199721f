import type { RefundStatus } from '@portal/shared/finance';
import type { RefundRecord } from '@portal/shared/finance-schemas';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http } from '../../../lib/http.ts';
import { listBodyOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

export const REFUND_LIST_KEY = [...WALLET_KEY, 'refund', 'list'] as const;

/** POST refund/list: the tenant's refunds; the toolkit's parameters are the body, the tab adds the status. */
export const listRefunds = (params: ListParams, status: RefundStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<RefundRecord>>(`${WALLET_BASE}/refund/list`, listBodyOf(params, { status }), { transfer: true, signal });
