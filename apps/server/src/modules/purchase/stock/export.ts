import type { Language, Texts } from '@portal/shared/languages';
import type { StockStatus } from '@portal/shared/purchase';
import type { StockItemRecord } from '@portal/shared/purchase-stock-schemas';
import type { ExportColumn } from '../../../lib/xlsx.ts';

/** The spreadsheet of the merchant's stock, in the reader's language. */

export const STOCK_STATUS_TEXTS: Record<StockStatus, Texts> = {
  IN_STOCK: { 'zh-TW': '在庫', 'zh-CN': '在库', 'en-US': 'In stock' },
  ALLOCATED: { 'zh-TW': '已建單', 'zh-CN': '已建单', 'en-US': 'On an order' },
  SHIPPED: { 'zh-TW': '已出運', 'zh-CN': '已出运', 'en-US': 'Shipped' },
};

export const STOCK_FILE: Texts = { 'zh-TW': '採購庫存', 'zh-CN': '采购库存', 'en-US': 'Purchased stock' };

const HEADERS = {
  title: { 'zh-TW': '商品名稱', 'zh-CN': '商品名称', 'en-US': 'Title' },
  skuText: { 'zh-TW': '規格', 'zh-CN': '规格', 'en-US': 'SKU' },
  quantity: { 'zh-TW': '數量', 'zh-CN': '数量', 'en-US': 'Quantity' },
  unitPrice: { 'zh-TW': '單價（CNY）', 'zh-CN': '单价（CNY）', 'en-US': 'Unit price (CNY)' },
  warehouseCode: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  purchaseNo: { 'zh-TW': '採購單號', 'zh-CN': '采购单号', 'en-US': 'Purchase number' },
  preOrderNo: { 'zh-TW': '預購單號', 'zh-CN': '预购单号', 'en-US': 'Pre-purchase number' },
  platform: { 'zh-TW': '平台', 'zh-CN': '平台', 'en-US': 'Platform' },
  logisticsOrderNo: { 'zh-TW': '國際訂單號', 'zh-CN': '国际订单号', 'en-US': 'International order' },
  receivedAt: { 'zh-TW': '入庫時間', 'zh-CN': '入库时间', 'en-US': 'Received at' },
} satisfies Record<string, Texts>;

export function stockColumns(language: Language): ExportColumn<StockItemRecord>[] {
  const header = (key: keyof typeof HEADERS) => HEADERS[key][language];
  return [
    { header: header('title'), width: 40, value: (row) => row.title },
    { header: header('skuText'), width: 24, value: (row) => row.skuText },
    { header: header('quantity'), width: 10, value: (row) => row.quantity },
    { header: header('unitPrice'), width: 14, value: (row) => row.unitPrice },
    { header: header('warehouseCode'), width: 10, value: (row) => row.warehouseCode },
    { header: header('status'), width: 12, value: (row) => STOCK_STATUS_TEXTS[row.status][language] },
    { header: header('purchaseNo'), width: 20, value: (row) => row.purchaseNo },
    { header: header('preOrderNo'), width: 20, value: (row) => row.preOrderNo },
    { header: header('platform'), width: 10, value: (row) => row.platform },
    { header: header('logisticsOrderNo'), width: 20, value: (row) => row.logisticsOrderNo ?? '' },
    { header: header('receivedAt'), width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (row) => new Date(row.receivedAt) },
  ];
}
