import type { Texts } from './languages.ts';
import type { ExceptionResolution, ExceptionStatus, ExceptionType, ParcelStatus, PickupBatchStatus } from './logistics.ts';

/** Messages of parcels, pick-up batches, collection exceptions and rate cards (modules/pickup, modules/parcel, modules/freight). */
export const pickupMessages = {
  // lists and exports of these areas
  // every export (lib/xlsx.ts): counting stops past the limit, so the message names the limit
  exportRowsTooMany: {
    'zh-TW': '符合條件的資料超過單次匯出上限 {max} 筆，請縮小篩選範圍（例如建立時間）後再匯出',
    'zh-CN': '符合条件的数据超过单次导出上限 {max} 条，请缩小筛选范围（例如创建时间）后再导出',
    'en-US': 'More than {max} rows match, the most one export can hold: narrow the filters (the creation date, for example) and export again',
  },
  exportTimeZoneInvalid: {
    'zh-TW': '時區須為有效的時區名稱（例如 Asia/Taipei）',
    'zh-CN': '时区须为有效的时区名称（例如 Asia/Shanghai）',
    'en-US': 'Time zone must be a valid time zone name (such as Asia/Shanghai)',
  },
  dimensionsAllOrNone: {
    'zh-TW': '請輸入{field}：長、寬、高需同時填寫或都不填',
    'zh-CN': '请输入{field}：长、宽、高需同时填写或都不填',
    'en-US': '{field} is required: give length, width and height together, or none of them',
  },

  // parcels (package management)
  parcelTrackingNoTaken: {
    'zh-TW': '快遞單號 {trackingNo} 已預報過',
    'zh-CN': '快递单号 {trackingNo} 已预报过',
    'en-US': 'Tracking number {trackingNo} has already been forecast',
  },
  parcelOrderNotFound: { 'zh-TW': '物流訂單 {orderNo} 不存在', 'zh-CN': '物流订单 {orderNo} 不存在', 'en-US': 'Logistics order {orderNo} does not exist' },
  parcelOrderClosed: {
    'zh-TW': '物流訂單 {orderNo} 的狀態為「{status}」：包裹只能關聯「已建立」或「待收件」的訂單',
    'zh-CN': '物流订单 {orderNo} 的状态为「{status}」：包裹只能关联「已创建」或「待揽收」的订单',
    'en-US': 'Logistics order {orderNo} is "{status}": a parcel can only be linked to a Created or Awaiting collection order',
  },
  parcelNotForecast: {
    'zh-TW': '包裹狀態為「{status}」：只有「已預報」的包裹可以修改或刪除',
    'zh-CN': '包裹状态为「{status}」：只有「已预报」的包裹可以修改或删除',
    'en-US': 'The parcel is "{status}": only a Forecast parcel can be changed or deleted',
  },

  // pick-up batches
  pickupOrderNotFound: { 'zh-TW': '訂單 {id} 不存在', 'zh-CN': '订单 {id} 不存在', 'en-US': 'Order {id} does not exist' },
  pickupOrderNotCreated: {
    'zh-TW': '訂單 {orderNo} 的狀態為「{status}」：只有「已建立」的訂單可以加入提貨批次',
    'zh-CN': '订单 {orderNo} 的状态为「{status}」：只有「已创建」的订单可以加入提货批次',
    'en-US': 'Order {orderNo} is "{status}": only Created orders can be put in a pick-up batch',
  },
  pickupOrderInBatch: {
    'zh-TW': '訂單 {orderNo} 已在提貨批次 {batchNo} 中：請從此批次移除該訂單，或先取消批次 {batchNo}；未做任何變更',
    'zh-CN': '订单 {orderNo} 已在提货批次 {batchNo} 中：请从此批次移除该订单，或先取消批次 {batchNo}；未做任何变更',
    'en-US': 'Order {orderNo} is already in pick-up batch {batchNo}: remove it from this batch, or cancel batch {batchNo} first; nothing was changed',
  },
  pickupNothingToCollect: {
    'zh-TW': '批次 {batchNo} 的訂單（{orderNos}）都已入庫，沒有需要上門提貨的貨物：請取消此批次；未做任何變更',
    'zh-CN': '批次 {batchNo} 的订单（{orderNos}）都已入库，没有需要上门提货的货物：请取消此批次；未做任何变更',
    'en-US': 'Every order of batch {batchNo} ({orderNos}) is already in the warehouse, so there is nothing left to pick up: cancel the batch; nothing was changed',
  },
  pickupOrderMovedOn: {
    'zh-TW': '訂單 {orderNo} 目前為「{status}」，無法將此批次標記為備貨完成；未做任何變更',
    'zh-CN': '订单 {orderNo} 当前为「{status}」，无法将此批次标记为备货完成；未做任何变更',
    'en-US': 'Order {orderNo} is now "{status}", so the batch cannot be marked ready; nothing was changed',
  },
  pickupTimeNotFuture: { 'zh-TW': '{field}必須是未來的時間', 'zh-CN': '{field}必须是未来的时间', 'en-US': '{field} must be a time in the future' },
  pickupTimeInFuture: { 'zh-TW': '{field}不可晚於現在', 'zh-CN': '{field}不可晚于现在', 'en-US': '{field} cannot be later than now' },
  pickupBatchTransitionRefused: {
    'zh-TW': '提貨批次不能從「{from}」變為「{to}」',
    'zh-CN': '提货批次不能从「{from}」变为「{to}」',
    'en-US': 'The pick-up batch cannot move from "{from}" to "{to}"',
  },
  pickupBatchWrongStatus: {
    'zh-TW': '提貨批次目前為「{status}」：此操作只能在「{expected}」時進行',
    'zh-CN': '提货批次当前为「{status}」：此操作只能在「{expected}」时进行',
    'en-US': 'The pick-up batch is "{status}": this can only be done while it is "{expected}"',
  },
  pickupBatchChangedMeanwhile: {
    'zh-TW': '提貨批次已被其他操作更新，請重新整理後再試',
    'zh-CN': '提货批次已被其他操作更新，请刷新后再试',
    'en-US': 'The pick-up batch was changed by someone else meanwhile; reload it and try again',
  },

  // collection exceptions
  exceptionOrderNotFound: { 'zh-TW': '物流訂單 {orderNo} 不存在', 'zh-CN': '物流订单 {orderNo} 不存在', 'en-US': 'Logistics order {orderNo} does not exist' },
  exceptionNotDealable: {
    'zh-TW': '異常狀態為「{status}」：只有「待處理」或「待商家回覆」的異常可以處理',
    'zh-CN': '异常状态为「{status}」：只有「待处理」或「待商家回复」的异常可以处理',
    'en-US': 'The exception is "{status}": only a Pending or Awaiting merchant reply exception can be dealt with',
  },
  exceptionTransitionRefused: {
    'zh-TW': '異常狀態不能從「{from}」變為「{to}」',
    'zh-CN': '异常状态不能从「{from}」变为「{to}」',
    'en-US': 'The exception cannot move from "{from}" to "{to}"',
  },

  // rate cards and quotes
  rateCardExists: {
    'zh-TW': '{country} / {serviceType} 的運價卡已存在',
    'zh-CN': '{country} / {serviceType} 的运价卡已存在',
    'en-US': 'A rate card for {country} / {serviceType} already exists',
  },
  rateCardAmountScale: {
    'zh-TW': '{field}以 {currency} 計價時最多 {scale} 位小數',
    'zh-CN': '{field}以 {currency} 计价时最多 {scale} 位小数',
    'en-US': '{field} takes at most {scale} decimals in {currency}',
  },
} as const satisfies Record<string, Texts>;

