/** The spec's order status enum, in the spec's order. */
export const ORDER_STATUSES = [
  'CREATED',
  'WAIT_COLLECT',
  'WHIN',
  'WHOUT',
  'CROSS_BORDER',
  'OVERSEA_WH',
  'END_DELIVERY',
  'DONE',
  'CANCEL',
  'RETURN',
  'LOST',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SERVICE_TYPES = ['BASE', 'FULL_LINK', 'HALF_LINK'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
