import type { Texts } from './languages.ts';

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

/** Each status named in the three languages (the LOGOrderStateEnum / OrderStatus dictionaries, server messages). */
export const ORDER_STATUS_TEXTS: Record<OrderStatus, Texts> = {
  CREATED: { 'zh-TW': '已建立', 'zh-CN': '已创建', 'en-US': 'Created' },
  WAIT_COLLECT: { 'zh-TW': '待收件', 'zh-CN': '待揽收', 'en-US': 'Awaiting collection' },
  WHIN: { 'zh-TW': '已入庫', 'zh-CN': '已入库', 'en-US': 'In warehouse' },
  WHOUT: { 'zh-TW': '已出庫', 'zh-CN': '已出库', 'en-US': 'Left warehouse' },
  CROSS_BORDER: { 'zh-TW': '跨境運輸中', 'zh-CN': '跨境运输中', 'en-US': 'In cross-border transit' },
  OVERSEA_WH: { 'zh-TW': '已到海外倉', 'zh-CN': '已到海外仓', 'en-US': 'At overseas warehouse' },
  END_DELIVERY: { 'zh-TW': '末端配送中', 'zh-CN': '末端派送中', 'en-US': 'Out for delivery' },
  DONE: { 'zh-TW': '已完成', 'zh-CN': '已完成', 'en-US': 'Completed' },
  CANCEL: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  RETURN: { 'zh-TW': '已退回', 'zh-CN': '已退回', 'en-US': 'Returned' },
  LOST: { 'zh-TW': '已遺失', 'zh-CN': '已丢失', 'en-US': 'Lost' },
};
