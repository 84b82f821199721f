import ExcelJS from 'exceljs';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Language, Texts } from '@portal/shared/languages';
import { IMPORT_ROWS_MAX } from '@portal/shared/logistics';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import type { Db } from '../../../db/client.ts';
import { orders } from '../../../db/schema/logistics.ts';
import type { ExportColumn } from '../../../lib/xlsx.ts';
import { IMPORT_COLUMNS, IMPORT_TITLES, REQUIRED_IMPORT_COLUMNS, type ImportColumn } from './model.ts';
import { orderingOf, orderRecordColumns, toOrderRecord, type OrderSort } from './list-repository.ts';

/*
 * The order spreadsheets the server writes (the stack is lib/xlsx.ts): the export's columns and its
 * keyset batches, and the import template with its sheet describing each column.
 */

/** Rows read from the database per query while exporting. */
export const EXPORT_BATCH = 2000;

const MONEY_FORMAT = '#,##0.00';
const WEIGHT_FORMAT = '#,##0.000';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Code -> name in the caller's language, per coded field (from the dictionaries). */
export type Names = { status: Map<string, string>; serviceType: Map<string, string>; country: Map<string, string>; warehouse: Map<string, string> };

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
export type OrderColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_TITLES: Record<OrderColumn, Texts> = {
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
  listsSheet: { 'zh-TW': '選項', 'zh-CN': '选项', 'en-US': 'Choices' },
  listTitle: { 'zh-TW': '請從清單選擇', 'zh-CN': '请从列表选择', 'en-US': 'Choose from the list' },
  listError: {
    'zh-TW': '此值不在清單中：請從下拉清單選擇，或填寫名稱或代碼',
    'zh-CN': '此值不在列表中：请从下拉列表选择，或填写名称或代码',
    'en-US': 'This value is not in the list: choose one from the drop-down list, or type a name or code',
  },
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

/** yyyymmdd of the server's day, for file names. */
export function fileDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

const cells: Record<OrderColumn, (record: OrderRecord, names: Names) => string | number | Date | null> = {
  orderNo: (record) => record.orderNo,
  merchantOrderNo: (record) => record.merchantOrderNo,
  status: (record, names) => names.status.get(record.status) ?? record.status,
  serviceType: (record, names) => names.serviceType.get(record.serviceType) ?? record.serviceType,
  destinationCountry: (record, names) => names.country.get(record.destinationCountry) ?? record.destinationCountry,
  warehouseCode: (record, names) => names.warehouse.get(record.warehouseCode) ?? record.warehouseCode,
  waybillNo: (record) => record.waybillNo,
  recipientName: (record) => record.recipientName,
  itemQuantity: (record) => record.itemQuantity,
  // numbers built from the exact decimal strings: a double holds 15 significant digits, and amounts are capped below that
  merchandiseValue: (record) => Number(record.merchandiseValue),
  currency: (record) => record.currency,
  weight: (record) => Number(record.weight),
  freight: (record) => (record.freight === null ? null : Number(record.freight)),
  freightCurrency: (record) => record.freightCurrency,
  // instants: lib/xlsx.ts writes them as the wall-clock time of the reader's zone
  createdAt: (record) => new Date(record.createdAt),
  statusUpdatedAt: (record) => new Date(record.statusUpdatedAt),
};

const FORMATS: Partial<Record<OrderColumn, string>> = {
  merchandiseValue: MONEY_FORMAT,
  freight: MONEY_FORMAT,
  weight: WEIGHT_FORMAT,
  createdAt: TIME_FORMAT,
  statusUpdatedAt: TIME_FORMAT,
};
const WIDTHS: Partial<Record<OrderColumn, number>> = { orderNo: 20, merchantOrderNo: 22, destinationCountry: 16, warehouseCode: 16, waybillNo: 20, recipientName: 18, createdAt: 20, statusUpdatedAt: 20 };

/** The export's columns in the caller's language, coded fields by their names. */
export function exportColumns(language: Language, names: Names): ExportColumn<OrderRecord>[] {
  return EXPORT_COLUMNS.map((column) => ({
    header: EXPORT_TITLES[column][language],
    width: WIDTHS[column] ?? 14,
    numFmt: FORMATS[column],
    value: (record: OrderRecord) => cells[column](record, names),
  }));
}

/** A keyset position in an export: the sort column's value as text (microseconds kept) and the id. */
type Position = { value: string; id: number };

/**
 * The matching orders, `size` at a time, in the list's order. Keyset batches cost the same at the
 * end of 100,000 rows as at the start; timestamps travel as text so that the microseconds PostgreSQL
 * keeps (and a JavaScript Date drops) never skip or repeat a row.
 */
export async function* orderBatches(db: Db, where: SQL, sort: OrderSort, size = EXPORT_BATCH): AsyncGenerator<OrderRecord[]> {
  const { column, direction } = sort;
  const time = column === 'createdAt' ? orders.createdAt : orders.statusUpdatedAt;
  const sortText = column === 'orderNo' ? sql<string>`${orders.orderNo}` : sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const compare = direction === 'desc' ? sql`<` : sql`>`;
  let after: Position | null = null;
  for (;;) {
    const past: SQL | undefined = !after
      ? undefined
      : column === 'orderNo'
        ? sql`${orders.orderNo} ${compare} ${after.value}`
        : sql`(${time}, ${orders.id}) ${compare} (${after.value}::timestamptz, ${after.id})`;
    const rows = await db
      .select({ ...orderRecordColumns, sortText })
      .from(orders)
      .where(past ? and(where, past) : where)
      .orderBy(...orderingOf(column, direction))
      .limit(size);
    if (rows.length > 0) yield rows.map(toOrderRecord);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { value: last.sortText, id: last.id };
  }
}

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

/** Example values of the template's row, partly in the caller's language. */
const EXAMPLE: Record<Language, Partial<Record<ImportColumn, string>>> = {
  'zh-TW': { recipientName: '陳美玲', recipientAddress: '信義路五段7號', recipientProvince: '台灣', recipientCity: '台北市', recipientDistrict: '信義區', recipientTown: '西村里', itemName: '藍牙耳機', itemCategory: '電子產品', itemSpecifications: '黑色', itemMaterial: '塑膠', remark: '易碎品' },
  'zh-CN': { recipientName: '陈美玲', recipientAddress: '信义路五段7号', recipientProvince: '台湾', recipientCity: '台北市', recipientDistrict: '信义区', recipientTown: '西村里', itemName: '蓝牙耳机', itemCategory: '电子产品', itemSpecifications: '黑色', itemMaterial: '塑料', remark: '易碎品' },
  'en-US': { recipientName: 'Mei-Ling Chen', recipientAddress: 'No. 7, Sec. 5, Xinyi Rd.', recipientProvince: 'Taiwan', recipientCity: 'Taipei', recipientDistrict: 'Xinyi', recipientTown: 'Xicun', itemName: 'Bluetooth earphones', itemCategory: 'Electronics', itemSpecifications: 'Black', itemMaterial: 'Plastic', remark: 'Fragile' },
};

/** What ExcelJS's Worksheet has but its typings leave out: the sheet's data validations by range. */
type WithValidations = { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

/**
 * Drop-down lists on the coded columns of every row an import may have, from the catalogue the
 * import reads (names in the caller's language; a code typed instead is still taken, so the list
 * warns rather than refuses). The values sit in a hidden sheet: a list typed into the rule itself
 * is limited to 255 characters, which the countries' names pass.
 */
function addChoiceLists(workbook: ExcelJS.Workbook, sheet: ExcelJS.Worksheet, language: Language, names: Names, codes: { serviceType: string[]; country: string[]; warehouse: string[]; currency: string[] }): void {
  const lists: [ImportColumn, string[]][] = [
    ['serviceType', codes.serviceType.map((code) => names.serviceType.get(code) ?? code)],
    ['destinationCountry', codes.country.map((code) => names.country.get(code) ?? code)],
    ['warehouseCode', codes.warehouse.map((code) => names.warehouse.get(code) ?? code)],
    ['currency', codes.currency],
  ];
  const choices = workbook.addWorksheet(SHEET_TEXTS.listsSheet[language], { state: 'hidden' });
  const quoted = `'${SHEET_TEXTS.listsSheet[language].replace(/'/g, "''")}'`;
  lists.forEach(([column, values], index) => {
    const letter = String.fromCharCode(65 + index);
    choices.getCell(`${letter}1`).value = IMPORT_TITLES[column][language];
    values.forEach((value, at) => {
      choices.getCell(`${letter}${at + 2}`).value = value;
    });
    const target = String.fromCharCode(65 + IMPORT_COLUMNS.indexOf(column));
    (sheet as unknown as WithValidations).dataValidations.add(`${target}2:${target}${IMPORT_ROWS_MAX + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${quoted}!$${letter}$2:$${letter}$${values.length + 1}`],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: SHEET_TEXTS.listTitle[language],
      error: SHEET_TEXTS.listError[language],
    });
  });
}

