import type { Texts } from './languages.ts';

/*
 * The field names of field-labels.ts that differ by area (the screens a route belongs to): what a name means
 * there, and which routes are of which area. Kept apart so that each file stays readable.
 */

export type FieldLabel = Texts & { choose?: true };

export const typed = (zhTW: string, zhCN: string, en: string): FieldLabel => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': en });
export const chosen = (zhTW: string, zhCN: string, en: string): FieldLabel => ({ ...typed(zhTW, zhCN, en), choose: true });

/** The screens a route belongs to, where a field's name means something of its own. */
export type FieldArea =
  | 'order'
  | 'parcel'
  | 'pickup'
  | 'exception'
  | 'platformException'
  | 'receive'
  | 'shipOut'
  | 'trackingEvent'
  | 'rateCard'
  | 'recharge'
  | 'payment'
  | 'refund'
  | 'convert'
  | 'rate'
  | 'rateApply'
  | 'decision'
  | 'statement'
  | 'position'
  | 'user'
  | 'tenant'
  | 'tenantPackage'
  | 'announcement'
  // product search and the product page
  | 'product'
  // a merchant's API keys
  | 'apiKey';

/** What a name means in one area, where it differs from LABELS. */
export const AREA_LABELS: Record<FieldArea, Record<string, FieldLabel>> = {
  order: {
    weight: typed('訂單重量 (kg)', '订单重量 (kg)', 'Weight (kg)'),
    currency: chosen('申報幣別', '申报币种', 'Declaration currency'),
  },
  parcel: {
    trackingNo: typed('快遞單號', '快递单号', 'Tracking number'),
    orderNo: typed('物流訂單號', '物流订单号', 'Logistics order number'),
    status: chosen('包裹狀態', '包裹状态', 'Parcel status'),
  },
  pickup: {},
  exception: {
    orderNo: typed('物流訂單號', '物流订单号', 'Logistics order number'),
    remark: typed('商家說明', '商家说明', 'Merchant remark'),
  },
  platformException: {
    orderNo: typed('物流訂單號', '物流订单号', 'Logistics order number'),
    remark: typed('平台備註', '平台备注', 'Platform remark'),
  },
  receive: {
    warehouseCode: chosen('入庫倉庫', '入库仓库', 'Warehouse'),
  },
  shipOut: {},
  trackingEvent: {
    status: chosen('變更狀態', '变更状态', 'Move to status'),
    description: typed('描述', '描述', 'Description'),
  },
  rateCard: {
    destinationCountry: chosen('目的國家', '目的国家', 'Destination'),
  },
  recharge: {
    reason: typed('駁回原因', '驳回原因', 'Reject reason'),
  },
  payment: {
    orderNo: typed('物流訂單號', '物流订单号', 'Logistics order number'),
  },
  refund: {
    amount: typed('退款金額', '退款金额', 'Refund amount'),
    reason: typed('退款原因', '退款原因', 'Reason'),
    kind: chosen('退款類型', '退款类型', 'Refund type'),
    orderNo: typed('物流訂單號', '物流订单号', 'Logistics order number'),
  },
  convert: {
    amount: typed('轉出金額', '转出金额', 'Amount to convert'),
  },
  rate: {},
  rateApply: {
    amount: typed('申請金額', '申请金额', 'Amount'),
    reason: typed('申請原因', '申请原因', 'Reason'),
  },
  // finance's decision on a rate application or a refund: the reviewer's reason, not the merchant's
  decision: {
    reason: typed('原因', '原因', 'Reason'),
  },
  statement: {},
  position: {
    code: typed('職務編碼', '职务编码', 'Position code'),
    name: typed('職務名稱', '职务名称', 'Position name'),
    rank: typed('職級', '职级', 'Rank'),
  },
  // the user form's username check names the user being edited `dataId`; the generic duplicate check names its record so too
  user: {
    dataId: chosen('使用者', '用户', 'User'),
  },
  tenant: {
    name: typed('租戶名稱', '租户名称', 'Tenant name'),
    packageId: chosen('租戶套餐', '租户套餐', 'Package'),
    validFrom: typed('生效日期', '生效日期', 'Valid from'),
    validUntil: typed('到期日期', '到期日期', 'Valid until'),
    contactName: typed('聯絡人', '联系人', 'Contact'),
    contactPhone: typed('聯絡電話', '联系电话', 'Contact phone'),
    contactEmail: typed('聯絡電子郵件', '联系电子邮件', 'Contact email'),
    'account.username': typed('帳號', '用户名', 'Username'),
    'account.password': typed('登入密碼', '登录密码', 'Password'),
    'account.realname': typed('真實姓名', '真实姓名', 'Real name'),
    'account.phone': typed('手機號碼', '手机号码', 'Mobile number'),
  },
  tenantPackage: {
    name: typed('套餐名稱', '套餐名称', 'Package name'),
    description: typed('描述', '描述', 'Description'),
    status: chosen('狀態', '状态', 'Status'),
    packageId: chosen('租戶套餐', '租户套餐', 'Package'),
    permissionIds: chosen('選單與按鈕', '菜单与按钮', 'Menus and buttons'),
  },
  announcement: {
    title: typed('標題', '标题', 'Title'),
    content: typed('內容', '内容', 'Content'),
    priority: chosen('優先級', '优先级', 'Priority'),
    msgType: chosen('類型', '类型', 'Type'),
    audience: chosen('接收對象', '接收对象', 'Audience'),
    targetIds: chosen('指定對象', '指定对象', 'Recipients'),
    startTime: typed('開始時間', '开始时间', 'Start time'),
    endTime: typed('結束時間', '结束时间', 'End time'),
    sendStatus: chosen('狀態', '状态', 'Status'),
  },
  // product search and the product page
  product: {
    platform: chosen('平台', '平台', 'Platform'),
    keyword: typed('關鍵字或商品連結', '关键字或商品链接', 'Keyword or product link'),
    sort: chosen('排序', '排序', 'Sort'),
    itemId: typed('商品編號', '商品编号', 'Item ID'),
    file: typed('圖片', '图片', 'Image'),
  },
  // a merchant's API keys
  apiKey: {
    name: typed('金鑰名稱', '密钥名称', 'Key name'),
    scopes: chosen('權限範圍', '权限范围', 'Scopes'),
    expiresAt: typed('到期時間', '到期时间', 'Expiry'),
    ipAllowList: typed('IP 白名單', 'IP 白名单', 'IP allow-list'),
    overlapHours: typed('舊金鑰保留時數', '旧密钥保留时数', 'Overlap hours'),
    status: chosen('狀態', '状态', 'Status'),
  },
};

