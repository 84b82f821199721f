import type { Texts } from './languages.ts';

/** Messages of purchased goods in the warehouse: the receipt by express number and the merchant's stock. */
export const purchaseStockMessages = {
  purchaseExpressNotFound: {
    'zh-TW': '找不到快遞單號為「{expressNo}」的採購單',
    'zh-CN': '找不到快递单号为「{expressNo}」的采购单',
    'en-US': 'No purchase order has the express number "{expressNo}"',
  },
  purchaseExpressAmbiguous: {
    'zh-TW': '快遞單號「{expressNo}」屬於多個商家的採購單，請聯絡採購人員核對',
    'zh-CN': '快递单号「{expressNo}」属于多个商家的采购单，请联系采购人员核对',
    'en-US': 'The express number "{expressNo}" belongs to purchase orders of several merchants: ask the purchaser to check it',
  },
  purchaseExpressAlreadyInStock: {
    'zh-TW': '快遞單號「{expressNo}」的貨物已入庫',
    'zh-CN': '快递单号「{expressNo}」的货物已入库',
    'en-US': 'The goods of express number "{expressNo}" are already in stock',
  },
  purchaseExpressNotShipped: {
    'zh-TW': '快遞單號「{expressNo}」的採購單目前為「{status}」，不能入庫',
    'zh-CN': '快递单号「{expressNo}」的采购单目前为「{status}」，不能入库',
    'en-US': 'The purchase order of express number "{expressNo}" is {status} and cannot be received',
  },
  purchaseReceived: {
    'zh-TW': '快遞單號 {expressNo} 已入庫，共 {count} 件',
    'zh-CN': '快递单号 {expressNo} 已入库，共 {count} 件',
    'en-US': 'Express number {expressNo} received into stock (pieces: {count})',
  },
  stockItemNotFound: {
    'zh-TW': '找不到庫存商品 {id}',
    'zh-CN': '找不到库存商品 {id}',
    'en-US': 'Stock item {id} not found',
  },
  stockItemNotInStock: {
    'zh-TW': '庫存商品「{title}」已不在庫（{status}），不能再出運',
    'zh-CN': '库存商品「{title}」已不在库（{status}），不能再出运',
    'en-US': 'Stock item "{title}" is no longer in stock ({status}) and cannot be shipped',
  },
  stockItemsWarehouseMixed: {
    'zh-TW': '庫存商品「{title}」在倉庫 {warehouse}，與其他商品（{first}）不同：一張國際訂單只能從一個倉庫出運',
    'zh-CN': '库存商品「{title}」在仓库 {warehouse}，与其他商品（{first}）不同：一张国际订单只能从一个仓库出运',
    'en-US': 'Stock item "{title}" is in warehouse {warehouse}, not {first} like the others: one international order ships from one warehouse',
  },
  purchaseChargeUnpaid: {
    'zh-TW': '預購單 {preOrderNo} 尚有未支付的補款，請先支付再出運',
    'zh-CN': '预购单 {preOrderNo} 尚有未支付的补款，请先支付再出运',
    'en-US': 'Pre-purchase order {preOrderNo} has an unpaid top-up: pay it before shipping its goods',
  },
  stockShipped: {
    'zh-TW': '已建立國際訂單 {orderNo}',
    'zh-CN': '已创建国际订单 {orderNo}',
    'en-US': 'International order {orderNo} created',
  },
} as const satisfies Record<string, Texts>;
