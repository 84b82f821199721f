import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import type { Db } from '../../db/client.ts';
import { assertExportSize } from '../../lib/xlsx.ts';
import { EXPORT_COLUMNS, EXPORT_TITLES, IMPORT_COLUMNS, IMPORT_NOTES, IMPORT_TITLES, REQUIRED_IMPORT_COLUMNS, SHEET_TEXTS, type ExportColumn, type ImportColumn } from './order-columns.ts';
import { countUpTo, exportChunk, type Cursor, type SortColumn, type SortDirection } from './order-query.ts';

/*
 * Spreadsheets the server writes: the order export (streamed, read from the database in keyset
 * chunks, never all at once) and the import template.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read from the database per query while exporting. */
export const EXPORT_CHUNK = 2000;

const MONEY_FORMAT = '#,##0.00';
const WEIGHT_FORMAT = '#,##0.000';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Code -> name in the caller's language, per coded field (from the dictionaries). */
export type Names = { status: Map<string, string>; serviceType: Map<string, string>; country: Map<string, string>; warehouse: Map<string, string> };

/** "attachment" with the name both plain (old clients) and as RFC 5987 UTF-8 (filename*). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** yyyymmdd of the server's day, for file names. */
export function fileDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

/**
 * The export refuses more than `max` matching orders before writing a byte (the caller then
 * narrows the filters): counting stops at max + 1.
 */
export async function checkExportSize(db: Db, where: SQL, max: number): Promise<void> {
  assertExportSize(await countUpTo(db, where, max + 1), max);
}

/**
 * A spreadsheet has no time zones: times are written as the server's wall-clock time (Excel reads
 * the date's UTC fields), so a row shows the same time as the screen of someone in the server's zone.
 */
function wallClock(iso: string): Date {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
}

function exportCells(record: OrderRecord, names: Names): Record<ExportColumn, string | number | Date | null> {
  return {
    orderNo: record.orderNo,
    merchantOrderNo: record.merchantOrderNo,
    status: names.status.get(record.status) ?? record.status,
    serviceType: names.serviceType.get(record.serviceType) ?? record.serviceType,
    destinationCountry: names.country.get(record.destinationCountry) ?? record.destinationCountry,
    warehouseCode: names.warehouse.get(record.warehouseCode) ?? record.warehouseCode,
    waybillNo: record.waybillNo,
    recipientName: record.recipientName,
    itemQuantity: record.itemQuantity,
    // numbers built from the exact decimal strings: a double holds 15 significant digits, and amounts are capped below that
    merchandiseValue: Number(record.merchandiseValue),
    currency: record.currency,
    weight: Number(record.weight),
    freight: record.freight === null ? null : Number(record.freight),
    freightCurrency: record.freightCurrency,
    createdAt: wallClock(record.createdAt),
    statusUpdatedAt: wallClock(record.statusUpdatedAt),
  };
}

const FORMATS: Partial<Record<ExportColumn, string>> = {
  merchandiseValue: MONEY_FORMAT,
  freight: MONEY_FORMAT,
  weight: WEIGHT_FORMAT,
  createdAt: TIME_FORMAT,
  statusUpdatedAt: TIME_FORMAT,
};
const WIDTHS: Partial<Record<ExportColumn, number>> = { orderNo: 20, merchantOrderNo: 22, destinationCountry: 16, warehouseCode: 16, waybillNo: 20, recipientName: 18, createdAt: 20, statusUpdatedAt: 20 };

/**
 * Writes the matching orders as an .xlsx into `out`, `chunk` rows per query, waiting whenever the
 * client reads slower than the database answers (so memory stays flat however large the export).
 */
export async function writeOrdersXlsx(
  out: PassThrough,
  source: { db: Db; where: SQL; sort: { column: SortColumn; direction: SortDirection }; chunk?: number },
  language: Language,
  names: Names,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET_TEXTS.ordersSheet[language]);
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: EXPORT_TITLES[column][language],
    key: column,
    width: WIDTHS[column] ?? 14,
    style: FORMATS[column] ? { numFmt: FORMATS[column] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let cursor: Cursor | null = null;
  do {
    const { records, next } = await exportChunk(source.db, source.where, source.sort, cursor, source.chunk ?? EXPORT_CHUNK);
    for (const record of records) sheet.addRow(exportCells(record, names)).commit();
    cursor = next;
    // a client that went away destroys the stream: stop reading the database for it
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) return;
  } while (cursor);
  sheet.commit();
  await workbook.commit();
}

/** Example values of the template's row, partly in the caller's language. */
const EXAMPLE: Record<Language, Partial<Record<ImportColumn, string>>> = {
  'zh-TW': { recipientName: '陳美玲', recipientAddress: '信義路五段7號', recipientProvince: '台灣', recipientCity: '台北市', recipientDistrict: '信義區', recipientTown: '西村里', itemName: '藍牙耳機', itemCategory: '電子產品', itemSpecifications: '黑色', itemMaterial: '塑膠', remark: '易碎品' },
  'zh-CN': { recipientName: '陈美玲', recipientAddress: '信义路五段7号', recipientProvince: '台湾', recipientCity: '台北市', recipientDistrict: '信义区', recipientTown: '西村里', itemName: '蓝牙耳机', itemCategory: '电子产品', itemSpecifications: '黑色', itemMaterial: '塑料', remark: '易碎品' },
  'en-US': { recipientName: 'Mei-Ling Chen', recipientAddress: 'No. 7, Sec. 5, Xinyi Rd.', recipientProvince: 'Taiwan', recipientCity: 'Taipei', recipientDistrict: 'Xinyi', recipientTown: 'Xicun', itemName: 'Bluetooth earphones', itemCategory: 'Electronics', itemSpecifications: 'Black', itemMaterial: 'Plastic', remark: 'Fragile' },
};

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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
