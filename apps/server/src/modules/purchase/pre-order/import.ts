import type { Language } from '@portal/shared/languages';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { PRE_ORDER_LINES_MAX, PRE_ORDER_QUANTITY_MAX } from '@portal/shared/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { readTitledSheet, readWorkbook, sortRowErrors, templateWorkbook, type SheetLayout } from '../../../lib/xlsx-read.ts';
import type { ProductDetail, PurchasePlatformClient } from '../platform/types.ts';
import { basketFor } from './repository.ts';
import { checkQuantity, chosenSku, productOf, putLine, refreshEstimate, type Chosen } from './service.ts';

/*
 * POST /purchase/{p}/basket/importExcel: rows of an item (its id, or its link), a SKU id, a quantity and
 * a remark, added to the caller's basket at the platform's prices of now. Every row is checked against
 * the platform (the item, the SKU, the stock and minimum with the basket's own quantities); any wrong row
 * and nothing is added.
 */

type Column = 'item' | 'sku' | 'quantity' | 'remark';

export const PRE_ORDER_SHEET: SheetLayout<Column> = {
  columns: ['item', 'sku', 'quantity', 'remark'],
  titles: {
    item: { 'zh-TW': '商品連結或編號', 'zh-CN': '商品链接或编号', 'en-US': 'Item link or id' },
    sku: { 'zh-TW': '規格編號', 'zh-CN': '规格编号', 'en-US': 'SKU id' },
    quantity: { 'zh-TW': '數量', 'zh-CN': '数量', 'en-US': 'Quantity' },
    remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  },
  required: ['item', 'quantity'],
  maxRows: PRE_ORDER_LINES_MAX,
};

/**
 * The item id of a cell: the id itself, or the one an item page's link carries (Taobao and Tmall
 * `id=…`, 1688 `offer/….html`). Share texts and share codes need the product search's link parser.
 */
export function itemIdOf(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{5,32}$/.test(trimmed)) return trimmed;
  const match = /[?&]id=(\d{5,32})\b/.exec(trimmed) ?? /\/offer\/(\d{5,32})\.html/.exec(trimmed);
  return match?.[1] ?? null;
}

type Row = { product: ProductDetail; chosen: Chosen; quantity: number; remark: string };
type ImportOutcome = { result: ImportResult; key: MessageKey; params: MessageParams };

export async function importToBasket(db: Db, caller: { tenantId: number; userId: number }, client: PurchasePlatformClient, file: Buffer, language: Language): Promise<ImportOutcome> {
  const sheet = readTitledSheet(await readWorkbook(file), PRE_ORDER_SHEET, language);
  const refuse = (errors: ImportRowError[]): ImportOutcome => ({ result: { imported: 0, errors }, key: 'preOrderNothingImported', params: { count: errors.length } });
  if (sheet.errors.length > 0) return refuse(sheet.errors);
  const errors: ImportRowError[] = [];
  const report = (rowNo: number, column: Column, key: MessageKey, params: MessageParams = {}) => {
    const title = sheet.titles[column] ?? PRE_ORDER_SHEET.titles[column][language];
    errors.push({ row: rowNo, column: title, message: formatMessage(language, key, { field: title, ...params }) });
  };
  const rows: Row[] = [];
  // what the file asks of each SKU in all, checked against its stock and minimum like one line
  const wanted = new Map<string, { row: Row; quantity: number; rowNo: number }>();
  for (const { rowNo, cells } of sheet.rows) {
    const before = errors.length;
    for (const column of PRE_ORDER_SHEET.required) if (!cells[column]) report(rowNo, column, 'validationRequired');
    const itemId = cells.item ? itemIdOf(cells.item) : null;
    if (cells.item && !itemId) report(rowNo, 'item', 'preOrderImportItemFormat');
    const quantity = cells.quantity && /^\d{1,6}$/.test(cells.quantity) ? Number(cells.quantity) : NaN;
    if (cells.quantity && Number.isNaN(quantity)) report(rowNo, 'quantity', 'validationFormat');
    else if (quantity < 1) report(rowNo, 'quantity', 'validationTooSmall', { min: 1 });
    else if (quantity > PRE_ORDER_QUANTITY_MAX) report(rowNo, 'quantity', 'validationTooBig', { max: PRE_ORDER_QUANTITY_MAX });
    const remark = cells.remark ?? '';
    if (remark.length > 500) report(rowNo, 'remark', 'validationTooLong', { max: 500 });
    const skuId = cells.sku ?? '';
    if (skuId && !/^\d{1,32}$/.test(skuId)) report(rowNo, 'sku', 'preOrderIdFormat');
    if (errors.length > before || !itemId) continue;
    try {
      const product = await productOf(client, itemId);
      if (!product) throw new AppError(404, 'preOrderItemNotFound', { itemId });
      const row = { product, chosen: chosenSku(product, skuId), quantity, remark };
      const key = `${product.itemId}:${row.chosen.skuId}`;
      const total = (wanted.get(key)?.quantity ?? 0) + quantity;
      checkQuantity(product, row.chosen, total);
      wanted.set(key, { row, quantity: total, rowNo });
      rows.push(row);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report(rowNo, error.key === 'preOrderSkuNotFound' || error.key === 'preOrderSkuRequired' ? 'sku' : error.key === 'preOrderItemNotFound' ? 'item' : 'quantity', error.key, error.params);
    }
  }
  sortRowErrors(errors, PRE_ORDER_SHEET, sheet.titles, language);
  if (errors.length > 0) return refuse(errors);
  try {
    await db.transaction(async (tx) => {
      const basket = await basketFor(tx, caller.tenantId, caller.userId, client.platform);
      for (const row of rows) await putLine(tx, caller.tenantId, basket.id, row.product, row.chosen, row.quantity, row.remark);
      await refreshEstimate(tx, caller.tenantId, basket.id);
    });
  } catch (error) {
    // with what the basket already held: the stock, a minimum or the line limit (nothing was added)
    if (!(error instanceof AppError)) throw error;
    return refuse([{ row: 0, column: '', message: formatMessage(language, error.key, error.params) }]);
  }
  return { result: { imported: rows.length, errors: [] }, key: 'preOrderImported', params: { count: rows.length } };
}

/** The import template: the header in the caller's language and one example row of the platform's demo. */
export async function preOrderImportTemplate(language: Language, example: { itemUrl: string; skuId: string }): Promise<{ fileName: string; workbook: Buffer }> {
  const title = formatMessage(language, 'preOrderImportTemplateTitle');
  const workbook = await templateWorkbook(PRE_ORDER_SHEET, { sheetName: title, language, examples: [{ item: example.itemUrl, sku: example.skuId, quantity: '2', remark: '' }], widths: { item: 50, sku: 16, remark: 30 } });
  return { fileName: `${title}.xlsx`, workbook };
}
