import type { PaymentStatus } from '@portal/shared/finance';
import type { ListParams } from '../../../components/list-page/list-config.ts';
import { download } from '../../../lib/http.ts';
import { exportParamsOf } from '../list-body.ts';
import { WALLET_BASE } from './keys.ts';

/** GET payment/exportXls: the payments the list shows (its filters and tab), as an Excel file. */
export const exportPayments = (params: ListParams, status: PaymentStatus | undefined) =>
  download(`${WALLET_BASE}/payment/exportXls`, { transfer: true, params: exportParamsOf(params, { status }) });
