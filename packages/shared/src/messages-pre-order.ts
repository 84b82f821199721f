import type { Texts } from './languages.ts';
import type { PreOrderStatus, PurchaseChargeKind, PurchaseChargeStatus, PurchaseFallback } from './purchase.ts';

/** Pre-purchase orders: the basket, submission, payment from the wallet. */
export const preOrderMessages = {
  preOrderIdFormat: { 'zh-TW': '{field}須為平台的數字編號', 'zh-CN': '{field}须为平台的数字编号', 'en-US': "{field} must be the platform's numeric id" },
  preOrderItemNotFound: {
    'zh-TW': '平台上找不到商品 {itemId}（可能已下架）',
    'zh-CN': '平台上找不到商品 {itemId}（可能已下架）',
    'en-US': 'The platform has no item {itemId} (it may be off the shelf)',
  },
  preOrderSkuNotFound: {
    'zh-TW': '商品 {itemId} 沒有規格 {skuId}，請重新選擇規格',
    'zh-CN': '商品 {itemId} 没有规格 {skuId}，请重新选择规格',
    'en-US': 'Item {itemId} has no SKU {skuId}: choose the SKU again',
  },
  preOrderSkuRequired: { 'zh-TW': '商品 {itemId} 有多個規格，請選擇一個', 'zh-CN': '商品 {itemId} 有多个规格，请选择一个', 'en-US': 'Item {itemId} has several SKUs: choose one' },
  preOrderStockShort: {
    'zh-TW': '「{title}」庫存只有 {stock} 件，不夠 {quantity} 件',
    'zh-CN': '「{title}」库存只有 {stock} 件，不够 {quantity} 件',
    'en-US': '"{title}": only {stock} in stock, {quantity} wanted',
  },
  preOrderMinQuantity: {
    'zh-TW': '「{title}」每次至少訂購 {min} 件',
    'zh-CN': '「{title}」每次至少订购 {min} 件',
    'en-US': '"{title}": at least {min} per order',
  },
  preOrderQuantityMax: { 'zh-TW': '每行數量最多 {max} 件', 'zh-CN': '每行数量最多 {max} 件', 'en-US': 'At most {max} per line' },
  preOrderLinesMax: { 'zh-TW': '購物車最多 {max} 行，請先提交或刪除一些', 'zh-CN': '购物车最多 {max} 行，请先提交或删除一些', 'en-US': 'A basket holds at most {max} lines: submit or delete some first' },
  preOrderLineNotFound: { 'zh-TW': '購物車中沒有這一行：{lineIds}', 'zh-CN': '购物车中没有这一行：{lineIds}', 'en-US': 'The basket has no such line: {lineIds}' },
  preOrderBasketEmpty: { 'zh-TW': '購物車是空的，請先加入商品', 'zh-CN': '购物车是空的，请先加入商品', 'en-US': 'The basket is empty: add goods first' },
  preOrderLinePriceChanged: {
    'zh-TW': '第 {lineNo} 行「{title}」的價格已由 {was} 變為 {now} CNY：請編輯該行以採用新價格後再提交',
    'zh-CN': '第 {lineNo} 行「{title}」的价格已由 {was} 变为 {now} CNY：请编辑该行以采用新价格后再提交',
    'en-US': 'Line {lineNo} "{title}": the price changed from {was} to {now} CNY; edit the line to take the new price, then submit',
  },
  preOrderLineExpressChanged: {
    'zh-TW': '第 {lineNo} 行「{title}」的國內運費已由 {was} 變為 {now} CNY：請編輯該行以採用新運費後再提交',
    'zh-CN': '第 {lineNo} 行「{title}」的国内运费已由 {was} 变为 {now} CNY：请编辑该行以采用新运费后再提交',
    'en-US': 'Line {lineNo} "{title}": the domestic express fee changed from {was} to {now} CNY; edit the line to take the new fee, then submit',
  },
  preOrderLineStockChanged: {
    'zh-TW': '第 {lineNo} 行「{title}」的庫存只剩 {stock} 件，不夠 {quantity} 件：請修改數量後再提交',
    'zh-CN': '第 {lineNo} 行「{title}」的库存只剩 {stock} 件，不够 {quantity} 件：请修改数量后再提交',
    'en-US': 'Line {lineNo} "{title}": only {stock} left, {quantity} wanted; change the quantity, then submit',
  },
  preOrderLineGone: {
    'zh-TW': '第 {lineNo} 行「{title}」平台已不再銷售：請刪除該行後再提交',
    'zh-CN': '第 {lineNo} 行「{title}」平台已不再销售：请删除该行后再提交',
    'en-US': 'Line {lineNo} "{title}" is no longer sold on the platform; delete it, then submit',
  },
  preOrderNotInStatus: {
    'zh-TW': '{preOrderNo} 的狀態為「{status}」，不能{action}',
    'zh-CN': '{preOrderNo} 的状态为「{status}」，不能{action}',
    'en-US': '{preOrderNo} is "{status}": it cannot be {action}',
  },
  preOrderNothingToPay: { 'zh-TW': '{preOrderNo} 沒有待支付的款項', 'zh-CN': '{preOrderNo} 没有待支付的款项', 'en-US': '{preOrderNo} has nothing to pay' },
  purchaseTopUpNothingToPay: { 'zh-TW': '採購單 {purchaseNo} 沒有待支付的補款', 'zh-CN': '采购单 {purchaseNo} 没有待支付的补款', 'en-US': 'Purchase order {purchaseNo} has no top-up to pay' },
  purchaseChargePaid: { 'zh-TW': '{preOrderNo} 的這筆款項已支付', 'zh-CN': '{preOrderNo} 的这笔款项已支付', 'en-US': 'This charge of {preOrderNo} is paid already' },
  purchasePayRateChanged: {
    'zh-TW': 'CNY 兌 {to} 的匯率已由 {expected} 變為 {rate}，請確認新的支付金額後再支付',
    'zh-CN': 'CNY 兑 {to} 的汇率已由 {expected} 变为 {rate}，请确认新的支付金额后再支付',
    'en-US': 'The CNY to {to} rate changed from {expected} to {rate}: review the new amount and pay again',
  },
  purchasePayTooSmall: {
    'zh-TW': '{amount} CNY 按匯率 {rate} 換成 {to} 不足最小單位，請選擇其他錢包',
    'zh-CN': '{amount} CNY 按汇率 {rate} 换成 {to} 不足最小单位，请选择其他钱包',
    'en-US': '{amount} CNY at {rate} is less than the smallest unit of {to}: choose another wallet',
  },
  purchasePlatformUnavailable: {
    'zh-TW': '{platform} 平台暫時沒有回應，請稍後再試（{reason}）',
    'zh-CN': '{platform} 平台暂时没有响应，请稍后再试（{reason}）',
    'en-US': 'The {platform} platform did not answer: try again shortly ({reason})',
  },
  preOrderImportItemFormat: {
    'zh-TW': '{field}須為商品編號，或淘寶、天貓、1688 的商品頁連結',
    'zh-CN': '{field}须为商品编号，或淘宝、天猫、1688 的商品页链接',
    'en-US': '{field} must be an item id, or the link of a Taobao, Tmall or 1688 item page',
  },
  preOrderImportTemplateTitle: { 'zh-TW': '預採購商品匯入範本', 'zh-CN': '预采购商品导入模板', 'en-US': 'Pre-purchase goods import template' },
  preOrderImported: { 'zh-TW': '已加入購物車 {count} 行', 'zh-CN': '已加入购物车 {count} 行', 'en-US': 'Added to the basket (lines: {count})' },
  preOrderNothingImported: {
    'zh-TW': '檔案中有 {count} 個錯誤，沒有加入任何商品：請更正後重新匯入',
    'zh-CN': '文件中有 {count} 个错误，没有加入任何商品：请更正后重新导入',
    'en-US': 'Errors in the file: {count}. Nothing was added: correct them and import it again',
  },
  preOrderAdded: { 'zh-TW': '已加入購物車', 'zh-CN': '已加入购物车', 'en-US': 'Added to the basket' },
  preOrderSubmitted: { 'zh-TW': '已提交預購單 {preOrderNo}', 'zh-CN': '已提交预购单 {preOrderNo}', 'en-US': 'Pre-purchase order {preOrderNo} submitted' },
  preOrderPaid: { 'zh-TW': '已支付 {amount} {currency}', 'zh-CN': '已支付 {amount} {currency}', 'en-US': '{amount} {currency} paid' },
  preOrderCancelled: { 'zh-TW': '已取消 {preOrderNo}', 'zh-CN': '已取消 {preOrderNo}', 'en-US': '{preOrderNo} cancelled' },
} as const satisfies Record<string, Texts>;

