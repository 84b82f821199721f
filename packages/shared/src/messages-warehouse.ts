import type { Texts } from './languages.ts';

/** Messages of the platform's warehouse screens (modules/warehouse) and the public tracking lookup. */
export const warehouseMessages = {
  receiveNumberNotFound: {
    'zh-TW': '找不到單號為「{number}」的包裹或訂單',
    'zh-CN': '找不到单号为「{number}」的包裹或订单',
    'en-US': 'No parcel or order has the number "{number}"',
  },
  receiveNumberAmbiguous: {
    'zh-TW': '快遞單號「{number}」屬於多個商家的包裹，請改掃訂單號',
    'zh-CN': '快递单号「{number}」属于多个商家的包裹，请改扫订单号',
    'en-US': 'Tracking number "{number}" belongs to parcels of several merchants: scan the order number instead',
  },
  receiveParcelWithoutOrder: {
    'zh-TW': '包裹「{number}」尚未關聯訂單，無法入庫',
    'zh-CN': '包裹「{number}」尚未关联订单，无法入库',
    'en-US': 'Parcel "{number}" is not linked to an order yet and cannot be received',
  },
  receiveParcelNumberTaken: {
    'zh-TW': '單號「{number}」已被該商家的另一個包裹使用',
    'zh-CN': '单号「{number}」已被该商家的另一个包裹使用',
    'en-US': 'The number "{number}" is already used by another parcel of this merchant',
  },
  warehouseReceived: {
    'zh-TW': '訂單 {orderNo} 已入庫',
    'zh-CN': '订单 {orderNo} 已入库',
    'en-US': 'Order {orderNo} received at the warehouse',
  },
  warehouseOrderNotFound: {
    'zh-TW': '找不到訂單「{orderNo}」',
    'zh-CN': '找不到订单「{orderNo}」',
    'en-US': 'Order "{orderNo}" not found',
  },
  shipOutDone: { 'zh-TW': '已出庫', 'zh-CN': '已出库', 'en-US': 'Shipped out' },
  shipOutSummary: {
    'zh-TW': '出庫完成：成功 {ok} 筆，失敗 {failed} 筆',
    'zh-CN': '出库完成：成功 {ok} 条，失败 {failed} 条',
    'en-US': 'Ship-out done: {ok} shipped, {failed} refused',
  },
  orderStatusFilterInvalid: {
    'zh-TW': '狀態只能是以逗號分隔的訂單狀態：{values}',
    'zh-CN': '状态只能是以逗号分隔的订单状态：{values}',
    'en-US': 'Status takes order statuses separated by commas: {values}',
  },
  trackingEventInFuture: {
    'zh-TW': '事件時間不可晚於現在',
    'zh-CN': '事件时间不可晚于现在',
    'en-US': 'The event time cannot be in the future',
  },
  trackingEventNeedsText: {
    'zh-TW': '不變更狀態的事件須填寫描述或承運商原文',
    'zh-CN': '不变更状态的事件须填写描述或承运商原文',
    'en-US': 'An event that changes no status needs a description or the carrier’s text',
  },
  trackingEventRecorded: { 'zh-TW': '軌跡已記錄', 'zh-CN': '轨迹已记录', 'en-US': 'Tracking event recorded' },
  trackingNumbersRequired: {
    'zh-TW': '請輸入至少一個單號',
    'zh-CN': '请输入至少一个单号',
    'en-US': 'Enter at least one number',
  },
  trackingTooManyNumbers: {
    'zh-TW': '一次最多查詢 {max} 個單號（您輸入了 {count} 個）',
    'zh-CN': '一次最多查询 {max} 个单号（您输入了 {count} 个）',
    'en-US': 'At most {max} numbers at once (you entered {count})',
  },
} as const satisfies Record<string, Texts>;
