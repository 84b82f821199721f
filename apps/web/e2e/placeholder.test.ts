import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, startPortal, type Portal } from './support/portal-server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

const TITLES = {
  'zh-TW': '跨境集運商家後台',
  'zh-CN': '跨境集运商家后台',
  'en-US': 'Cross-border Shipping Merchant Portal',
} as const;

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
/** what the page did that it must not: requests off the portal's origin, console errors (CSP), uncaught errors */
let problems: string[];

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function openPage(pathname: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  problems = [];
  const page = await context.newPage();
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== portal.url) problems.push(`request off origin: ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const response = await page.goto(portal.url + pathname);
  expect(response?.status()).toBe(200);
  return page;
}

afterEach(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // the language switch slides a thumb to the chosen option and removes it when the motion ends
  await page.locator('.ant-segmented-thumb').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('placeholder page', () => {
  test('shows the zh-TW title, slogan and API docs link by default', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { name: TITLES['zh-TW'] }).waitFor();
    await page.getByText('省心、省錢、省力').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.title()).toBe(TITLES['zh-TW']);
    expect(await page.getByRole('link', { name: 'API 文件' }).getAttribute('href')).toBe('/api/docs');
    await page.locator('[data-testid="server-status"][data-state="ready"]').waitFor();
    await screenshot(page, 'zh-TW');
  });

  test('switches to en-US and zh-CN, sets <html lang> and remembers the choice', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { name: TITLES['zh-TW'] }).waitFor();

    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: TITLES['en-US'] }).waitFor();
    await page.getByText('Save worry, save money, save effort').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.title()).toBe(TITLES['en-US']);
    expect(await page.evaluate(() => window.localStorage.getItem('pro__language'))).toBe('en-US');
    await page.locator('[data-testid="server-status"][data-state="ready"]').waitFor();
    await screenshot(page, 'en-US');

    await page.reload();
    await page.getByRole('heading', { name: TITLES['en-US'] }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');

    await page.getByText('简体中文', { exact: true }).click();
    await page.getByRole('heading', { name: TITLES['zh-CN'] }).waitFor();
    await page.getByText('省心、省钱、省力').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.locator('[data-testid="server-status"][data-state="ready"]').waitFor();
    await screenshot(page, 'zh-CN');
  });

  test('shows the database as ready (embedded PGlite)', async () => {
    const page = await openPage('/');
    const status = page.locator('[data-testid="server-status"][data-state="ready"]');
    await status.waitFor();
    expect(await status.textContent()).toBe('伺服器就緒（資料庫：pglite）');

    const readyz = await fetch(`${portal.url}/readyz`);
    const body: unknown = await readyz.json();
    expect(body).toMatchObject({ success: true, code: 200, result: { status: 'ready', database: 'pglite' } });
  });

  test('serves the app on a deep SPA path such as /user/login', async () => {
    const page = await openPage('/user/login');
    await page.getByRole('heading', { name: TITLES['zh-TW'] }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
  });

  test('renders the API documentation under the portal\'s content security policy', async () => {
    const page = await openPage('/api/docs');
    await expect.poll(() => page.getByText('Merchant portal API').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('/api/sys/permission/getUserPermissionByToken').count()).toBeGreaterThan(0);
  });
});
