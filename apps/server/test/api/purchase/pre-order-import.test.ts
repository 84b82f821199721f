import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BasketRecord } from '@portal/shared/pre-order-schemas';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { currencyFromMinor } from '@portal/shared/money';
import { itemIdOf } from '../../../src/modules/purchase/pre-order/import.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { voucherUpload } from '../../helpers/wallet-client.ts';
import { demoPicks, steerablePlatforms } from '../../helpers/purchase-platforms.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const T = '/api/purchase/taobao';
const HEADER = ['Item link or id', 'SKU id', 'Quantity', 'Remark'];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`importing goods into the basket (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let staff: string;
  const platforms = steerablePlatforms();
  const picks = demoPicks('TAOBAO');

  beforeAll(async () => {
    t = await createTestApp({ purchasePlatforms: platforms });
    [merchant, staff] = await Promise.all([t.login('merchant'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const upload = async (rows: (string | number)[][], token = merchant) => t.call({ method: 'POST', url: `${T}/basket/importExcel`, token, lang: 'en-US', ...voucherUpload(await workbook([HEADER, ...rows]), 'goods.xlsx', 'file', XLSX) });
  const basket = async () => ok<BasketRecord>(await t.call({ method: 'GET', url: `${T}/basket`, token: merchant }));

  it('reads an item id from an id or an item page link', () => {
    expect(itemIdOf('680000000000')).toBe('680000000000');
    expect(itemIdOf(' https://item.taobao.com/item.htm?spm=a1z10&id=680000104729&ns=1 ')).toBe('680000104729');
    expect(itemIdOf('https://detail.tmall.com/item.htm?id=680000209458')).toBe('680000209458');
    expect(itemIdOf('https://detail.1688.com/offer/710000000000.html?spm=x')).toBe('710000000000');
    expect(itemIdOf('【淘宝】https://m.tb.cn/h.abc 复制打开')).toBeNull();
    expect(itemIdOf('12')).toBeNull();
  });

  it('lists every wrong row and adds nothing', async () => {
    const answer = await upload([
      [picks.first.itemUrl, picks.first.skus[0]!.skuId, 2, 'ok row'],
      ['not a link', '', 1, ''],
      [picks.other.itemId, '', 1, ''],
      [picks.first.itemId, '1', 1, ''],
      [picks.first.itemId, picks.first.skus[1]!.skuId, 0, ''],
    ]);
    const result = ok<ImportResult>(answer);
    expect(answer.json().message).toBe('Errors in the file: 4. Nothing was added: correct them and import it again');
    expect(result.imported).toBe(0);
    expect(result.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'Item link or id'],
      [4, 'SKU id'],
      [5, 'SKU id'],
      [6, 'Quantity'],
    ]);
    expect(result.errors[0]!.message).toContain('must be an item id, or the link');
    expect(result.errors[1]!.message).toContain('has several SKUs');
    expect((await basket()).lines).toEqual([]);
  });

  it('adds all the rows at the platform prices, the same SKU on one line, within its stock', async () => {
    platforms.change('TAOBAO', picks.first.itemId, { stock: 4 });
    const over = ok<ImportResult>(await upload([
      [picks.first.itemUrl, picks.first.skus[0]!.skuId, 3, ''],
      [picks.first.itemId, picks.first.skus[0]!.skuId, 2, ''],
    ]));
    expect(over.errors).toEqual([expect.objectContaining({ row: 3, column: 'Quantity', message: expect.stringContaining('only 4 in stock, 5 wanted') })]);
    platforms.reset();
    const answer = await upload([
      [picks.first.itemUrl, picks.first.skus[0]!.skuId, 3, 'gift'],
      [picks.first.itemId, picks.first.skus[0]!.skuId, 2, ''],
      [picks.other.itemId, picks.other.skus[1]!.skuId, 1, ''],
    ]);
    expect(ok<ImportResult>(answer)).toEqual({ imported: 3, errors: [] });
    const lines = (await basket()).lines;
    expect(lines.map((line) => [line.itemId, line.skuId, line.quantity, line.unitPrice, line.remark])).toEqual([
      [picks.first.itemId, picks.first.skus[0]!.skuId, 5, currencyFromMinor(picks.first.skus[0]!.price, 'CNY'), 'gift'],
      [picks.other.itemId, picks.other.skus[1]!.skuId, 1, currencyFromMinor(picks.other.skus[1]!.price, 'CNY'), ''],
    ]);
  });

  it('gives the template in the caller language, and refuses staff', async () => {
    const response = await t.call({ method: 'GET', url: `${T}/basket/importTemplate`, token: merchant, lang: 'zh-CN' });
    expect(downloadName(response)).toBe('预采购商品导入模板.xlsx');
    const sheet = await readXlsx(response);
    expect(sheet.headers).toEqual(['商品链接或编号', '规格编号', '数量', '备注']);
    refused(await upload([[picks.first.itemId, picks.first.skus[0]!.skuId, 1, '']], staff), 403);
  });
});
