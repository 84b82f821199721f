import type { Texts } from './languages.ts';
import type { PreOrderStatus, PurchaseOrderStatus } from './purchase.ts';

/** Messages of the purchasers' queue and purchase orders (modules/purchase/{queue,purchase-order}). */

export const PURCHASE_ORDER_STATUS_TEXTS: Record<PurchaseOrderStatus, Texts> = {
  PLACING: { 'zh-TW': '待下單', 'zh-CN': '待下单', 'en-US': 'To place' },
  AWAITING_CONFIRMATION: { 'zh-TW': '待平台確認', 'zh-CN': '待平台确认', 'en-US': 'Awaiting confirmation' },
  PURCHASED: { 'zh-TW': '已採購', 'zh-CN': '已采购', 'en-US': 'Purchased' },
  SELLER_SHIPPED: { 'zh-TW': '賣家已發貨', 'zh-CN': '卖家已发货', 'en-US': 'Shipped by the seller' },
  IN_STOCK: { 'zh-TW': '已入庫', 'zh-CN': '已入库', 'en-US': 'In stock' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  OUT_OF_STOCK: { 'zh-TW': '缺貨', 'zh-CN': '缺货', 'en-US': 'Out of stock' },
  REFUNDED: { 'zh-TW': '已退款', 'zh-CN': '已退款', 'en-US': 'Refunded' },
};

export const QUEUE_STATUS_TEXTS: Record<PreOrderStatus, Texts> = {
  DRAFT: { 'zh-TW': '草稿', 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-TW': '待付款', 'zh-CN': '待付款', 'en-US': 'Awaiting payment' },
  PAID: { 'zh-TW': '已支付', 'zh-CN': '已支付', 'en-US': 'Paid' },
  PURCHASING: { 'zh-TW': '採購中', 'zh-CN': '采购中', 'en-US': 'Purchasing' },
  DONE: { 'zh-TW': '已完成', 'zh-CN': '已完成', 'en-US': 'Done' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

export const purchasingMessages = {
  purchasingReasonRequired: { 'zh-TW': '請輸入原因', 'zh-CN': '请输入原因', 'en-US': 'A reason is required' },
  purchasingExternalNoRequired: { 'zh-TW': '請輸入外部採購單號', 'zh-CN': '请输入外部采购单号', 'en-US': 'The external purchase number is required' },
  purchasingExpressCompanyRequired: { 'zh-TW': '請輸入快遞公司', 'zh-CN': '请输入快递公司', 'en-US': 'The express company is required' },
  purchasingExpressNoRequired: { 'zh-TW': '請輸入快遞單號', 'zh-CN': '请输入快递单号', 'en-US': 'The express number is required' },
  purchasingExpressNoFormat: {
    'zh-TW': '快遞單號只能包含字母、數字與連字號',
    'zh-CN': '快递单号只能包含字母、数字与连字号',
    'en-US': 'The express number takes letters, digits and hyphens only',
  },
  purchasingMoveRefused: {
    'zh-TW': '採購單 {purchaseNo} 目前為「{status}」，不能變為「{target}」',
    'zh-CN': '采购单 {purchaseNo} 目前为「{status}」，不能变为「{target}」',
    'en-US': 'Purchase order {purchaseNo} is "{status}" and cannot become "{target}"',
  },
  purchasingPreOrderNotInStatus: {
    'zh-TW': '預購單 {preOrderNo} 目前為「{status}」，不能{action}',
    'zh-CN': '预购单 {preOrderNo} 目前为「{status}」，不能{action}',
    'en-US': 'Pre-purchase order {preOrderNo} is "{status}": it cannot be {action}',
  },
  purchasingHeldByOther: {
    'zh-TW': '預購單 {preOrderNo} 正由採購員 {purchaser} 處理',
    'zh-CN': '预购单 {preOrderNo} 正由采购员 {purchaser} 处理',
    'en-US': 'Pre-purchase order {preOrderNo} is being worked by the purchaser {purchaser}',
  },
  purchasingAlreadySplit: {
    'zh-TW': '預購單 {preOrderNo} 已建立採購單',
    'zh-CN': '预购单 {preOrderNo} 已创建采购单',
    'en-US': 'Pre-purchase order {preOrderNo} already has its purchase orders',
  },
  purchasingSplitLineUnknown: {
    'zh-TW': '商品行 {lineId} 不屬於此預購單',
    'zh-CN': '商品行 {lineId} 不属于此预购单',
    'en-US': 'Line {lineId} is not a line of this pre-purchase order',
  },
  purchasingSplitCoverage: {
    'zh-TW': '第 {lineNo} 行「{title}」須分配 {expected} 件，實際分配 {given} 件',
    'zh-CN': '第 {lineNo} 行「{title}」须分配 {expected} 件，实际分配 {given} 件',
    'en-US': 'Line {lineNo} "{title}" needs {expected} in all, the purchase orders take {given}',
  },
  purchasingSplitLineRepeated: {
    'zh-TW': '商品行 {lineId} 在同一張採購單中重複',
    'zh-CN': '商品行 {lineId} 在同一张采购单中重复',
    'en-US': 'Line {lineId} appears twice in one purchase order',
  },
  purchasingSplitMixedSellers: {
    'zh-TW': '一張採購單只能包含同一賣家的商品（{sellers}）',
    'zh-CN': '一张采购单只能包含同一卖家的商品（{sellers}）',
    'en-US': 'A purchase order buys from one seller only ({sellers})',
  },
  purchasingCancelPurchased: {
    'zh-TW': '採購單 {purchaseNo} 已採購，預購單不能取消',
    'zh-CN': '采购单 {purchaseNo} 已采购，预购单不能取消',
    'en-US': 'Purchase order {purchaseNo} is already purchased: the pre-purchase order cannot be cancelled',
  },
  purchasingMerchantCancelPlacing: {
    'zh-TW': '採購單 {purchaseNo} 已送往平台，只有待下單的採購單可以取消',
    'zh-CN': '采购单 {purchaseNo} 已送往平台，只有待下单的采购单可以取消',
    'en-US': 'Purchase order {purchaseNo} was sent to the platform: only one still to place can be cancelled',
  },
  purchasingPlatformRefused: {
    'zh-TW': '平台拒絕了採購單 {purchaseNo}：{message}',
    'zh-CN': '平台拒绝了采购单 {purchaseNo}：{message}',
    'en-US': 'The platform refused purchase order {purchaseNo}: {message}',
  },
  purchasingPlatformUnavailable: {
    'zh-TW': '暫時無法連線平台，請稍後再試（{message}）',
    'zh-CN': '暂时无法连接平台，请稍后再试（{message}）',
    'en-US': 'The platform cannot be reached right now; try again later ({message})',
  },
  purchasingPlatformThrottled: {
    'zh-TW': '平台限制了請求頻率，請稍後再試',
    'zh-CN': '平台限制了请求频率，请稍后再试',
    'en-US': 'The platform is throttling requests; try again later',
  },
  purchasingPlatformUnauthorized: {
    'zh-TW': '平台授權無效或已過期，請至權杖設定重新授權',
    'zh-CN': '平台授权无效或已过期，请至令牌配置重新授权',
    'en-US': "The platform's authorisation is invalid or expired: authorise again in the token configuration",
  },
  purchasingPlaced: { 'zh-TW': '採購單 {purchaseNo}：{status}', 'zh-CN': '采购单 {purchaseNo}：{status}', 'en-US': 'Purchase order {purchaseNo}: {status}' },
  purchasingReconciled: {
    'zh-TW': '已核對 {checked} 張：{purchased} 張已採購，{cancelled} 張已取消，{waiting} 張仍待確認',
    'zh-CN': '已核对 {checked} 张：{purchased} 张已采购，{cancelled} 张已取消，{waiting} 张仍待确认',
    'en-US': 'Checked {checked}: {purchased} purchased, {cancelled} cancelled, {waiting} still awaiting confirmation',
  },
} as const satisfies Record<string, Texts>;

/** What the pre-order move is called in purchasingPreOrderNotInStatus. */
export const QUEUE_ACTION_TEXTS = {
  take: { 'zh-TW': '領取', 'zh-CN': '领取', 'en-US': 'taken' },
  split: { 'zh-TW': '建立採購單', 'zh-CN': '创建采购单', 'en-US': 'split into purchase orders' },
  cancel: { 'zh-TW': '取消', 'zh-CN': '取消', 'en-US': 'cancelled' },
} as const satisfies Record<string, Texts>;

/** Export titles and column headers of the purchase order lists. */
export const purchasingExportTexts = {
  title: { 'zh-TW': '採購單', 'zh-CN': '采购单', 'en-US': 'Purchase orders' },
  queueTitle: { 'zh-TW': '採購佇列', 'zh-CN': '采购队列', 'en-US': 'Purchase queue' },
  tenantName: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },
  platform: { 'zh-TW': '平台', 'zh-CN': '平台', 'en-US': 'Platform' },
  totalAmount: { 'zh-TW': '預估總額', 'zh-CN': '预估总额', 'en-US': 'Estimated total' },
  preOrderNo: { 'zh-TW': '預購單號', 'zh-CN': '预购单号', 'en-US': 'Pre-purchase number' },
  purchaseNo: { 'zh-TW': '採購單號', 'zh-CN': '采购单号', 'en-US': 'Purchase number' },
  externalPurchaseNo: { 'zh-TW': '外部採購單號', 'zh-CN': '外部采购单号', 'en-US': 'External purchase number' },
  platformOrderId: { 'zh-TW': '平台訂單號', 'zh-CN': '平台订单号', 'en-US': 'Platform order ID' },
  sellerId: { 'zh-TW': '賣家編號', 'zh-CN': '卖家编号', 'en-US': 'Seller ID' },
  storeName: { 'zh-TW': '店鋪名稱', 'zh-CN': '店铺名称', 'en-US': 'Store name' },
  purchaseAmount: { 'zh-TW': '採購金額', 'zh-CN': '采购金额', 'en-US': 'Purchase amount' },
  purchaseCurrency: { 'zh-TW': '採購幣種', 'zh-CN': '采购币种', 'en-US': 'Purchase currency' },
  domesticExpressFee: { 'zh-TW': '國內運費', 'zh-CN': '国内运费', 'en-US': 'Domestic express fee' },
  actualPaymentAmount: { 'zh-TW': '實付金額', 'zh-CN': '实付金额', 'en-US': 'Actual payment amount' },
  actualPaymentCurrency: { 'zh-TW': '實付幣種', 'zh-CN': '实付币种', 'en-US': 'Actual payment currency' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  expressNo: { 'zh-TW': '快遞單號', 'zh-CN': '快递单号', 'en-US': 'Express number' },
  topUpAmount: { 'zh-TW': '待補款', 'zh-CN': '待补款', 'en-US': 'Top-up to pay' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created' },
} as const satisfies Record<string, Texts>;
