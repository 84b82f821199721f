import type { PreOrderStatus } from '@portal/shared/purchase';

/**
 * A pre-purchase order's state, in the same colour on the merchant's list and detail and on the purchasers'
 * queue: the basket and what is cancelled grey, awaiting payment orange, paid and waiting for a purchaser gold
 * (as a purchase order still to place), being bought blue, done green. The texts stay each screen's own.
 */
export const PRE_ORDER_STATUS_COLORS: Record<PreOrderStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'orange',
  PAID: 'gold',
  PURCHASING: 'blue',
  DONE: 'green',
  CANCELLED: 'default',
};