/** Columns typed as text in the template, so Excel keeps a leading 0 or a long number as typed. */
const TEXT_COLUMNS: readonly ImportColumn[] = ['merchantOrderNo', 'recipientPhone', 'recipientPostcode'];

/**
 * The import template: the header in the caller's language and one example row (it imports as it
 * is), then a sheet describing every column. `codes` lists each coded column's accepted values.
 */
export async function orderTemplate(language: Language, names: Names, codes: { serviceType: string[]; country: string[]; warehouse: string[]; currency: string[] }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_TEXTS.ordersSheet[language]);
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: IMPORT_TITLES[column][language],
    key: column,
    width: Math.max(12, IMPORT_TITLES[column][language].length + 4),
    style: TEXT_COLUMNS.includes(column) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const local = EXAMPLE[language];
  const example: Record<ImportColumn, string | number> = {
    merchantOrderNo: 'EXAMPLE-0001',
    serviceType: names.serviceType.get('BASE') ?? 'BASE',
    destinationCountry: names.country.get('TW') ?? 'TW',
    warehouseCode: names.warehouse.get('SZ01') ?? 'SZ01',
    recipientName: local.recipientName ?? '',
    recipientPhone: '0912345678',
    recipientAddress: local.recipientAddress ?? '',
    recipientProvince: local.recipientProvince ?? '',
    recipientCity: local.recipientCity ?? '',
    recipientDistrict: local.recipientDistrict ?? '',
    recipientTown: local.recipientTown ?? '',
    recipientPostcode: '110',
    currency: 'TWD',
    weight: 1.25,
    length: 30,
    width: 20,
    height: 15,
    remark: local.remark ?? '',
    itemName: local.itemName ?? '',
    itemCategory: local.itemCategory ?? '',
    itemQuantity: 2,
    itemSpecifications: local.itemSpecifications ?? '',
    itemMaterial: local.itemMaterial ?? '',
    itemUnitPrice: 19.99,
  };
  sheet.addRow(example);

  const notes = workbook.addWorksheet(SHEET_TEXTS.notesSheet[language]);
  notes.columns = [
    { header: SHEET_TEXTS.notesColumn[language], key: 'column', width: 24 },
    { header: SHEET_TEXTS.notesRequired[language], key: 'required', width: 10 },
    { header: SHEET_TEXTS.notesDescription[language], key: 'description', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  const values: Partial<Record<ImportColumn, string[]>> = {
    serviceType: codes.serviceType.map((code) => `${code} ${names.serviceType.get(code) ?? ''}`.trim()),
    destinationCountry: codes.country.map((code) => `${code} ${names.country.get(code) ?? ''}`.trim()),
    warehouseCode: codes.warehouse.map((code) => `${code} ${names.warehouse.get(code) ?? ''}`.trim()),
    currency: codes.currency,
  };
  for (const column of IMPORT_COLUMNS) {
    const description = IMPORT_NOTES[column][language].replace('{values}', (values[column] ?? []).join(', '));
    const row = notes.addRow({
      column: IMPORT_TITLES[column][language],
      required: REQUIRED_IMPORT_COLUMNS.includes(column) ? SHEET_TEXTS.yes[language] : SHEET_TEXTS.no[language],
      description,
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  notes.addRow([]);
  notes.addRow([SHEET_TEXTS.notesFooter[language]]);
  addChoiceLists(workbook, sheet, language, names, codes);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
