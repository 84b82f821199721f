import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.ts';
import { shot } from './support/portal.ts';
import { PASSWORD } from './support/sessions.ts';

const TITLES = {
  'zh-TW': '跨境集運商家後台',
  'zh-CN': '跨境集运商家后台',
  'en-US': 'Cross-border Shipping Merchant Portal',
} as const;

const suite = useBrowserSuite();

async function openPage(pathname: string): Promise<Page> {
  const page = await suite.newPage({ viewport: { width: 1280, height: 800 } });
  const response = await page.goto(pathname);
  expect(response?.status()).toBe(200);
  return page;
}

describe('portal shell', () => {
  test('sends a visitor without a session to the login page with the path to come back to', async () => {
    const page = await openPage('/system/user?tab=1');
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/user?tab=1');
    await page.getByRole('heading', { name: TITLES['zh-TW'] }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    // the window's title names the page, then the site
    await expect.poll(() => page.title()).toBe(`登入 - ${TITLES['zh-TW']}`);
  });

  test('signs the merchant in, shows the home page and the menu from the server', async () => {
    const page = await openPage('/user/login');
    await page.getByLabel('帳號', { exact: true }).fill('merchant');
    await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*入/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('home-greeting').textContent()).toContain('陳大文');
    await page.getByTestId('side-menu').getByText('物流管理').waitFor();
    await shot(page, 'home-zh-TW');
  });

  test('answers a wrong password on the form', async () => {
    const page = await openPage('/user/login');
    await page.getByLabel('帳號', { exact: true }).fill('merchant');
    await page.getByLabel('密碼', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: /登\s*入/ }).click();
    await page.getByTestId('login-error').getByText('帳號或密碼錯誤').waitFor();
  });

  test('sends an unknown path to 404', async () => {
    const page = await openPage('/404');
    await page.getByText('404').first().waitFor();
    await expect.poll(() => page.title()).toBe(`頁面不存在 - ${TITLES['zh-TW']}`);
  });

  test("renders the API documentation under the portal's content security policy", async () => {
    const page = await openPage('/api/docs');
    await expect.poll(() => page.getByText('Merchant portal API').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('/api/sys/permission/getUserPermissionByToken').count()).toBeGreaterThan(0);
  });
});