/** Routes by the start of their path (after /api or /platform-api), most specific first. */
export const AREA_ROUTES: readonly (readonly [string, FieldArea])[] = [
  ['/logistics/order/', 'order'],
  ['/logistics/logOrder/', 'order'],
  ['/logistics/freight/', 'order'],
  ['/logistics/package/', 'parcel'],
  ['/logistics/pickupBatch/', 'pickup'],
  ['/warehouse/pickup/', 'pickup'],
  ['/logistics/collectionException/', 'exception'],
  ['/warehouse/exception/', 'platformException'],
  ['/warehouse/parcel/', 'receive'],
  ['/warehouse/order/', 'shipOut'],
  ['/warehouse/tracking/', 'trackingEvent'],
  ['/warehouse/rateCard/', 'rateCard'],
  ['/finance/virtualWallet/recharge/', 'recharge'],
  ['/finance/review/recharge/', 'recharge'],
  ['/finance/virtualWallet/payment/', 'payment'],
  ['/finance/virtualWallet/refund/verify', 'decision'],
  ['/finance/virtualWallet/refund/', 'refund'],
  ['/finance/review/refund', 'refund'],
  ['/finance/virtualWallet/convert/', 'convert'],
  ['/finance/exchangeRate/', 'rate'],
  ['/finance/rateApply/review/decide', 'decision'],
  ['/finance/rateApply/', 'rateApply'],
  ['/finance/brand/account/history/', 'statement'],
  ['/sys/position/', 'position'],
  ['/sys/user/', 'user'],
  ['/sys/tenantPackage/', 'tenantPackage'],
  ['/sys/tenant/', 'tenant'],
  ['/sys/announcement/', 'announcement'],
  ['/purchase/product/', 'product'],
  ['/config/api-key/', 'apiKey'],
];