/** Parcel statuses by name (the ParcelStatus dictionary): exports. */
export const PARCEL_STATUS_TEXTS: Record<ParcelStatus, Texts> = {
  FORECAST: { 'zh-TW': '已預報', 'zh-CN': '已预报', 'en-US': 'Forecast' },
  IN_WAREHOUSE: { 'zh-TW': '在庫', 'zh-CN': '在库', 'en-US': 'In warehouse' },
  SHIPPED: { 'zh-TW': '已出庫', 'zh-CN': '已出库', 'en-US': 'Shipped out' },
};

/** Pick-up batch statuses by name (the COLOrderStatusEnum dictionary): 409 messages and exports. */
export const PICKUP_BATCH_STATUS_TEXTS: Record<PickupBatchStatus, Texts> = {
  WAIT_PREPARE_GOODS: { 'zh-TW': '待備貨', 'zh-CN': '待备货', 'en-US': 'Waiting to prepare goods' },
  WAIT_TAKE_GOODS: { 'zh-TW': '待提貨', 'zh-CN': '待提货', 'en-US': 'Waiting for pick-up' },
  WAIT_CONFIRM_TAKE: { 'zh-TW': '待確認提貨', 'zh-CN': '待确认提货', 'en-US': 'Pick-up awaiting confirmation' },
  FINISH_TAKE_GOODS: { 'zh-TW': '已完成提貨', 'zh-CN': '已完成提货', 'en-US': 'Pick-up completed' },
};

