import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/* The options of the purchasing screens' queue statuses and platforms (texts in the purchasing namespace); a purchase order's statuses are entities/purchase-order's. */

export const QUEUE_STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'PAID', label: textKey('purchasing', 'queueStatus.PAID'), color: 'gold' },
  { value: 'PURCHASING', label: textKey('purchasing', 'queueStatus.PURCHASING'), color: 'blue' },
  { value: 'DONE', label: textKey('purchasing', 'queueStatus.DONE'), color: 'green' },
  { value: 'CANCELLED', label: textKey('purchasing', 'queueStatus.CANCELLED'), color: 'default' },
];

export const PLATFORM_OPTIONS: readonly StaticOption[] = [
  { value: 'TAOBAO', label: textKey('purchasing', 'platforms.TAOBAO'), color: 'orange' },
  { value: '1688', label: textKey('purchasing', 'platforms.1688'), color: 'volcano' },
];
