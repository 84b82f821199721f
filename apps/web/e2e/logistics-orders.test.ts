import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_TITLES, type ImportColumn } from '../../server/src/modules/logistics/order/model.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { fillOrder, orderNoIn, orderRows, searchOrders } from './support/orders.ts';
import { signedIn, toast } from './support/portal.ts';

/** The merchant's international orders in a real browser against the real server (embedded database). */
const suite = useBrowserSuite();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LIST_PATH = '/logistics/international-order';
// one run's numbers: the embedded database of the suite is fresh, but a rerun against a kept one must not collide
const RUN = Date.now().toString(36).toUpperCase();

/** A fresh page signed in as `role` at `at`, the international orders by default. */
const newPage = (language: Language, role: 'merchant' | 'staff' = 'merchant', at = LIST_PATH) => signedIn(suite, role, { viewport: { width: 1366, height: 860 }, language, at });

/** The international orders, once their first row shows. */
const ordersShown = (page: Page) => page.getByTestId('order-link').first().waitFor();

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Orders in the import template's columns (one row per product), written into the template the page gave. */
async function importFile(template: Buffer, orders: Partial<Record<ImportColumn, string | number>>[][], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  // the template the page downloads is the one the server reads: its header is the columns' titles in the page's language
  expect(header).toEqual(IMPORT_COLUMNS.map((column) => IMPORT_TITLES[column][language]));
  sheet.spliceRows(2, sheet.rowCount);
  for (const order of orders) for (const row of order) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const importedOrder = (merchantOrderNo: string, products: { itemName: string; itemQuantity: number; itemUnitPrice: string }[], weight = '2.5') =>
  products.map((product, index) => ({
    ...(index === 0
      ? { merchantOrderNo, serviceType: 'BASE', destinationCountry: 'TW', warehouseCode: 'SZ01', recipientName: 'Lin Yi-chun', recipientPhone: '0922333444', recipientAddress: '7 Xinyi Rd, Taipei', currency: 'TWD', weight }
      : { merchantOrderNo }),
    itemCategory: 'Gifts',
    ...product,
  }));

describe('international logistics orders', () => {
  test('a merchant creates, finds, opens, edits, imports, exports and cancels orders (en-US)', { timeout: 240_000 }, async () => {
    const page = await newPage('en-US');
    await ordersShown(page);
    const createdBefore = Number((await page.getByTestId('status-count-CREATED').textContent())?.replace(/,/g, ''));

    // create by hand, with a live freight quote
    await page.getByTestId('order-create').click();
    const manualNo = `E2E-${RUN}-M`;
    await fillOrder(page, manualNo, { service: 'Basic', country: 'Taiwan', warehouse: 'Shenzhen warehouse' });
    await expect.poll(() => page.getByTestId('order-form-total').textContent()).toBe('37.50 CNY');
    await expect.poll(() => page.getByTestId('freight-quote-amount').textContent(), { timeout: 10_000 }).toMatch(/^\d[\d,]*\.\d{2} CNY$/);
    await page.getByTestId('order-form-submit').click();
    const created = toast(page, 'Order created');
    await created.waitFor();
    const orderNo = orderNoIn((await created.textContent()) ?? '');
    expect(orderNo).toMatch(/^LO\d{14}$/);
    await expect.poll(async () => Number((await page.getByTestId('status-count-CREATED').textContent())?.replace(/,/g, ''))).toBe(createdBefore + 1);

    // find it with a filter, open its detail in a tab of its own
    await searchOrders(page, 'merchantOrderNo', manualNo);
    expect(await orderRows(page).count()).toBe(1);
    await expect.poll(() => orderRows(page).first().textContent()).toContain('37.50 CNY');
    await orderRows(page).first().getByTestId('order-link').click();
    await page.waitForURL((url) => url.pathname === '/logistics/international-order/detail' && url.searchParams.has('id'));
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail-no').textContent()).toBe(orderNo);
    expect(await page.getByTestId('order-detail-products').textContent()).toContain('Oolong tea');
    expect(await page.getByTestId('order-detail-tracking').textContent()).toContain('Created');
    expect(await page.getByTestId('page-tab').allTextContents()).toContain('International Logistics Order Details');

    // edit it while it is CREATED
    await page.getByTestId('order-detail-edit').click();
    await expect.poll(() => page.locator('#order_merchantOrderNo').inputValue()).toBe(manualNo);
    await page.locator('#order_weight').fill('3.5');
    await page.locator('#order_recipient_name').fill('Chen Mei-ling');
    await page.getByTestId('order-form-submit').click();
    await toast(page, `Order ${orderNo} saved`).waitFor();
    await expect.poll(() => page.getByTestId('order-detail-fees').textContent()).toContain('Declared weight (kg)3.500');
    expect(await page.getByTestId('order-detail-recipient').textContent()).toContain('Chen Mei-ling');

    // back to the list's tab: it kept its filter
    await page.getByTestId('page-tab').filter({ hasText: 'International Logistics Orders' }).click();
    await page.waitForURL((url) => url.pathname === LIST_PATH);
    // the kept page shows again a moment after the address changes (a loaded machine read it empty before)
    await expect.poll(() => page.locator('#merchantOrderNo').inputValue()).toBe(manualNo);

    // import: a wrong file imports nothing and says why, row by row; the right one imports two orders
    await page.getByTestId('order-import').click();
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    expect(templateDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const template = await downloaded(templateDownload);
    const importA = `E2E-${RUN}-A`;
    const importB = `E2E-${RUN}-B`;
    const wrong = await importFile(template, [importedOrder(importA, [{ itemName: 'Mug', itemQuantity: 2, itemUnitPrice: '150' }], 'heavy')], 'en-US');
    const fileInput = page.getByTestId('import-dialog').locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'orders.xlsx', mimeType: XLSX, buffer: wrong });
    await page.getByTestId('import-submit').click();
    const report = page.getByTestId('import-errors');
    await report.waitFor();
    expect(await report.textContent()).toContain('no order was imported');
    const [row, column, problem] = await report.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').allTextContents();
    expect([row, column]).toEqual(['2', 'Declared weight (kg)']);
    expect(problem).not.toBe('');

    await page.getByRole('button', { name: 'Remove file' }).click();
    const right = await importFile(
      template,
      [
        importedOrder(importA, [
          { itemName: 'Mug', itemQuantity: 2, itemUnitPrice: '150' },
          { itemName: 'Teapot', itemQuantity: 1, itemUnitPrice: '880' },
        ]),
        importedOrder(importB, [{ itemName: 'Tea tray', itemQuantity: 1, itemUnitPrice: '1200' }]),
      ],
      'en-US',
    );
    await fileInput.setInputFiles({ name: 'orders.xlsx', mimeType: XLSX, buffer: right });
    await page.getByTestId('import-submit').click();
    expect(await page.getByTestId('import-success').textContent()).toBe('2 orders imported');
    await page.getByTestId('import-close').click();
    await searchOrders(page, 'merchantOrderNo', importA);
    await expect.poll(() => orderRows(page).first().textContent()).toContain('1,180.00 TWD');

    // export what the list shows: the number of rows is said first, then the file arrives. The search is this
    // run's own numbers (a prefix): other files of the suite add the merchant's orders while this one runs
    await searchOrders(page, 'merchantOrderNo', `E2E-${RUN}-`);
    await expect.poll(() => orderRows(page).count()).toBe(3);
    const total = Number(/([\d,]+) in total/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(total).toBe(3);
    await page.getByTestId('order-export').click();
    const confirm = page.locator('.ant-modal-confirm');
    expect(await confirm.textContent()).toContain(`Export the ${total} orders`);
    const [exportDownload] = await Promise.all([page.waitForEvent('download'), confirm.locator('.ant-btn-primary').click()]);
    expect(exportDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load((await downloaded(exportDownload)) as unknown as ArrayBuffer);
    expect(exported.worksheets[0]!.actualRowCount - 1).toBe(total);
    await toast(page, 'Export finished').waitFor();

    // cancel one of the imported orders, with a reason
    await searchOrders(page, 'merchantOrderNo', importB);
    await orderRows(page).first().getByTestId('order-cancel').click();
    const dialog = page.locator('.ant-modal', { hasText: 'A cancelled order cannot be restored' });
    await dialog.locator('textarea').fill('The customer changed the order');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await toast(page, 'cancelled').waitFor();
    await expect.poll(() => orderRows(page).first().textContent()).toContain('Cancelled');
    expect(await orderRows(page).first().getByTestId('order-cancel').count()).toBe(0);
    expect(await orderRows(page).first().getByTestId('order-edit').count()).toBe(0);
  });

  test('a merchant creates an order, finds it under its status and cancels it from its detail (zh-TW)', { timeout: 180_000 }, async () => {
    const page = await newPage('zh-TW');
    await ordersShown(page);
    await page.getByTestId('order-create').click();
    const merchantNo = `E2E-${RUN}-TW`;
    await fillOrder(page, merchantNo, { service: '基礎服務', country: '台灣', warehouse: '深圳倉' });
    await page.getByTestId('order-form-submit').click();
    const created = toast(page, '訂單已建立');
    await created.waitFor();
    const orderNo = orderNoIn((await created.textContent()) ?? '');

    await page.getByTestId('status-tab-CREATED').click();
    await searchOrders(page, 'orderNo', orderNo);
    expect(await orderRows(page).first().textContent()).toContain('已建立');
    await page.getByTestId('status-tab-DONE').click();
    await expect.poll(() => page.locator('[data-testid^="list-page-"] .ant-table-placeholder').count()).toBe(1);
    await page.getByTestId('status-tab-ALL').click();
    await orderRows(page).first().getByTestId('order-link').click();
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail-info').textContent()).toContain('台灣');

    await page.getByTestId('order-detail-cancel').click();
    const dialog = page.locator('.ant-modal', { hasText: '取消後訂單不能恢復' });
    await dialog.locator('textarea').fill('客戶改單');
    await dialog.getByRole('button', { name: '確定取消' }).click();
    await toast(page, `訂單 ${orderNo} 已取消`).waitFor();
    await expect.poll(() => page.getByTestId('order-detail-info').textContent()).toContain('已取消');
    expect(await page.getByTestId('order-detail-tracking').textContent()).toContain('客戶改單');
    expect(await page.getByTestId('order-detail-cancel').count()).toBe(0);
    expect(await page.getByTestId('order-detail-edit').count()).toBe(0);
  });

  test('the logistics order list shows the orders on their way, exports them and opens their tracking (zh-CN)', { timeout: 120_000 }, async () => {
    const page = await newPage('zh-CN', 'merchant', '/logistics/logistics-order');
    await orderRows(page).first().waitFor();
    const onTheWay = ['已出库', '跨境运输中', '已到海外仓', '末端派送中', '已完成', '已退回', '已丢失'];
    for (const text of await orderRows(page).locator('td:nth-child(3)').allTextContents()) expect(onTheWay).toContain(text);
    // no tabs, no create, import or cancel here
    expect(await page.getByTestId('status-tab-ALL').count()).toBe(0);
    expect(await page.getByTestId('order-create').count()).toBe(0);
    expect(await page.getByTestId('order-cancel').count()).toBe(0);

    await page.getByTestId('order-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.ant-modal-confirm .ant-btn-primary').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    const orderNo = (await orderRows(page).first().getByTestId('order-link').textContent()) ?? '';
    await orderRows(page).first().getByTestId('order-tracking').click();
    await page.getByTestId('order-detail').waitFor();
    expect(await page.getByTestId('order-detail-no').textContent()).toBe(orderNo);
    expect(await page.getByTestId('timeline-event').count()).toBeGreaterThan(1);
  });

  test('staff sees no import, export or cancel (zh-TW)', { timeout: 120_000 }, async () => {
    const page = await newPage('zh-TW', 'staff');
    await ordersShown(page);
    await page.getByTestId('status-tab-CREATED').click();
    await orderRows(page).first().getByTestId('order-edit').waitFor();
    expect(await page.getByTestId('order-create').count()).toBe(1);
    expect(await page.getByTestId('order-import').count()).toBe(0);
    expect(await page.getByTestId('order-export').count()).toBe(0);
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    await orderRows(page).first().getByTestId('order-link').click();
    await page.getByTestId('order-detail-edit').waitFor();
    expect(await page.getByTestId('order-detail-cancel').count()).toBe(0);
  });
});
