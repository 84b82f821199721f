import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.ts';
import { signedIn, visit } from './support/portal.ts';

/** The list toolkit by keyboard alone, in a real browser against the real server (embedded database). */
const suite = useBrowserSuite();

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses `key` until the focus is on or inside `target`; answers how many presses that took, and fails past `limit`. */
async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    if (await hasFocus(target)) return presses;
  }
  const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(`${key} × ${limit} did not reach ${target.toString()}; the focus is on ${where}`);
}

/**
 * From the query form's first field, Tab goes through the date range (start, then end, one press each)
 * and on to Search, the toolbar's buttons and the table; Shift+Tab comes back through the range and out of it.
 */
async function walkList(page: Page, list: Locator, first: Locator, toolbar: readonly Locator[]): Promise<void> {
  const start = list.getByPlaceholder('Start date');
  const end = list.getByPlaceholder('End date');
  await first.focus();
  await pressUntil(page, 'Tab', start, 3);
  expect(await pressUntil(page, 'Tab', end, 1)).toBe(1);
  await pressUntil(page, 'Tab', list.getByRole('button', { name: 'Search' }), 4);
  for (const button of toolbar) await pressUntil(page, 'Tab', button, 6);
  await pressUntil(page, 'Tab', list.locator('.ant-table'), 6);

  await pressUntil(page, 'Shift+Tab', end, 20);
  expect(await pressUntil(page, 'Shift+Tab', start, 1)).toBe(1);
  await pressUntil(page, 'Shift+Tab', first, 3);
}

describe('keyboard', () => {
  test('Tab leaves a date range: the order list and the recharge records, Search, New, Export and the table (en-US)', async () => {
    const page = await signedIn(suite, 'merchant', { language: 'en-US', at: '/logistics/international-order' });
    const orders = page.getByTestId('list-page-logistics-international-order');
    await orders.locator('.ant-table-tbody').waitFor();
    await walkList(page, orders, orders.locator('#orderNo'), [page.getByTestId('order-create'), page.getByTestId('order-export')]);

    await visit(page, '/finance/wallet/recharge');
    const recharges = page.getByTestId('list-page-wallet-recharge');
    await recharges.locator('.ant-table-tbody').waitFor();
    await walkList(page, recharges, recharges.locator('#rechargeNo'), [page.getByTestId('recharge-new'), recharges.getByTestId('export-button')]);
  });
});
