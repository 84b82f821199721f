import type { RechargeStatus } from '@portal/shared/finance';
import type { ListParams } from '../../../components/list-page/list-config.ts';
import { download } from '../../../lib/http.ts';
import { exportParamsOf } from '../list-body.ts';
import { WALLET_BASE } from './keys.ts';

/** GET recharge/exportXls: the recharges the list shows (its filters and tab), as an Excel file. */
export const exportRecharges = (params: ListParams, status: RechargeStatus | undefined) =>
  download(`${WALLET_BASE}/recharge/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