/** A cancelled batch keeps its status; messages and exports name it by this instead. */
export const PICKUP_BATCH_CANCELLED_TEXT: Texts = { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' };

/** Exception statuses by name (the CollectionOrderExceptionConstant dictionary). */
export const EXCEPTION_STATUS_TEXTS: Record<ExceptionStatus, Texts> = {
  '0': { 'zh-TW': '待處理', 'zh-CN': '待处理', 'en-US': 'Pending' },
  '1': { 'zh-TW': '已處理', 'zh-CN': '已处理', 'en-US': 'Handled' },
  '2': { 'zh-TW': '待商家回覆', 'zh-CN': '待商家回复', 'en-US': 'Awaiting merchant reply' },
  '3': { 'zh-TW': '已關閉', 'zh-CN': '已关闭', 'en-US': 'Closed' },
  '4': { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

/** Exception types by name (the CollectionExceptionType dictionary). */
export const EXCEPTION_TYPE_TEXTS: Record<ExceptionType, Texts> = {
  DAMAGED: { 'zh-TW': '貨物破損', 'zh-CN': '货物破损', 'en-US': 'Damaged goods' },
  OVERWEIGHT: { 'zh-TW': '超重超尺寸', 'zh-CN': '超重超尺寸', 'en-US': 'Over weight or size' },
  PROHIBITED: { 'zh-TW': '違禁品', 'zh-CN': '违禁品', 'en-US': 'Prohibited goods' },
  MISSING_LABEL: { 'zh-TW': '缺少面單', 'zh-CN': '缺少面单', 'en-US': 'Missing label' },
  ADDRESS: { 'zh-TW': '地址問題', 'zh-CN': '地址问题', 'en-US': 'Address problem' },
  OTHER: { 'zh-TW': '其他', 'zh-CN': '其他', 'en-US': 'Other' },
};

/** Resolutions by name (the ExceptionResolution dictionary). */
export const EXCEPTION_RESOLUTION_TEXTS: Record<ExceptionResolution, Texts> = {
  CONTINUE: { 'zh-TW': '繼續發貨', 'zh-CN': '继续发货', 'en-US': 'Ship as is' },
  RESHIP: { 'zh-TW': '重新發貨', 'zh-CN': '重新发货', 'en-US': 'Send again' },
  RETURN: { 'zh-TW': '退回商家', 'zh-CN': '退回商家', 'en-US': 'Return to merchant' },
  DESTROY: { 'zh-TW': '銷毀', 'zh-CN': '销毁', 'en-US': 'Destroy' },
};

/** Titles (sheet and file name) and column headers of the Excel exports of these areas. */
export const pickupExportTexts = {
  parcelTitle: { 'zh-TW': '包裹管理', 'zh-CN': '包裹管理', 'en-US': 'Packages' },
  batchTitle: { 'zh-TW': '提貨批次', 'zh-CN': '提货批次', 'en-US': 'Pick-up batches' },
  exceptionTitle: { 'zh-TW': '收件異常', 'zh-CN': '揽收异常', 'en-US': 'Collection exceptions' },
  trackingNo: { 'zh-TW': '快遞單號', 'zh-CN': '快递单号', 'en-US': 'Tracking number' },
  logisticsOrderNo: { 'zh-TW': '物流訂單號', 'zh-CN': '物流订单号', 'en-US': 'Logistics order number' },
  orderNo: { 'zh-TW': '訂單號', 'zh-CN': '订单号', 'en-US': 'Order number' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  weightKg: { 'zh-TW': '重量(kg)', 'zh-CN': '重量(kg)', 'en-US': 'Weight (kg)' },
  lengthCm: { 'zh-TW': '長(cm)', 'zh-CN': '长(cm)', 'en-US': 'Length (cm)' },
  widthCm: { 'zh-TW': '寬(cm)', 'zh-CN': '宽(cm)', 'en-US': 'Width (cm)' },
  heightCm: { 'zh-TW': '高(cm)', 'zh-CN': '高(cm)', 'en-US': 'Height (cm)' },
  warehouse: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  storageTime: { 'zh-TW': '入庫時間', 'zh-CN': '入库时间', 'en-US': 'Storage time' },
  shipmentTime: { 'zh-TW': '出庫時間', 'zh-CN': '出库时间', 'en-US': 'Shipment time' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },
  batchNo: { 'zh-TW': '訂單批次號', 'zh-CN': '订单批次号', 'en-US': 'Order batch number' },
  shipmentTotal: { 'zh-TW': '運單總數', 'zh-CN': '运单总数', 'en-US': 'Shipment total' },
  estimatedWeightKg: { 'zh-TW': '預估重量(kg)', 'zh-CN': '预估重量(kg)', 'en-US': 'Estimated weight (kg)' },
  actualWeightKg: { 'zh-TW': '實際重量(kg)', 'zh-CN': '实际重量(kg)', 'en-US': 'Actual weight (kg)' },
  expectedPickupAt: { 'zh-TW': '期望提貨時間', 'zh-CN': '期望提货时间', 'en-US': 'Expected pick-up time' },
  estimatedPickupAt: { 'zh-TW': '預計提貨時間', 'zh-CN': '预计提货时间', 'en-US': 'Estimated pick-up time' },
  actualPickupAt: { 'zh-TW': '實際提貨時間', 'zh-CN': '实际提货时间', 'en-US': 'Actual pick-up time' },
  plate: { 'zh-TW': '車牌', 'zh-CN': '车牌', 'en-US': 'Plate' },
  contactName: { 'zh-TW': '聯絡人', 'zh-CN': '联系人', 'en-US': 'Contact' },
  contactPhone: { 'zh-TW': '聯絡電話', 'zh-CN': '联系电话', 'en-US': 'Contact phone' },
  pickupAddress: { 'zh-TW': '提貨地址', 'zh-CN': '提货地址', 'en-US': 'Pick-up address' },
  tenantName: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },
  exceptionNo: { 'zh-TW': '異常單號', 'zh-CN': '异常单号', 'en-US': 'Exception number' },
  exceptionType: { 'zh-TW': '異常類型', 'zh-CN': '异常类型', 'en-US': 'Exception type' },
  description: { 'zh-TW': '異常描述', 'zh-CN': '异常描述', 'en-US': 'Description' },
  resolution: { 'zh-TW': '處理方式', 'zh-CN': '处理方式', 'en-US': 'Resolution' },
  merchantRemark: { 'zh-TW': '商家備註', 'zh-CN': '商家备注', 'en-US': 'Merchant remark' },
  platformRemark: { 'zh-TW': '平台備註', 'zh-CN': '平台备注', 'en-US': 'Platform remark' },
  dealtAt: { 'zh-TW': '處理時間', 'zh-CN': '处理时间', 'en-US': 'Dealt at' },
} as const satisfies Record<string, Texts>;