export const PRE_ORDER_STATUS_TEXTS: Record<PreOrderStatus, Texts> = {
  DRAFT: { 'zh-TW': '購物車', 'zh-CN': '购物车', 'en-US': 'Basket' },
  SUBMITTED: { 'zh-TW': '待支付', 'zh-CN': '待支付', 'en-US': 'Awaiting payment' },
  PAID: { 'zh-TW': '已支付', 'zh-CN': '已支付', 'en-US': 'Paid' },
  PURCHASING: { 'zh-TW': '採購中', 'zh-CN': '采购中', 'en-US': 'Purchasing' },
  DONE: { 'zh-TW': '已完成', 'zh-CN': '已完成', 'en-US': 'Done' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

export const PRE_ORDER_ACTION_TEXTS = {
  pay: { 'zh-TW': '支付', 'zh-CN': '支付', 'en-US': 'paid' },
  cancel: { 'zh-TW': '取消', 'zh-CN': '取消', 'en-US': 'cancelled' },
} as const satisfies Record<string, Texts>;

export const PURCHASE_CHARGE_KIND_TEXTS: Record<PurchaseChargeKind, Texts> = {
  GOODS: { 'zh-TW': '預估貨款', 'zh-CN': '预估货款', 'en-US': 'Estimate' },
  TOPUP: { 'zh-TW': '補款', 'zh-CN': '补款', 'en-US': 'Top-up' },
};
export const PURCHASE_CHARGE_STATUS_TEXTS: Record<PurchaseChargeStatus, Texts> = {
  UNPAID: { 'zh-TW': '待支付', 'zh-CN': '待支付', 'en-US': 'Unpaid' },
  PAID: { 'zh-TW': '已支付', 'zh-CN': '已支付', 'en-US': 'Paid' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
export const PURCHASE_FALLBACK_TEXTS: Record<PurchaseFallback, Texts> = {
  CANCEL_LINE: { 'zh-TW': '缺貨時取消該商品', 'zh-CN': '缺货时取消该商品', 'en-US': 'Cancel the line when it cannot be bought' },
  SIMILAR_SAME_SELLER: { 'zh-TW': '同店相似商品替代', 'zh-CN': '同店相似商品替代', 'en-US': "A similar item from the same seller" },
  CONTACT_ME: { 'zh-TW': '先聯絡我', 'zh-CN': '先联系我', 'en-US': 'Contact me first' },
};

/** Titles and headers of the pre-purchase order export. */
export const preOrderExportTexts = {
  title: { 'zh-TW': '預購單', 'zh-CN': '预购单', 'en-US': 'Pre-purchase orders' },
  preOrderNo: { 'zh-TW': '預購單號', 'zh-CN': '预购单号', 'en-US': 'Pre-purchase number' },
  platform: { 'zh-TW': '平台', 'zh-CN': '平台', 'en-US': 'Platform' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  titles: { 'zh-TW': '商品', 'zh-CN': '商品', 'en-US': 'Goods' },
  quantity: { 'zh-TW': '件數', 'zh-CN': '件数', 'en-US': 'Quantity' },
  goodsAmount: { 'zh-TW': '貨款 (CNY)', 'zh-CN': '货款 (CNY)', 'en-US': 'Goods (CNY)' },
  expressFee: { 'zh-TW': '國內運費 (CNY)', 'zh-CN': '国内运费 (CNY)', 'en-US': 'Domestic express (CNY)' },
  serviceFee: { 'zh-TW': '服務費 (CNY)', 'zh-CN': '服务费 (CNY)', 'en-US': 'Service fee (CNY)' },
  totalAmount: { 'zh-TW': '合計 (CNY)', 'zh-CN': '合计 (CNY)', 'en-US': 'Total (CNY)' },
  paidAmount: { 'zh-TW': '實付金額', 'zh-CN': '实付金额', 'en-US': 'Paid amount' },
  paidCurrency: { 'zh-TW': '實付幣別', 'zh-CN': '实付币种', 'en-US': 'Paid currency' },
  warehouse: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created' },
  paidAt: { 'zh-TW': '支付時間', 'zh-CN': '支付时间', 'en-US': 'Paid at' },
} as const satisfies Record<string, Texts>;
