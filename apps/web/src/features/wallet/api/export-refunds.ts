import type { RefundStatus } from '@portal/shared/finance';
import type { ListParams } from '../../../components/list-page/list-config.ts';
import { download } from '../../../lib/http.ts';
import { exportParamsOf } from '../list-body.ts';
import { WALLET_BASE } from './keys.ts';

/** GET refund/exportXls: the refunds the list shows (its filters and tab), as an Excel file. */
export const exportRefunds = (params: ListParams, status: RefundStatus | undefined) =>
  download(`${WALLET_BASE}/refund/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
