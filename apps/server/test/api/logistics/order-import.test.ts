import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { deflateRawSync } from 'node:zlib';
import type { ImportResult, OrderDetail, OrderInput, OrderRecord } from '@portal/shared/logistics-schemas';
import { orders } from '../../../src/db/schema/logistics.ts';
import { writeXlsx } from '../../../src/lib/xlsx.ts';
import { exportColumns, orderBatches } from '../../../src/modules/logistics/order/export.ts';
import { orderConditions } from '../../../src/modules/logistics/order/list-repository.ts';
import { checkExportSize } from '../../../src/modules/logistics/order/excel-service.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;

/** A workbook with one sheet of these rows (the first is the header). */
async function workbook(rows: Cell[][], options: { numFmtText?: number[] } = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  for (const column of options.numFmtText ?? []) sheet.getColumn(column).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBook(data: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book;
}

const rowValues = (sheet: ExcelJS.Worksheet, rowNo: number): unknown[] => (sheet.getRow(rowNo).values as unknown[]).slice(1);

/** multipart/form-data with one file part. */
function multipart(file: Buffer, field = 'file', filename = 'orders.xlsx') {
  const boundary = '----portal-test-boundary-7d3f';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${XLSX}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal zip holding one deflated entry. */
function zipOf(name: string, content: Buffer): Buffer {
  const packed = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

const EN_HEADER = [
  'Merchant order number',
  'Service type',
  'Destination country',
  'Warehouse',
  'Recipient name',
  'Recipient phone',
  'Recipient address',
  'Currency',
  'Declared weight (kg)',
  'Product name',
  'Category',
  'Quantity',
  'Unit price',
];

describe(`logistics orders: Excel export, template and import (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.delete(orders);
    [merchant, merchant2, staff] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const importFile = (token: string, file: Buffer, lang = 'en-US', field = 'file') => t.call({ method: 'POST', url: '/api/logistics/order/importExcel', token, lang, ...multipart(file, field) });
  const imported = async (token: string, file: Buffer, lang = 'en-US') => {
    const response = await importFile(token, file, lang);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    return { result: body.result as ImportResult, message: body.message as string };
  };
  const countOf = async (tenantId: number) => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.tenantId, tenantId)))[0]?.n);
  const listed = async (token: string, query: Record<string, string>) => {
    const response = await t.call({ method: 'GET', url: '/api/logistics/order/list', token, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.records as OrderRecord[];
  };
  const detailOf = async (id: number) => (await t.call({ method: 'GET', url: '/api/logistics/order/queryById', token: merchant, lang: 'en-US', query: { id: String(id) } })).json().result as OrderDetail;

  describe('import', () => {
    it('imports two orders, one with two products, from a zh-CN header in its own column order with codes and names', async () => {
      // columns shuffled, Simplified Chinese titles, a required star, optional columns present
      const header = ['单价', '商品名称', '商家订单号*', '服务类型', '目的国家/地区', '仓库', '收件人姓名', '收件人电话', '收件人地址', '币种', '申报重量(kg)', '商品类别', '数量', '长(cm)', '宽(cm)', '高(cm)', '备注'];
      const file = await workbook(
        [
          header,
          ['19.99', 'Earphones', 'IMP-1', 'Full link', 'Japan', '義烏倉', 'Tanaka Hiro', '0312345678', 'Tokyo 1-2-3', 'CNY', 1.25, 'Electronics', 3, 40, 30, 20, 'two products'],
          [5.5, 'Cable', 'IMP-1', '', '', '', '', '', '', '', '', 'Electronics', 2, '', '', '', ''],
          ['1500', 'Tea', 'IMP-2', 'BASE', 'us', 'SZ01', 'Bob Smith', '+1 555 0100', '1 Main St', '日元', '0.5', 'Food', 1, '', '', '', ''],
        ],
        { numFmtText: [8] },
      );
      const before = await countOf(1);
      const { result, message } = await imported(merchant, file, 'zh-CN');
      expect(result).toEqual({ imported: 2, errors: [] });
      expect(message).toBe('已导入 2 个订单');
      expect(await countOf(1)).toBe(before + 2);

      const [one] = await listed(merchant, { merchantOrderNo: 'IMP-1' });
      expect(one).toMatchObject({ serviceType: 'FULL_LINK', destinationCountry: 'JP', warehouseCode: 'YW01', itemQuantity: 5, merchandiseValue: '70.97', currency: 'CNY', weight: '1.250', status: 'CREATED', freightCurrency: 'CNY' });
      expect(one?.freight).not.toBeNull();
      const detail = await detailOf(one?.id ?? 0);
      expect(detail.items.map((item) => [item.name, item.quantity, item.unitPrice])).toEqual([
        ['Earphones', 3, '19.99'],
        ['Cable', 2, '5.50'],
      ]);
      expect(detail).toMatchObject({ length: '40.0', width: '30.0', height: '20.0', remark: 'two products', recipient: { name: 'Tanaka Hiro', phone: '0312345678' } });
      expect(detail.events.map((event) => [event.status, event.source])).toEqual([['CREATED', 'MANUAL']]);
      const [two] = await listed(merchant, { merchantOrderNo: 'IMP-2' });
      expect(two).toMatchObject({ serviceType: 'BASE', destinationCountry: 'US', currency: 'JPY', merchandiseValue: '1500', itemQuantity: 1 });
    });

    it('imports nothing when one row is wrong and reports each error by row and column', async () => {
      const file = await workbook([
        EN_HEADER,
        ['BAD-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
        ['BAD-2', 'BASE', 'TW', 'SZ01', 'Lin', 'call me', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
        ['BAD-3', 'BASE', 'TW', 'SZ01', 'Wang', '0912345678', 'Taipei', 'JPY', '1', 'Cup', 'Home', 1, '10.5'],
        ['BAD-3', 'BASE', 'Japan', 'SZ01', 'Wang', '0912345678', 'Taipei', 'JPY', '1', 'Pot', 'Home', 'two', '10'],
        ['BAD-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Mug', 'Home', 1, '10'],
        ['', 'BASE', 'TW', 'SZ01', 'Nobody', '0912345678', 'Taipei', 'CNY', '1', 'Mug', 'Home', 1, '10'],
        ['BAD-4', 'SEA', 'TW', 'SZ01', 'Lee', '0912345678', 'Taipei', 'CNY', '0', 'Mug', '', 1, '10'],
      ]);
      const before = await countOf(1);
      const { result, message } = await imported(merchant, file);
      expect(result.imported).toBe(0);
      expect(result.errors).toEqual([
        { row: 3, column: 'Recipient phone', message: 'Recipient phone takes digits, spaces and - only, optionally starting with +' },
        { row: 4, column: 'Unit price', message: 'Unit price has too many decimals: JPY takes at most 0' },
        { row: 5, column: 'Destination country', message: 'Rows of one merchant order number must carry the same order data: this differs from row 4' },
        { row: 5, column: 'Quantity', message: 'Quantity must be a number' },
        { row: 6, column: 'Merchant order number', message: 'This merchant order number is already used by the order on row 2; the product rows of one order must be adjacent' },
        { row: 7, column: 'Merchant order number', message: 'Merchant order number is required' },
        { row: 8, column: 'Service type', message: 'Service type "SEA" is not one we know: choose it from the drop-down list of this column, or type its name or code, such as Basic (BASE), Full link (FULL_LINK), Half link (HALF_LINK)' },
        { row: 8, column: 'Declared weight (kg)', message: 'Declared weight (kg) must be more than 0, with at most 3 decimals' },
        { row: 8, column: 'Category', message: 'Category is required' },
      ]);
      expect(message).toBe('Errors in the file: 9. Nothing was imported: correct the file and import it again');
      expect(await countOf(1)).toBe(before);
      expect(await listed(merchant, { merchantOrderNo: 'BAD-1' })).toEqual([]);
    });

    it('names an unknown country as typed and what is expected, without listing every code', async () => {
      const file = await workbook([
        EN_HEADER,
        ['CTRY-1', 'BASE', 'Germeny', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
        ['CTRY-2', 'BASE', 'germany', 'Shenzhen warehouse', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
      ]);
      const { result } = await imported(merchant, file);
      expect(result.errors).toEqual([
        {
          row: 2,
          column: 'Destination country',
          message: 'Destination country "Germeny" is not one we know: choose it from the drop-down list of this column, or type its name or code, such as Taiwan (TW), Hong Kong (HK), Macao (MO) …',
        },
      ]);
      const zh = await imported(merchant, file, 'zh-TW');
      expect(zh.result.errors[0]?.message).toBe('Destination country「Germeny」無法辨識：請從此欄的下拉清單選擇，或填寫名稱或代碼，例如 台灣 (TW)、香港 (HK)、澳門 (MO) …');
    });

    it('refuses merchant order numbers the tenant already has, and translates the report', async () => {
      const file = await workbook([
        EN_HEADER,
        ['IMP-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
        ['NEW-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'],
      ]);
      const { result } = await imported(merchant, file, 'zh-TW');
      expect(result).toEqual({ imported: 0, errors: [{ row: 2, column: 'Merchant order number', message: '商家訂單號 IMP-1 已存在' }] });
      expect(await listed(merchant, { merchantOrderNo: 'NEW-1' })).toEqual([]);
      // another tenant's numbers do not count
      expect((await imported(merchant2, file)).result).toEqual({ imported: 2, errors: [] });
    });

    it('reports missing columns on the header row', async () => {
      const file = await workbook([
        ['Merchant order number', 'Recipient name', 'Remark', 'Something else'],
        ['X-1', 'Chen', '', 'ignored'],
      ]);
      const { result } = await imported(merchant, file);
      expect(result.imported).toBe(0);
      expect(result.errors.map((error) => error.column)).toEqual([
        'Service type',
        'Destination country',
        'Warehouse',
        'Recipient phone',
        'Recipient address',
        'Currency',
        'Declared weight (kg)',
        'Product name',
        'Category',
        'Quantity',
        'Unit price',
      ]);
      expect(result.errors.every((error) => error.row === 1)).toBe(true);
      expect(result.errors[0]?.message).toBe('The column "Service type" is missing');
    });

    it('answers 400 for files that are not a readable .xlsx, whatever their name', async () => {
      const cases: [string, Buffer, string][] = [
        ['empty', Buffer.alloc(0), 'The file is empty'],
        ['text', Buffer.from('merchantOrderNo,serviceType\nA,BASE\n'), 'Only Excel workbooks (.xlsx) can be imported: use the import template'],
        ['zip of something else', zipOf('hello.txt', Buffer.from('hello')), 'This Excel file cannot be read: save it again from the import template and retry'],
        ['zip bomb', zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(40 * 1024 * 1024, 0x20)), 'This Excel file cannot be read: save it again from the import template and retry'],
        ['truncated xlsx', (await workbook([EN_HEADER])).subarray(0, 200), 'Only Excel workbooks (.xlsx) can be imported: use the import template'],
      ];
      for (const [name, file, message] of cases) {
        const response = await importFile(merchant, file);
        expect(response.statusCode, name).toBe(400);
        expect(response.json(), name).toMatchObject({ success: false, message });
      }
      const headerOnly = await importFile(merchant, await workbook([EN_HEADER]));
      expect(headerOnly.statusCode).toBe(400);
      expect(headerOnly.json().message).toBe('The first sheet of the file has no data rows');
    });

    it('takes a file larger than the 1 MB JSON body limit', async () => {
      const book = new ExcelJS.Workbook();
      book.addWorksheet('Orders').addRows([EN_HEADER, ['BIG-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10']]);
      // a second sheet of incompressible text: the import reads the first sheet only
      const filler = book.addWorksheet('Notes');
      for (let n = 0; n < 2000; n++) filler.addRow([randomBytes(750).toString('base64')]);
      const file = Buffer.from(await book.xlsx.writeBuffer());
      expect(file.length).toBeGreaterThan(1.2 * 1024 * 1024);
      expect((await imported(merchant, file)).result).toEqual({ imported: 1, errors: [] });
    });

    it('answers 400 without the file field or multipart, and 413 for a file over 5 MB', async () => {
      const good = await workbook([EN_HEADER, ['Z-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10']]);
      const wrongField = await importFile(merchant, good, 'en-US', 'upload');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toBe('Upload one Excel file (form field "file")');
      const json = await t.call({ method: 'POST', url: '/api/logistics/order/importExcel', token: merchant, lang: 'en-US', payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await importFile(merchant, big, 'zh-TW');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ success: false, message: '檔案過大（上限 5 MB）' });
      expect(await listed(merchant, { merchantOrderNo: 'Z-1' })).toEqual([]);
    });

    it('refuses more than 2,000 data rows', async () => {
      const row = (n: number): Cell[] => [`MANY-${n}`, 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'];
      const file = await workbook([EN_HEADER, ...Array.from({ length: 2001 }, (_, n) => row(n))]);
      const response = await importFile(merchant, file);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('At most 2000 data rows can be imported at once: split the file');
      expect(await listed(merchant, { merchantOrderNo: 'MANY-1' })).toEqual([]);
    });

    it('is refused to staff (no import button)', async () => {
      const file = await workbook([EN_HEADER, ['S-1', 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10']]);
      expect((await importFile(staff, file)).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: '/api/logistics/order/importTemplate', token: staff })).statusCode).toBe(403);
      expect(await listed(merchant, { merchantOrderNo: 'S-1' })).toEqual([]);
    });
  });

  describe('template', () => {
    it('downloads in the caller language with an example row and notes, and imports as it is', async () => {
      const response = await t.call({ method: 'GET', url: '/api/logistics/order/importTemplate', token: merchant, lang: 'en-US' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="order-import-template.xlsx"; filename*=UTF-8''order-import-template.xlsx`);
      const book = await readBook(response.rawPayload);
      const [orderSheet, notes] = book.worksheets;
      expect(orderSheet?.name).toBe('Orders');
      expect(rowValues(orderSheet!, 1)).toEqual([
        'Merchant order number',
        'Service type',
        'Destination country',
        'Warehouse',
        'Recipient name',
        'Recipient phone',
        'Recipient address',
        'Province',
        'City',
        'District',
        'Town',
        'Postcode',
        'Currency',
        'Declared weight (kg)',
        'Length (cm)',
        'Width (cm)',
        'Height (cm)',
        'Remark',
        'Product name',
        'Category',
        'Quantity',
        'Specifications',
        'Material',
        'Unit price',
      ]);
      expect(rowValues(orderSheet!, 2).slice(0, 6)).toEqual(['EXAMPLE-0001', 'Basic', 'Taiwan', 'Shenzhen warehouse', 'Mei-Ling Chen', '0912345678']);
      expect(orderSheet!.actualRowCount).toBe(2);
      expect(notes?.name).toBe('How to fill in');
      expect(rowValues(notes!, 1)).toEqual(['Column', 'Required', 'Description']);
      expect(rowValues(notes!, 3)).toEqual(['Service type', 'Yes', 'Code or name: BASE Basic, FULL_LINK Full link, HALF_LINK Half link']);
      // drop-down lists on the coded columns of every importable row, from the catalogue, in a hidden sheet
      const choices = book.worksheets[2]!;
      expect(choices.state).toBe('hidden');
      expect(rowValues(choices, 2).slice(0, 4)).toEqual(['Basic', 'Taiwan', 'Shenzhen warehouse', 'CNY']);
      const validations = (orderSheet as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[]; errorStyle?: string }> } }).dataValidations.model;
      for (const [cell, list] of [['B2', 'A'], ['C2001', 'B'], ['D500', 'C'], ['M2', 'D']] as const) {
        expect(validations[cell], cell).toMatchObject({ type: 'list', errorStyle: 'warning' });
        expect(validations[cell]?.formulae[0]).toMatch(new RegExp(`^'Choices'!\\$${list}\\$2:\\$${list}\\$\\d+$`));
      }
      const countries = choices.getColumn(2).values.filter((value) => typeof value === 'string');
      expect(countries).toHaveLength(29);
      expect(validations.C2?.formulae[0]).toBe("'Choices'!$B$2:$B$29");

      const { result } = await imported(merchant, response.rawPayload);
      expect(result).toEqual({ imported: 1, errors: [] });
      const [example] = await listed(merchant, { merchantOrderNo: 'EXAMPLE-0001' });
      expect(example).toMatchObject({ serviceType: 'BASE', destinationCountry: 'TW', warehouseCode: 'SZ01', itemQuantity: 2, merchandiseValue: '39.98', currency: 'TWD', weight: '1.250' });
    });

    it('comes in Traditional Chinese too, and its example imports for another tenant', async () => {
      const response = await t.call({ method: 'GET', url: '/api/logistics/order/importTemplate', token: merchant2, lang: 'zh-TW' });
      expect(response.headers['content-disposition']).toBe(`attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('訂單匯入範本')}.xlsx`);
      const book = await readBook(response.rawPayload);
      expect(rowValues(book.worksheets[0]!, 1).slice(0, 4)).toEqual(['商家訂單號', '服務類型', '目的國家/地區', '倉庫']);
      expect(rowValues(book.worksheets[0]!, 2).slice(1, 4)).toEqual(['基礎服務', '台灣', '深圳倉']);
      expect((await imported(merchant2, response.rawPayload, 'zh-TW')).result).toEqual({ imported: 1, errors: [] });
    });
  });

  describe('export', () => {
    const exportXls = (token: string, query: Record<string, string> = {}, lang = 'en-US', url = '/api/logistics/order/exportXls') => t.call({ method: 'GET', url, token, lang, query });

    it('writes the filtered list with headers, names and numbers in the caller language', async () => {
      const response = await exportXls(merchant, { merchantOrderNo: 'IMP-1' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.xlsx"; filename\*=UTF-8''orders-\d{8}\.xlsx$/);
      const sheet = (await readBook(response.rawPayload)).worksheets[0]!;
      expect(rowValues(sheet, 1)).toEqual([
        'Order number',
        'Merchant order number',
        'Status',
        'Service type',
        'Destination country',
        'Warehouse',
        'Waybill number',
        'Recipient name',
        'Item quantity',
        'Merchandise value',
        'Currency',
        'Order weight (kg)',
        'Freight',
        'Freight currency',
        'Created at',
        'Status updated at',
      ]);
      expect(sheet.actualRowCount).toBe(2);
      const [record] = await listed(merchant, { merchantOrderNo: 'IMP-1' });
      const values = rowValues(sheet, 2);
      expect(values.slice(0, 14)).toEqual([record?.orderNo, 'IMP-1', 'Created', 'Full link', 'Japan', 'Yiwu warehouse', undefined, 'Tanaka Hiro', 5, 70.97, 'CNY', 1.25, Number(record?.freight), 'CNY']);
      expect(sheet.getRow(2).getCell(10).numFmt).toBe('#,##0.00');
      expect(sheet.getRow(2).getCell(12).numFmt).toBe('#,##0.000');
      expect(values[14]).toBeInstanceOf(Date);

      const zh = (await readBook((await exportXls(merchant, { merchantOrderNo: 'IMP-1' }, 'zh-TW')).rawPayload)).worksheets[0]!;
      expect(rowValues(zh, 1).slice(0, 3)).toEqual(['訂單號', '商家訂單號', '狀態']);
      expect(rowValues(zh, 2).slice(2, 6)).toEqual(['已建立', '全鏈路', '日本', '義烏倉']);
    });

    it('writes times as the wall clock of the zone the browser sends (04:27 on the 25th came out as 20:27 on the 24th)', async () => {
      const [record] = await listed(merchant, { merchantOrderNo: 'IMP-1' });
      // 2025-03-24T20:27:05Z is 04:27:05 on the 25th in Shanghai and 16:27:05 on the 24th in New York
      await t.db.update(orders).set({ createdAt: new Date('2025-03-24T20:27:05Z') }).where(eq(orders.id, record?.id ?? 0));
      const createdCell = async (query: Record<string, string>) => {
        const response = await exportXls(merchant, { merchantOrderNo: 'IMP-1', ...query });
        expect(response.statusCode, response.body).toBe(200);
        const cell = (await readBook(response.rawPayload)).worksheets[0]!.getRow(2).getCell(15);
        expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
        // a date cell has no zone: what Excel shows are its UTC fields
        return (cell.value as Date).toISOString();
      };
      expect(await createdCell({ timeZone: 'Asia/Taipei' })).toBe('2025-03-25T04:27:05.000Z');
      expect(await createdCell({ timeZone: 'America/New_York' })).toBe('2025-03-24T16:27:05.000Z');
      // without a zone, the portal's (spec: merchants in UTC+8)
      expect(await createdCell({})).toBe('2025-03-25T04:27:05.000Z');
      const bad = await exportXls(merchant, { timeZone: 'Mars/Olympus' });
      expect(bad.statusCode).toBe(400);
    });

    it('applies filters and the tenant: merchant2 never exports merchant orders; logistics orders only from ship-out on', async () => {
      const all = (await readBook((await exportXls(merchant2)).rawPayload)).worksheets[0]!;
      const numbers = Array.from({ length: all.actualRowCount - 1 }, (_, index) => rowValues(all, index + 2)[1]).sort();
      expect(numbers).toEqual(['EXAMPLE-0001', 'IMP-1', 'NEW-1']);
      const ownOnly = (await listed(merchant2, { merchantOrderNo: 'IMP-1' }))[0];
      expect(rowValues(all, 2).concat(rowValues(all, 3), rowValues(all, 4))).toContain(ownOnly?.orderNo);
      const [merchantImp] = await listed(merchant, { merchantOrderNo: 'IMP-1' });
      expect(rowValues(all, 2).concat(rowValues(all, 3), rowValues(all, 4))).not.toContain(merchantImp?.orderNo);

      const response = await exportXls(merchant, {}, 'en-US', '/api/logistics/logOrder/exportXls');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/filename="logistics-orders-\d{8}\.xlsx"/);
      expect((await readBook(response.rawPayload)).worksheets[0]!.actualRowCount).toBe(1);
      await t.db.update(orders).set({ status: 'WHOUT' }).where(eq(orders.id, merchantImp?.id ?? 0));
      const shipped = (await readBook((await exportXls(merchant, {}, 'en-US', '/api/logistics/logOrder/exportXls')).rawPayload)).worksheets[0]!;
      expect(shipped.actualRowCount).toBe(2);
      expect(rowValues(shipped, 2).slice(1, 3)).toEqual(['IMP-1', 'Left warehouse']);
      const theirs = (await readBook((await exportXls(merchant2, {}, 'en-US', '/api/logistics/logOrder/exportXls')).rawPayload)).worksheets[0]!;
      expect(theirs.actualRowCount).toBe(1);
    });

    it('is refused to staff and checks its filters', async () => {
      expect((await exportXls(staff)).statusCode).toBe(403);
      expect((await exportXls(staff, {}, 'en-US', '/api/logistics/logOrder/exportXls')).statusCode).toBe(403);
      const bad = await exportXls(merchant, { status: 'NOPE' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Status must be one of');
      expect((await exportXls(merchant, { column: 'recipientName' })).statusCode).toBe(400);
    });

    it('refuses more matching rows than the limit before writing anything', async () => {
      const where = orderConditions(1, {});
      const total = await countOf(1);
      await expect(checkExportSize(t.db, where, total)).resolves.toBeUndefined();
      await expect(checkExportSize(t.db, where, total - 1)).rejects.toMatchObject({ statusCode: 400, key: 'exportRowsTooMany', params: { max: total - 1 } });
    });

    it('reads the rows in keyset chunks without skipping or repeating ties', async () => {
      // orders of one import share their creation time: only the id tells them apart
      const rows: Cell[][] = [EN_HEADER, ...Array.from({ length: 7 }, (_, n): Cell[] => [`TIE-${n}`, 'BASE', 'TW', 'SZ01', 'Chen', '0912345678', 'Taipei', 'CNY', '1', 'Cup', 'Home', 1, '10'])];
      expect((await imported(merchant, await workbook(rows))).result.imported).toBe(7);
      for (const sort of [
        { column: 'createdAt', direction: 'desc' },
        { column: 'createdAt', direction: 'asc' },
        { column: 'statusUpdatedAt', direction: 'desc' },
        { column: 'orderNo', direction: 'asc' },
      ] as const) {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (chunk: Buffer) => chunks.push(chunk));
        const names = { status: new Map(), serviceType: new Map(), country: new Map(), warehouse: new Map() };
        await writeXlsx(out, { sheetName: 'Orders', timeZone: 'UTC', columns: exportColumns('en-US', names), batches: orderBatches(t.db, orderConditions(1, {}), sort, 2) });
        await new Promise((resolve) => out.end(resolve));
        const sheet = (await readBook(Buffer.concat(chunks))).worksheets[0]!;
        const exported = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) => String(rowValues(sheet, index + 2)[0]));
        const page = await t.call({ method: 'GET', url: '/api/logistics/order/list', token: merchant, query: { pageSize: '200', column: sort.column, order: sort.direction } });
        expect(exported, `${sort.column} ${sort.direction}`).toEqual(page.json().result.records.map((record: OrderRecord) => record.orderNo));
        expect(new Set(exported).size).toBe(await countOf(1));
      }
    });
  });

  it('exports an amount and a weight as the exact numbers they are', async () => {
    const body: OrderInput = {
      merchantOrderNo: 'HAND-1',
      serviceType: 'BASE',
      destinationCountry: 'TW',
      warehouseCode: 'SZ01',
      recipient: { name: 'Chen', phone: '0912345678', address: 'Taipei' },
      currency: 'CNY',
      items: [{ name: 'A', category: 'X', quantity: 1, unitPrice: '0.1' }],
      weight: '0.1',
    };
    const response = await t.call({ method: 'POST', url: '/api/logistics/order/add', token: merchant, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = (await readBook((await t.call({ method: 'GET', url: '/api/logistics/order/exportXls', token: merchant, lang: 'en-US', query: { merchantOrderNo: 'HAND-1' } })).rawPayload)).worksheets[0]!;
    expect(rowValues(sheet, 2).slice(9, 12)).toEqual([0.1, 'CNY', 0.1]);
  });
});
