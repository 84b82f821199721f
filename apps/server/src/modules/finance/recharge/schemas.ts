import { z } from 'zod';
import { RECHARGE_STATUSES } from '@portal/shared/finance';
import { CURRENCY_CODES } from '@portal/shared/money';
import { getQuery } from '../../../lib/query.ts';
import { idParam, timeParam } from '../../../lib/list.ts';
import { timeZoneParam } from '../../../lib/xlsx.ts';

/*
 * Recharge shapes only the server needs: the export queries and the voucher download's parameters.
 */

/** The list's filters as query parameters (exportXls). */
const exportFilters = {
  status: z.enum(RECHARGE_STATUSES).optional(),
  rechargeNo: z.string().trim().max(32).optional(),
  transferCurrency: z.enum(CURRENCY_CODES).optional(),
  createdBy: idParam.optional(),
  createdAt_begin: timeParam.optional(),
  createdAt_end: timeParam.optional(),
  timeZone: timeZoneParam,
};
export const rechargeExportQuery = getQuery(exportFilters);
export const rechargeReviewExportQuery = getQuery({ ...exportFilters, tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

export const voucherParams = z.strictObject({ id: idParam });
export const emptyQuery = getQuery({});
