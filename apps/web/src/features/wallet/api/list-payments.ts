import type { PaymentStatus } from '@portal/shared/finance';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http } from '../../../lib/http.ts';
import { listBodyOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

export const PAYMENT_LIST_KEY = [...WALLET_KEY, 'payment', 'list'] as const;

/** POST payment/list: the tenant's payments with their lines; the toolkit's parameters are the body, the tab adds the status. */
export const listPayments = (params: ListParams, status: PaymentStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<PaymentRecord>>(`${WALLET_BASE}/payment/list`, listBodyOf(params, { status }), { transfer: true, signal });
