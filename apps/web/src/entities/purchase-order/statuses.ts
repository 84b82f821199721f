import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@portal/shared/purchase';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/**
 * A purchase order's state as the merchant's list and the purchaser's both show it: not yet bought gold
 * and orange, bought blue, on its way cyan, in stock green, ended grey, refunded purple. The texts are
 * the purchasing namespace's.
 */
const COLORS: Record<PurchaseOrderStatus, string> = {
  PLACING: 'gold',
  AWAITING_CONFIRMATION: 'orange',
  PURCHASED: 'blue',
  SELLER_SHIPPED: 'cyan',
  IN_STOCK: 'green',
  CANCELLED: 'default',
  OUT_OF_STOCK: 'default',
  REFUNDED: 'purple',
};

export const PURCHASE_ORDER_STATUS_OPTIONS: readonly (StaticOption & { value: PurchaseOrderStatus })[] = PURCHASE_ORDER_STATUSES.map((status) => ({
  value: status,
  label: textKey('purchasing', `orderStatus.${status}`),
  color: COLORS[status],
}));
