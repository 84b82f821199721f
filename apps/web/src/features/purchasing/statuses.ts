import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';
import { PRE_ORDER_STATUS_COLORS } from '../../entities/pre-order/statuses.ts';

/* The options of the purchasing screens' queue statuses (texts in the purchasing namespace); the colours of a pre-order's and a purchase order's states, and the platforms, live in entities/. */

export const QUEUE_STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'PAID', label: textKey('purchasing', 'queueStatus.PAID'), color: PRE_ORDER_STATUS_COLORS.PAID },
  { value: 'PURCHASING', label: textKey('purchasing', 'queueStatus.PURCHASING'), color: PRE_ORDER_STATUS_COLORS.PURCHASING },
  { value: 'DONE', label: textKey('purchasing', 'queueStatus.DONE'), color: PRE_ORDER_STATUS_COLORS.DONE },
  { value: 'CANCELLED', label: textKey('purchasing', 'queueStatus.CANCELLED'), color: PRE_ORDER_STATUS_COLORS.CANCELLED },
];
