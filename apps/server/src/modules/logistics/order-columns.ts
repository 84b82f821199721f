import type { Language, Texts } from '@portal/shared/languages';

/*
 * The spreadsheet columns of orders: the import template (and what an import recognises) and the
 * export. Titles are in the three languages; an import accepts any of them, in any column order.
 */

/** Columns of the import template, in the template's order. Several rows with one merchant order number are one order. */
export const IMPORT_COLUMNS = [
  'merchantOrderNo',
  'serviceType',
  'destinationCountry',
  'warehouseCode',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'recipientProvince',
  'recipientCity',
  'recipientDistrict',
  'recipientTown',
  'recipientPostcode',
  'currency',
  'weight',
  'length',
  'width',
  'height',
  'remark',
  'itemName',
  'itemCategory',
  'itemQuantity',
  'itemSpecifications',
  'itemMaterial',
  'itemUnitPrice',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The product columns: one per row. Every other column belongs to the order and is read from its first row. */
export const ITEM_COLUMNS: readonly ImportColumn[] = ['itemName', 'itemCategory', 'itemQuantity', 'itemSpecifications', 'itemMaterial', 'itemUnitPrice'];

/** Columns an import cannot do without (the rest may be left out of the sheet). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'merchantOrderNo',
  'serviceType',
  'destinationCountry',
  'warehouseCode',
  'recipientName',
  'recipientPhone',
  'recipientAddress',
  'currency',
  'weight',
  'itemName',
  'itemCategory',
  'itemQuantity',
  'itemUnitPrice',
];

export const IMPORT_TITLES: Record<ImportColumn, Texts> = {
  merchantOrderNo: { 'zh-TW': '商家訂單號', 'zh-CN': '商家订单号', 'en-US': 'Merchant order number' },
  serviceType: { 'zh-TW': '服務類型', 'zh-CN': '服务类型', 'en-US': 'Service type' },
  destinationCountry: { 'zh-TW': '目的國家/地區', 'zh-CN': '目的国家/地区', 'en-US': 'Destination country' },
  warehouseCode: { 'zh-TW': '倉庫', 'zh-CN': '仓库', 'en-US': 'Warehouse' },
  recipientName: { 'zh-TW': '收件人姓名', 'zh-CN': '收件人姓名', 'en-US': 'Recipient name' },
  recipientPhone: { 'zh-TW': '收件人電話', 'zh-CN': '收件人电话', 'en-US': 'Recipient phone' },
  recipientAddress: { 'zh-TW': '收件人地址', 'zh-CN': '收件人地址', 'en-US': 'Recipient address' },
  recipientProvince: { 'zh-TW': '省/州', 'zh-CN': '省/州', 'en-US': 'Province' },
  recipientCity: { 'zh-TW': '城市', 'zh-CN': '城市', 'en-US': 'City' },
  recipientDistrict: { 'zh-TW': '區', 'zh-CN': '区', 'en-US': 'District' },
  recipientTown: { 'zh-TW': '鄉鎮/街道', 'zh-CN': '乡镇/街道', 'en-US': 'Town' },
  recipientPostcode: { 'zh-TW': '郵遞區號', 'zh-CN': '邮政编码', 'en-US': 'Postcode' },
  currency: { 'zh-TW': '幣別', 'zh-CN': '币种', 'en-US': 'Currency' },
  weight: { 'zh-TW': '申報重量(kg)', 'zh-CN': '申报重量(kg)', 'en-US': 'Declared weight (kg)' },
  length: { 'zh-TW': '長(cm)', 'zh-CN': '长(cm)', 'en-US': 'Length (cm)' },
  width: { 'zh-TW': '寬(cm)', 'zh-CN': '宽(cm)', 'en-US': 'Width (cm)' },
  height: { 'zh-TW': '高(cm)', 'zh-CN': '高(cm)', 'en-US': 'Height (cm)' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  itemName: { 'zh-TW': '商品名稱', 'zh-CN': '商品名称', 'en-US': 'Product name' },
  itemCategory: { 'zh-TW': '商品類別', 'zh-CN': '商品类别', 'en-US': 'Category' },
  itemQuantity: { 'zh-TW': '數量', 'zh-CN': '数量', 'en-US': 'Quantity' },
  itemSpecifications: { 'zh-TW': '規格', 'zh-CN': '规格', 'en-US': 'Specifications' },
  itemMaterial: { 'zh-TW': '材質', 'zh-CN': '材质', 'en-US': 'Material' },
  itemUnitPrice: { 'zh-TW': '單價', 'zh-CN': '单价', 'en-US': 'Unit price' },
};

/** What each column holds: the second sheet of the template. */
export const IMPORT_NOTES: Record<ImportColumn, Texts> = {
  merchantOrderNo: {
    'zh-TW': '您自己的訂單號：字母、數字、- 與 _，最多 64 字元，不可與已有訂單重複。同一訂單的多項商品各佔一行，填寫相同的商家訂單號且相鄰；訂單欄位以第一行為準，後續行可留空',
    'zh-CN': '您自己的订单号：字母、数字、- 与 _，最多 64 字符，不可与已有订单重复。同一订单的多项商品各占一行，填写相同的商家订单号且相邻；订单字段以第一行为准，后续行可留空',
    'en-US': 'Your own order number: letters, digits, - and _, up to 64 characters, not used by an existing order. Each product of an order takes one row with the same merchant order number, in adjacent rows; the order columns are read from its first row and may be left blank on the others',
  },
  serviceType: { 'zh-TW': '代碼或名稱：{values}', 'zh-CN': '代码或名称：{values}', 'en-US': 'Code or name: {values}' },
  destinationCountry: { 'zh-TW': '國家/地區代碼或名稱：{values}', 'zh-CN': '国家/地区代码或名称：{values}', 'en-US': 'Country code or name: {values}' },
  warehouseCode: { 'zh-TW': '代碼或名稱：{values}', 'zh-CN': '代码或名称：{values}', 'en-US': 'Code or name: {values}' },
  recipientName: { 'zh-TW': '最多 100 字元', 'zh-CN': '最多 100 字符', 'en-US': 'Up to 100 characters' },
  recipientPhone: {
    'zh-TW': '數字，可含 +、空格與 -，5 至 32 字元；請以文字格式輸入以保留開頭的 0',
    'zh-CN': '数字，可含 +、空格与 -，5 至 32 字符；请以文本格式输入以保留开头的 0',
    'en-US': 'Digits, with +, spaces and - allowed, 5 to 32 characters; type it as text to keep a leading 0',
  },
  recipientAddress: { 'zh-TW': '最多 300 字元', 'zh-CN': '最多 300 字符', 'en-US': 'Up to 300 characters' },
  recipientProvince: { 'zh-TW': '選填，最多 64 字元', 'zh-CN': '选填，最多 64 字符', 'en-US': 'Optional, up to 64 characters' },
  recipientCity: { 'zh-TW': '選填，最多 64 字元', 'zh-CN': '选填，最多 64 字符', 'en-US': 'Optional, up to 64 characters' },
  recipientDistrict: { 'zh-TW': '選填，最多 64 字元', 'zh-CN': '选填，最多 64 字符', 'en-US': 'Optional, up to 64 characters' },
  recipientTown: { 'zh-TW': '選填，最多 64 字元', 'zh-CN': '选填，最多 64 字符', 'en-US': 'Optional, up to 64 characters' },
  recipientPostcode: { 'zh-TW': '選填，最多 16 字元', 'zh-CN': '选填，最多 16 字符', 'en-US': 'Optional, up to 16 characters' },
  currency: {
    'zh-TW': '商品單價的幣別，代碼或名稱：{values}',
    'zh-CN': '商品单价的币种，代码或名称：{values}',
    'en-US': 'The currency of the unit prices, code or name: {values}',
  },
  weight: { 'zh-TW': '整筆訂單的申報重量，公斤，最多 3 位小數', 'zh-CN': '整个订单的申报重量，公斤，最多 3 位小数', 'en-US': 'Declared weight of the whole order, kg, up to 3 decimals' },
  length: { 'zh-TW': '選填，公分，最多 1 位小數；長寬高須同時填寫或同時留空', 'zh-CN': '选填，厘米，最多 1 位小数；长宽高须同时填写或同时留空', 'en-US': 'Optional, cm, up to 1 decimal; give length, width and height together or none' },
  width: { 'zh-TW': '選填，公分，最多 1 位小數', 'zh-CN': '选填，厘米，最多 1 位小数', 'en-US': 'Optional, cm, up to 1 decimal' },
  height: { 'zh-TW': '選填，公分，最多 1 位小數', 'zh-CN': '选填，厘米，最多 1 位小数', 'en-US': 'Optional, cm, up to 1 decimal' },
  remark: { 'zh-TW': '選填，最多 500 字元', 'zh-CN': '选填，最多 500 字符', 'en-US': 'Optional, up to 500 characters' },
  itemName: { 'zh-TW': '每行一項商品，最多 200 字元；一筆訂單最多 50 項', 'zh-CN': '每行一项商品，最多 200 字符；一个订单最多 50 项', 'en-US': 'One product per row, up to 200 characters; at most 50 products per order' },
  itemCategory: { 'zh-TW': '最多 64 字元', 'zh-CN': '最多 64 字符', 'en-US': 'Up to 64 characters' },
  itemQuantity: { 'zh-TW': '整數，1 至 100000', 'zh-CN': '整数，1 至 100000', 'en-US': 'A whole number, 1 to 100000' },
  itemSpecifications: { 'zh-TW': '選填，最多 200 字元', 'zh-CN': '选填，最多 200 字符', 'en-US': 'Optional, up to 200 characters' },
  itemMaterial: { 'zh-TW': '選填，最多 100 字元', 'zh-CN': '选填，最多 100 字符', 'en-US': 'Optional, up to 100 characters' },
  itemUnitPrice: {
    'zh-TW': '以訂單幣別計，最多 2 位小數（JPY、KRW 不可有小數）',
    'zh-CN': '以订单币种计，最多 2 位小数（JPY、KRW 不可有小数）',
    'en-US': 'In the order currency, up to 2 decimals (none for JPY and KRW)',
  },
};

/** Columns of an export: the list's fields. */
export const EXPORT_COLUMNS = [
  'orderNo',
  'merchantOrderNo',
  'status',
  'serviceType',
  'destinationCountry',
  'warehouseCode',
  'waybillNo',
  'recipientName',
  'itemQuantity',
  'merchandiseValue',
  'currency',
  'weight',
  'freight',
  'freightCurrency',
  'createdAt',
  'statusUpdatedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_TITLES: Record<ExportColumn, Texts> = {
  orderNo: { 'zh-TW': '訂單號', 'zh-CN': '订单号', 'en-US': 'Order number' },
  merchantOrderNo: IMPORT_TITLES.merchantOrderNo,
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  serviceType: IMPORT_TITLES.serviceType,
  destinationCountry: IMPORT_TITLES.destinationCountry,
  warehouseCode: IMPORT_TITLES.warehouseCode,
  waybillNo: { 'zh-TW': '運單號', 'zh-CN': '运单号', 'en-US': 'Waybill number' },
  recipientName: IMPORT_TITLES.recipientName,
  itemQuantity: { 'zh-TW': '商品件數', 'zh-CN': '商品件数', 'en-US': 'Item quantity' },
  merchandiseValue: { 'zh-TW': '貨值', 'zh-CN': '货值', 'en-US': 'Merchandise value' },
  currency: IMPORT_TITLES.currency,
  weight: { 'zh-TW': '訂單重量(kg)', 'zh-CN': '订单重量(kg)', 'en-US': 'Order weight (kg)' },
  freight: { 'zh-TW': '運費', 'zh-CN': '运费', 'en-US': 'Freight' },
  freightCurrency: { 'zh-TW': '運費幣別', 'zh-CN': '运费币种', 'en-US': 'Freight currency' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },
  statusUpdatedAt: { 'zh-TW': '狀態更新時間', 'zh-CN': '状态更新时间', 'en-US': 'Status updated at' },
};

/** Texts of the workbooks themselves. */
export const SHEET_TEXTS = {
  ordersSheet: { 'zh-TW': '訂單', 'zh-CN': '订单', 'en-US': 'Orders' },
  exportFile: { 'zh-TW': '訂單', 'zh-CN': '订单', 'en-US': 'orders' },
  logExportFile: { 'zh-TW': '物流訂單', 'zh-CN': '物流订单', 'en-US': 'logistics-orders' },
  templateFile: { 'zh-TW': '訂單匯入範本', 'zh-CN': '订单导入模板', 'en-US': 'order-import-template' },
  notesSheet: { 'zh-TW': '填寫說明', 'zh-CN': '填写说明', 'en-US': 'How to fill in' },
  notesColumn: { 'zh-TW': '欄位', 'zh-CN': '列', 'en-US': 'Column' },
  notesRequired: { 'zh-TW': '必填', 'zh-CN': '必填', 'en-US': 'Required' },
  notesDescription: { 'zh-TW': '說明', 'zh-CN': '说明', 'en-US': 'Description' },
  yes: { 'zh-TW': '是', 'zh-CN': '是', 'en-US': 'Yes' },
  no: { 'zh-TW': '否', 'zh-CN': '否', 'en-US': 'No' },
  notesFooter: {
    'zh-TW': '第一列為欄位標題（繁體、簡體或英文皆可，欄位順序不限）；範例行請改成您的資料後再匯入。任何一行有錯時整個檔案都不會匯入。',
    'zh-CN': '第一行为列标题（繁体、简体或英文均可，列顺序不限）；示例行请改成您的数据后再导入。任何一行有错时整个文件都不会导入。',
    'en-US': 'Row 1 holds the column titles (Traditional Chinese, Simplified Chinese or English, in any order); replace the example row with your data. If any row is wrong, nothing in the file is imported.',
  },
} as const satisfies Record<string, Texts>;

/** A header cell as people type it: case, spaces, full-width brackets and a "required" star do not matter. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/\*/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Every title of every import column in every language, normalised, to its column. */
export function importTitleIndex(): Map<string, ImportColumn> {
  const index = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    for (const title of Object.values(IMPORT_TITLES[column])) index.set(normalizeTitle(title), column);
    // the field's own name too: a sheet written by a program may use it
    index.set(normalizeTitle(column), column);
  }
  return index;
}

export const titleOf = (column: ImportColumn, language: Language): string => IMPORT_TITLES[column][language];
