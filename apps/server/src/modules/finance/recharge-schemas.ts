import { z } from 'zod';
import { RECHARGE_STATUSES } from '@portal/shared/finance';
import { rechargeRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES } from '@portal/shared/money';
import { getQuery } from '../../lib/query.ts';
import { idParam, timeParam } from '../pickup/list-support.ts';
import { timeZoneParam } from '../pickup/xlsx-export.ts';

/*
 * Recharge shapes the shared contract does not have (yet): the review preview, the export queries and
 * the voucher download's parameters. Candidates for packages/shared/src/finance-schemas.ts.
 */

/** recharge/confirm: what confirming now would do, without doing it. */
export const rechargeReviewPreview = z.object({
  record: rechargeRecord,
  /** the rate confirming now would use (1 from = rate to); null when none is known */
  rate: z.string().nullable(),
  inverseRate: z.string().nullable(),
  /** the amount confirming now would credit to the wallet, in the received currency */
  creditAmount: z.string().nullable(),
  /** the merchant's rate application whose rate would be used; null for the rate table (or the same currency) */
  rateApplyNo: z.string().nullable(),
  /** why there is no rate, or why the application's rate does not apply; '' otherwise */
  reason: z.string(),
});
export type RechargeReviewPreview = z.infer<typeof rechargeReviewPreview>;

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
