import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addUser, portalApi } from './support/api.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { clickOption, signedIn, submitLogin } from './support/portal.ts';
import { PASSWORD, signInByApi, type Role } from './support/sessions.ts';

/** The signed-in portal in a real browser against the real server (embedded database). */
const suite = useBrowserSuite();

const viewport = { width: 1366, height: 860 };
/** A fresh page signed in as `role`, on the home page. */
const homeOf = (role: Role, language?: Language) => signedIn(suite, role, { viewport, ...(language ? { language } : {}) });

const sideMenuTexts = async (page: Page) => (await page.getByTestId('side-menu').getByTestId('menu-title').allTextContents()).map((t) => t.trim());

describe('main layout', () => {
  test('comes back to the requested page after signing in, and signs out with a confirmation', async () => {
    // the sign-in under test: the form, with a session of its own (signing out ends it)
    const page = await suite.newPage({ viewport, language: 'zh-CN' });
    await page.goto('/system/user');
    await page.waitForURL((url) => url.pathname === '/user/login');
    await submitLogin(page, 'merchant');
    await page.waitForURL((url) => url.pathname === '/system/user');
    await page.getByTestId('user-menu').hover();
    await page.getByText('退出登录').click();
    await page.getByText('真的要注销登录吗？').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'))).toBeNull();
    await page.goto('/dashboard/analysis');
    await page.waitForURL((url) => url.pathname === '/user/login');
  });

  test('gives merchant and staff different menus', async () => {
    const page = await homeOf('merchant', 'en-US');
    const merchant = await sideMenuTexts(page);
    expect(merchant).toContain('System Management');
    expect(merchant).toContain('Finance');

    const staffPage = await homeOf('staff', 'en-US');
    const staff = await sideMenuTexts(staffPage);
    expect(staff).toContain('Logistics');
    expect(staff).not.toContain('System Management');
    expect(staff).not.toContain('Finance');
  });

  test('switches language, and the choice survives a reload', async () => {
    const page = await homeOf('merchant');
    expect(await sideMenuTexts(page)).toContain('物流管理');
    await page.getByTestId('language-switch').first().hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => sideMenuTexts(page)).toContain('Logistics');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    expect(await sideMenuTexts(page)).toContain('Logistics');
  });

  test('keeps settings across a reload', async () => {
    const page = await homeOf('merchant', 'zh-CN');
    await page.getByTestId('user-menu').hover();
    await page.getByText('系统设置').click();
    await page.getByRole('radio', { name: '暗色菜单风格' }).click();
    await expect.poll(() => page.locator('.ant-layout-sider-dark').count()).toBe(1);
    await page.reload();
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.locator('.ant-layout-sider-dark').count()).toBe(1);
    expect(await page.evaluate(() => window.localStorage.getItem('pro__PREFERENCES'))).toContain('"menuTheme":"dark"');
  });

  test('checks the change-password form with the spec messages', async () => {
    const page = await homeOf('staff', 'zh-CN');
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入旧密码!').waitFor();
    await dialog.getByText('请输入新密码!').waitFor();
    await dialog.getByText('请确认新密码!').waitFor();
    await dialog.getByLabel('旧密码').fill(PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill('Newpass#2027');
    await dialog.getByLabel('确认新密码').fill('Other#2027');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('两次输入的密码不一样！').waitFor();
  });

  test('switches department', async () => {
    // a user of its own in two departments: the current department is the user's, at the server, and the
    // demo merchant's stays Operations for the files beside this one
    const merchantApi = portalApi(suite, 'zh-CN').as('merchant');
    const username = `switcher_${Date.now().toString(36)}`;
    await addUser(merchantApi, { username, realname: `Switcher ${username}`, roleCode: 'merchant_staff', orgCodes: ['A01A01', 'A01A02'] });
    const page = await signedIn(suite, await signInByApi(suite.portal().url, username), { viewport, language: 'zh-CN' });
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '切换部门' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('切换部门（当前：營運部 Operations）').waitFor();
    await dialog.getByTestId('depart-select').click();
    await clickOption(page.locator('.ant-select-item-option[title="財務部 Finance"]'));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已切换到“財務部 Finance”').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('pro__Login_Userinfo'))).toContain('"orgCode":"A01A02"');
  });

  test('sends an expired session back to the login page', async () => {
    const page = await homeOf('merchant', 'zh-CN');
    // what a session revoked elsewhere looks like to the browser
    await page.evaluate(() => {
      const stored = JSON.parse(window.localStorage.getItem('pro__Access-Token') ?? '{}') as { value: string; expire: number };
      window.localStorage.setItem('pro__Access-Token', JSON.stringify({ ...stored, value: 'x'.repeat(43) }));
    });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/user/login', { timeout: 10_000 });
  });

  test('finds a page by menu search and opens it', async () => {
    const page = await homeOf('merchant', 'en-US');
    await page.getByTestId('menu-search-open').click();
    const search = page.getByRole('combobox', { name: 'Search the menu' });
    await search.waitFor();
    await search.fill('announcement');
    // the option names the page and, beside it, the menu it is in
    const option = page.getByRole('option').filter({ hasText: 'System Announcements' }).first();
    await option.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/dashboard/analysis');
    await page.getByTestId('page-tab').filter({ hasText: 'System Announcements' }).waitFor();
  });

  test('says 403 for a page outside the menu, at its address, and sends an unknown path to 404', async () => {
    const page = await homeOf('warehouse', 'en-US');
    // a finance page: it exists, the warehouse's menu does not have it
    await page.goto('/finance/review/recharge');
    await page.getByText('Sorry, you are not allowed to open this page.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/finance/review/recharge');
    expect(await page.title()).toBe('No permission - Cross-border Shipping Merchant Portal');
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  });

  test('keeps pages open as tabs: state survives switching, home and the last tab stay, the context menu closes others', async () => {
    const page = await homeOf('merchant', 'en-US');
    const tabs = () => page.getByTestId('page-tab').allTextContents();

    await page.getByTestId('side-menu').getByText('System Management').click();
    await page.getByTestId('side-menu').getByText('System Announcements').click();
    const title = page.getByTestId('query-form').locator('input').first();
    await title.fill('typed before switching');
    await page.getByTestId('side-menu').getByText('User Management').click();
    await page.waitForURL((url) => url.pathname === '/system/user');
    // the tab follows the address within a frame or two
    await expect.poll(tabs).toEqual(['Home', 'System Announcements', 'User Management']);

    // back to the announcements: the same page, with what was typed (kept alive, not re-mounted)
    await page.getByTestId('page-tab').filter({ hasText: 'System Announcements' }).click();
    await page.waitForURL((url) => url.pathname === '/system/announcement');
    // the window's title follows the page; once it has, the page's own effects have run again too (a page shown
    // again under its tab runs them), and what was typed is still there
    await expect.poll(() => page.title()).toBe('System Announcements - Cross-border Shipping Merchant Portal');
    await page.waitForTimeout(300);
    expect(await title.inputValue()).toBe('typed before switching');

    // home cannot close: it has no close button (the other tabs have theirs)
    expect(await page.locator('.ant-tabs-tab').filter({ hasText: 'Home' }).locator('.ant-tabs-tab-remove').count()).toBe(0);
    expect(await page.locator('.ant-tabs-tab').filter({ hasText: 'User Management' }).locator('.ant-tabs-tab-remove').count()).toBe(1);

    // the context menu: close the others
    await page.getByTestId('page-tab').filter({ hasText: 'User Management' }).click({ button: 'right' });
    await page.getByText('Close other tabs').click();
    await expect.poll(tabs).toEqual(['Home', 'User Management']);

    // a closed page starts afresh when opened again
    await page.getByTestId('side-menu').getByText('System Announcements').click();
    expect(await page.getByTestId('query-form').locator('input').first().inputValue()).toBe('');
  });
});
