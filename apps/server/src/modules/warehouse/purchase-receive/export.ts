import type { Language, Texts } from '@portal/shared/languages';
import type { WarehousePurchaseRecord } from '@portal/shared/purchase-stock-schemas';
import type { ExportColumn } from '../../../lib/xlsx.ts';

/** The spreadsheet of purchased goods awaited and received at the warehouse, in the reader's language. */

export const RECEIVE_FILE: Texts = { 'zh-TW': '採購入庫', 'zh-CN': '采购入库', 'en-US': 'Purchase receipts' };

const STATUS: Record<WarehousePurchaseRecord['status'], Texts> = {
  PLACING: { 'zh-TW': '下單中', 'zh-CN': '下单中', 'en-US': 'Placing' },
  AWAITING_CONFIRMATION: { 'zh-TW': '待平台確認', 'zh-CN': '待平台确认', 'en-US': 'Awaiting confirmation' },
  PURCHASED: { 'zh-TW': '已採購', 'zh-CN': '已采购', 'en-US': 'Purchased' },
  SELLER_SHIPPED: { 'zh-TW': '待入庫', 'zh-CN': '待入库', 'en-US': 'Awaiting receipt' },
  IN_STOCK: { 'zh-TW': '已入庫', 'zh-CN': '已入库', 'en-US': 'In stock' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  OUT_OF_STOCK: { 'zh-TW': '缺貨', 'zh-CN': '缺货', 'en-US': 'Out of stock' },
  REFUNDED: { 'zh-TW': '已退款', 'zh-CN': '已退款', 'en-US': 'Refunded' },
};

/** A purchase order's status in words, for messages and the sheet. */
export const purchaseStatusText = (status: WarehousePurchaseRecord['status']): Texts => STATUS[status];

const HEADERS = {
  expressNo: { 'zh-TW': '快遞單號', 'zh-CN': '快递单号', 'en-US': 'Express number' },
  expressCompany: { 'zh-TW': '快遞公司', 'zh-CN': '快递公司', 'en-US': 'Express company' },
  purchaseNo: { 'zh-TW': '採購單號', 'zh-CN': '采购单号', 'en-US': 'Purchase number' },
  preOrderNo: { 'zh-TW': '預購單號', 'zh-CN': '预购单号', 'en-US': 'Pre-purchase number' },
  tenantName: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },
  platform: { 'zh-TW': '平台', 'zh-CN': '平台', 'en-US': 'Platform' },
  storeName: { 'zh-TW': '店鋪', 'zh-CN': '店铺', 'en-US': 'Store' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  lineCount: { 'zh-TW': '商品數', 'zh-CN': '商品数', 'en-US': 'Lines' },
  quantity: { 'zh-TW': '件數', 'zh-CN': '件数', 'en-US': 'Pieces' },
  warehouseCode: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  shippedAt: { 'zh-TW': '賣家發貨時間', 'zh-CN': '卖家发货时间', 'en-US': 'Shipped by the seller' },
  receivedAt: { 'zh-TW': '入庫時間', 'zh-CN': '入库时间', 'en-US': 'Received at' },
} satisfies Record<string, Texts>;

const time = (value: string | null) => (value ? new Date(value) : null);

export function receiveColumns(language: Language): ExportColumn<WarehousePurchaseRecord>[] {
  const header = (key: keyof typeof HEADERS) => HEADERS[key][language];
  const stamp = 'yyyy-mm-dd hh:mm:ss';
  return [
    { header: header('expressNo'), width: 22, value: (row) => row.expressNo ?? '' },
    { header: header('expressCompany'), width: 14, value: (row) => row.expressCompany },
    { header: header('purchaseNo'), width: 20, value: (row) => row.purchaseNo },
    { header: header('preOrderNo'), width: 20, value: (row) => row.preOrderNo },
    { header: header('tenantName'), width: 20, value: (row) => row.tenantName },
    { header: header('platform'), width: 10, value: (row) => row.platform },
    { header: header('storeName'), width: 20, value: (row) => row.storeName },
    { header: header('status'), width: 12, value: (row) => STATUS[row.status][language] },
    { header: header('lineCount'), width: 8, value: (row) => row.lineCount },
    { header: header('quantity'), width: 8, value: (row) => row.quantity },
    { header: header('warehouseCode'), width: 10, value: (row) => row.warehouseCode },
    { header: header('shippedAt'), width: 20, numFmt: stamp, value: (row) => time(row.shippedAt) },
    { header: header('receivedAt'), width: 20, numFmt: stamp, value: (row) => time(row.receivedAt) },
  ];
}
