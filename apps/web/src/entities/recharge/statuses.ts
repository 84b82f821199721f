import { RECHARGE_STATUSES, type RechargeStatus } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/**
 * A recharge's state as the merchant's wallet and the platform's review both show it, in antd's status
 * colours (decision 0004 makes them read): a draft grey, waiting blue, credited green, refused red,
 * reversed orange. The texts are the finance namespace's: a screen showing these loads it.
 */
const COLORS: Record<RechargeStatus, string> = { DRAFT: 'default', SUBMITTED: 'processing', CONFIRMED: 'success', REJECTED: 'error', REVERSED: 'warning' };

export const RECHARGE_STATUS_OPTIONS: readonly (StaticOption & { value: RechargeStatus })[] = RECHARGE_STATUSES.map((status) => ({
  value: status,
  label: textKey('finance', `status.recharge.${status}`),
  color: COLORS[status],
}));
