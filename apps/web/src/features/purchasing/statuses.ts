import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/* The options of the purchasing screens' statuses and platforms (texts in the purchasing namespace). */

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

export const ORDER_STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'PLACING', label: textKey('purchasing', 'orderStatus.PLACING'), color: 'gold' },
  { value: 'AWAITING_CONFIRMATION', label: textKey('purchasing', 'orderStatus.AWAITING_CONFIRMATION'), color: 'orange' },
  { value: 'PURCHASED', label: textKey('purchasing', 'orderStatus.PURCHASED'), color: 'blue' },
  { value: 'SELLER_SHIPPED', label: textKey('purchasing', 'orderStatus.SELLER_SHIPPED'), color: 'cyan' },
  { value: 'IN_STOCK', label: textKey('purchasing', 'orderStatus.IN_STOCK'), color: 'green' },
  { value: 'CANCELLED', label: textKey('purchasing', 'orderStatus.CANCELLED'), color: 'default' },
  { value: 'OUT_OF_STOCK', label: textKey('purchasing', 'orderStatus.OUT_OF_STOCK'), color: 'default' },
  { value: 'REFUNDED', label: textKey('purchasing', 'orderStatus.REFUNDED'), color: 'purple' },
];
