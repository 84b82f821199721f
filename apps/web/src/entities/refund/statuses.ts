import { REFUND_STATUSES, type RefundStatus } from '@portal/shared/finance';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/**
 * A refund's state as the merchant's wallet and the platform's review both show it, in antd's status
 * colours: waiting blue, refunded green, refused red. The texts are the finance namespace's.
 */
const COLORS: Record<RefundStatus, string> = { SUBMITTED: 'processing', APPROVED: 'success', REJECTED: 'error' };

export const REFUND_STATUS_OPTIONS: readonly (StaticOption & { value: RefundStatus })[] = REFUND_STATUSES.map((status) => ({
  value: status,
  label: textKey('finance', `status.refund.${status}`),
  color: COLORS[status],
}));
