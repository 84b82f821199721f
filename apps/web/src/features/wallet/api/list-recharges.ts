import type { RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { http } from '../../../lib/http.ts';
import { listBodyOf } from '../list-body.ts';
import { WALLET_BASE, WALLET_KEY } from './keys.ts';

export const RECHARGE_LIST_KEY = [...WALLET_KEY, 'recharge', 'list'] as const;

/** POST recharge/list: the tenant's recharges; the toolkit's parameters are the body, the tab adds the status. */
export const listRecharges = (params: ListParams, status: RechargeStatus | undefined, signal?: AbortSignal) =>
  http.post<Page<RechargeRecord>>(`${WALLET_BASE}/recharge/list`, listBodyOf(params, { status }), { transfer: true, signal });
