import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { choose, listOn, rowWith, search, shot, signedIn } from './support/portal.ts';

/**
 * The platform's collection-exception screen in Chromium against the real server (embedded database,
 * demo data): the warehouse registers an exception and asks the merchant, the merchant answers on its
 * own screen, the warehouse closes it.
 */
const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');

/** The buttons a row offers, by their test ids. */
const rowMoves = async (row: Locator) => (await row.locator('[data-testid^="exception-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))).sort();

describe('platform collection exceptions', () => {
  test('the warehouse registers an exception and asks the merchant, the merchant deals with it, the warehouse closes it', { timeout: 120_000 }, async () => {
    const orders = await api.as('warehouse').get<{ records: { orderNo: string; tenantName: string }[] }>('/api/warehouse/order/list?pageNo=1&pageSize=50');
    const order = orders.records.find((record) => record.tenantName === 'Demo Trading');
    expect(order, 'a demo order of merchant').toBeDefined();
    const orderNo = order!.orderNo;
    const description = `Crushed ${Date.now()}`;

    const warehouse = await signedIn(suite, 'warehouse', { language: 'en-US', viewport: { width: 1440, height: 900 }, at: '/warehouse/exception' });
    let list = await listOn(warehouse, 'warehouse-exception');
    await list.getByTestId('exception-register').click();
    let dialog = warehouse.getByRole('dialog', { name: 'Report a collection exception' });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByText('Logistics order number is required').waitFor();
    await dialog.getByText('Exception type is required').waitFor();
    // an order that does not exist: the server's 404 stays in the form, in its words
    await dialog.getByLabel('Logistics order number').fill('LO00000000000000');
    await choose(warehouse, 'exceptionRegister_type', 'Damaged goods');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Report' }).click();
    expect(await dialog.getByTestId('server-error').textContent()).toBe('Logistics order LO00000000000000 does not exist');
    await dialog.getByLabel('Logistics order number').fill(orderNo);
    await dialog.getByRole('button', { name: 'Report' }).click();
    await warehouse.getByText(/Exception EX\d{12} reported/).first().waitFor();

    await search(list, 'Enter Logistics order number', orderNo);
    let row = rowWith(list, description);
    await row.waitFor();
    const exceptionNo = (await row.locator('td').first().textContent())!.trim();
    expect(exceptionNo).toMatch(/^EX\d{12}$/);
    expect(await row.textContent()).toContain('Pending');
    expect(await row.textContent()).toContain('Demo Trading');
    expect(await rowMoves(row)).toEqual(['exception-ask', 'exception-cancel', 'exception-close']);

    await row.getByTestId('exception-ask').click();
    dialog = warehouse.getByRole('dialog', { name: `Ask the merchant about exception ${exceptionNo}` });
    await dialog.getByRole('button', { name: 'Ask merchant' }).click();
    await dialog.getByText('Platform remark is required').waitFor();
    await dialog.getByLabel('Platform remark').fill('Repack or return?');
    await dialog.getByRole('button', { name: 'Ask merchant' }).click();
    await warehouse.getByText('Merchant asked to handle it').first().waitFor();
    await expect.poll(() => rowWith(list, exceptionNo).textContent()).toContain('Awaiting merchant reply');
    await shot(warehouse, 'warehouse-exception-asked-en-US');

    const merchant = await signedIn(suite, 'merchant', { language: 'en-US', at: '/logistics/collection-exception' });
    const merchantList = await listOn(merchant, 'logistics-collection-exception');
    await search(merchantList, 'Enter Order number', orderNo);
    const merchantRow = rowWith(merchantList, exceptionNo);
    await merchantRow.waitFor();
    expect(await merchantRow.textContent()).toContain('Awaiting merchant reply');
    await merchantRow.getByTestId('exception-deal').click();
    const deal = merchant.getByRole('dialog', { name: `Handle exception ${exceptionNo}` });
    await deal.getByText('Repack or return?').waitFor();
    await choose(merchant, 'exceptionDeal_resolution', 'Send again');
    await deal.getByLabel('Merchant remark').fill('Repack it please');
    await deal.getByRole('button', { name: 'Handle' }).click();
    await merchant.getByText('Resolution sent').first().waitFor();
    await expect.poll(() => rowWith(merchantList, exceptionNo).textContent()).toContain('Handled');

    // back at the warehouse: the merchant's answer is in the row, and only Close is left
    // one page at a time in the suite: the warehouse signs in again
    const back = await signedIn(suite, 'warehouse', { language: 'en-US', viewport: { width: 1440, height: 900 }, at: '/warehouse/exception' });
    list = await listOn(back, 'warehouse-exception');
    await search(list, 'Enter Logistics order number', orderNo);
    row = rowWith(list, exceptionNo);
    await expect.poll(() => row.textContent()).toContain('Handled');
    expect(await row.textContent()).toContain('Send again');
    expect(await row.textContent()).toContain('Repack it please');
    expect(await rowMoves(row)).toEqual(['exception-close']);
    await row.getByTestId('exception-close').click();
    dialog = back.getByRole('dialog', { name: `Close exception ${exceptionNo}` });
    await dialog.getByRole('button', { name: 'Close exception' }).click();
    await back.getByText('Exception closed').first().waitFor();
    await expect.poll(() => rowWith(list, exceptionNo).textContent()).toContain('Closed');
    expect(await rowMoves(rowWith(list, exceptionNo))).toEqual([]);
    // the merchant's remark and the platform's stay with it
    expect(await rowWith(list, exceptionNo).textContent()).toContain('Repack or return?');
  });

  const LANGUAGES: Language[] = ['zh-TW', 'zh-CN', 'en-US'];
  const HEADINGS: Record<Language, { column: string; register: string }> = {
    'zh-TW': { column: '異常單號', register: '登記收件單異常' },
    'zh-CN': { column: '异常单号', register: '登记揽收单异常' },
    'en-US': { column: 'Exception number', register: 'Report a collection exception' },
  };

  test('draws the screen and its forms in the three languages', { timeout: 120_000 }, async () => {
    for (const language of LANGUAGES) {
      const words = HEADINGS[language];
      const page = await signedIn(suite, 'warehouse', { language, viewport: { width: 1440, height: 900 }, at: '/warehouse/exception' });
      const list = await listOn(page, 'warehouse-exception');
      await list.locator('.ant-table-thead').getByText(words.column).waitFor();
      await list.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await shot(page, `warehouse-exception-list-${language}`);
      await list.getByTestId('exception-register').click();
      const register = page.getByRole('dialog', { name: words.register });
      await register.waitFor();
      await shot(page, `warehouse-exception-register-${language}`);
      await register.locator('.ant-modal-footer button').first().click();
      await register.waitFor({ state: 'hidden' });
      const move = list.locator('[data-testid="exception-ask"], [data-testid="exception-close"]').first();
      if ((await move.count()) > 0) {
        await move.click();
        await page.locator('#exceptionMove_remark').waitFor();
        await shot(page, `warehouse-exception-move-${language}`);
        await page.keyboard.press('Escape');
      }
    }
  });
});
