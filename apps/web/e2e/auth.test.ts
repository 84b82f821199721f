import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { addUser, portalApi } from './support/api.ts';
import { HOME, openPage as openPageOf, submitLogin } from './support/portal.ts';
import { PASSWORD } from './support/sessions.ts';

const suite = useBrowserSuite();
const api = portalApi(suite, 'zh-CN');

const openPage = (pathname: string, language: Language = 'zh-TW') => openPageOf(suite, pathname, { language, viewport: { width: 1280, height: 900 } });

/** SMS codes the demo transport wrote to the server log for this number, oldest first. */
function smsCodesFor(phone: string): string[] {
  const codes: string[] = [];
  for (const line of suite.portal().output().split('\n')) {
    if (!line.includes('SMS_PROVIDER=log (demo transport, NOT sent to a phone)')) continue;
    let entry: { sms?: { phone?: string; text?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.sms?.phone !== phone) continue;
    const code = /(?<!\d)\d{6}(?!\d)/.exec(entry.sms.text ?? '')?.[0];
    if (code) codes.push(code);
  }
  return codes;
}

/** Presses the form's "get code" button and returns the code the server then logs (sign-in and reset send it in the background). */
async function requestSmsCode(page: Page, formName: string, phone: string): Promise<string> {
  const before = smsCodesFor(phone).length;
  await page.getByTestId(`${formName}-send-code`).click();
  await expect.poll(() => smsCodesFor(phone).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const code = smsCodesFor(phone).at(-1);
  if (!code) throw new Error(`no SMS code for ${phone} in the server output`);
  return code;
}

async function expectHome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === HOME);
  await page.getByTestId('home-greeting').waitFor();
}

/** A number nobody has: Taiwan mobile 09xxxxxxxx. */
const freshPhone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('public pages: user layout', () => {
  test('shows the title, slogan, company, operator footer and a language switch that remembers', async () => {
    const page = await openPage('/user/login');
    await page.getByRole('heading', { level: 1, name: '跨境集運商家後台' }).waitFor();
    expect(await page.getByTestId('slogan').textContent()).toBe('省心、省錢、省力');
    // the operator's name from /api/sys/site fills the empty session storage
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('跨境集運股份有限公司');
    expect(await page.evaluate(() => window.sessionStorage.getItem('pro__TENANT_NAME'))).toBe('跨境集運股份有限公司');
    const footer = page.getByTestId('user-footer');
    await footer.getByText('Copyright © 2019 - 2024 跨境集運股份有限公司').waitFor();
    await footer.getByText('粤ICP备00000000号-1').waitFor();
    await footer.getByText('粤公网安备00000000000000号').waitFor();
    expect(await footer.getByRole('link', { name: '物流追蹤頁 Tracking Page' }).getAttribute('href')).toBe('/track');

    await page.getByTestId('user-language-switch').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cross-border Shipping Merchant Portal' }).waitFor();
    expect(await page.getByTestId('slogan').textContent()).toBe('Save worry, save money, save effort');
    await footer.getByRole('link', { name: 'Tracking Page' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await page.reload();
    await page.getByRole('tab', { name: 'Password', exact: true }).waitFor();
    await page.getByTestId('user-language-switch').getByRole('button', { name: '简体中文' }).click();
    await page.getByRole('tab', { name: '账号密码登录' }).waitFor();
    expect(await page.getByTestId('slogan').textContent()).toBe('省心、省钱、省力');
  });

  test('shows the tracking page, with the number, on every path containing /yesstyleTrack, without a session', async () => {
    const page = await openPage('/yesstyleTrack/YS123456789TW', 'en-US');
    await page.getByRole('heading', { level: 2, name: 'Track a shipment' }).waitFor();
    expect(await page.locator('#track_numbers').inputValue()).toBe('YS123456789TW');
    await page.getByTestId('track-not-found').waitFor();
    await page.goto('/m/yesstyleTrack/YS1/detail');
    await page.waitForURL((url) => url.pathname === '/yesstyleTrack/YS1/detail');
    await page.getByTestId('track-not-found').waitFor();
    expect(await page.locator('#track_numbers').inputValue()).toBe('YS1');
    await page.goto('/track');
    await page.getByRole('heading', { level: 2, name: 'Track a shipment' }).waitFor();
    expect(await page.locator('#track_numbers').inputValue()).toBe('');
    expect(await page.getByTestId('track-result').count()).toBe(0);
    await page.goto('/user');
    await page.waitForURL((url) => url.pathname === '/user/login');
  });
});

describe('sign-in', () => {
  test('by username and password, home by default; a wrong password is told on the form', async () => {
    const page = await openPage('/user/login');
    await submitLogin(page, 'merchant', 'not-the-password');
    await page.getByTestId('login-error').getByText('帳號或密碼錯誤').waitFor();
    await submitLogin(page, 'merchant');
    await expectHome(page);
    const stored = await page.evaluate(() => ({ token: window.localStorage.getItem('pro__Access-Token'), user: window.localStorage.getItem('pro__Login_Userinfo'), dicts: window.localStorage.getItem('pro__UI_CACHE_DB_DICT_ALL_ITEMS') }));
    const token = JSON.parse(stored.token ?? 'null') as { value: string; expire: number } | null;
    expect(token?.value).toMatch(/\S{20,}/);
    // spec §4: 7 days
    expect(Math.abs((token?.expire ?? 0) - Date.now() - 604_800_000)).toBeLessThan(60_000);
    expect(stored.user).toContain('"username":"merchant"');
    expect(stored.dicts).not.toBeNull();
  });

  test('by phone and SMS code, with the countdown before another code', async () => {
    const page = await openPage('/user/login');
    await page.getByRole('tab', { name: '手機號碼登入' }).click();
    await page.locator('#phoneLogin_mobile').fill('0912000001');
    const code = await requestSmsCode(page, 'phoneLogin', '0912000001');
    await page.getByTestId('phoneLogin-sms-notice').getByText('若此號碼已註冊，驗證碼已發送，5 分鐘內有效').waitFor();
    const sendButton = page.getByTestId('phoneLogin-send-code');
    expect(await sendButton.isDisabled()).toBe(true);
    expect(await sendButton.textContent()).toMatch(/^(60|59|58) 秒後重新獲取$/);

    // a wrong code first: the server's message on the form, and the right one still works afterwards
    await page.locator('#phoneLogin_captcha').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('phone-login-submit').click();
    await page.getByTestId('phone-login-error').getByText('驗證碼錯誤或已失效，請重新獲取').waitFor();
    await page.locator('#phoneLogin_captcha').fill(code);
    await page.getByTestId('phone-login-submit').click();
    await expectHome(page);
    expect(await page.getByTestId('home-greeting').textContent()).toContain('陳大文');
  });

  test('goes back to the page asked for, and never to another site', async () => {
    const page = await openPage('/logistics/international-order?status=WHIN');
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/logistics/international-order?status=WHIN');
    await submitLogin(page, 'merchant');
    await page.waitForURL((url) => url.pathname === '/logistics/international-order' && url.search === '?status=WHIN');

    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`/user/login?redirect=${encodeURIComponent('//evil.example.com/x')}`);
    await submitLogin(page, 'merchant');
    await expectHome(page);
  });

  test('sends a signed-in user who opens the login page home', async () => {
    const page = await openPage('/user/login');
    await submitLogin(page, 'staff');
    await expectHome(page);
    await page.goto('/user/login');
    await expectHome(page);
    await page.goto('/user/login?redirect=%2Flogistics%2Fpackage');
    await expectHome(page);
    // /test goes to its home, in the user layout with the signed-in tenant's name from session storage
    await page.goto('/test');
    await page.waitForURL((url) => url.pathname === '/test/home');
    await page.getByRole('heading', { name: '測試首頁' }).waitFor();
    expect(await page.getByTestId('company-name').textContent()).toBe(await page.evaluate(() => window.sessionStorage.getItem('pro__TENANT_NAME')));
  });
});

describe('registration', () => {
  test('registers a new merchant end to end, then signs in as it', async () => {
    const page = await openPage('/user/register', 'en-US');
    const username = `acme_${Date.now().toString(36)}`;
    const phone = freshPhone();
    await page.getByRole('heading', { name: 'Register a merchant account' }).waitFor();

    // the client-side rules first: nothing is sent while they fail
    await page.locator('#register_username').fill('ab');
    await page.locator('#register_password').fill('password');
    await page.locator('#register_confirmPassword').fill('Password1');
    await page.getByTestId('register-submit').click();
    await page.getByText('Company name is required').waitFor();
    await page.getByText('This username is not allowed').waitFor();
    await page.getByText('This password is not allowed').waitFor();
    await page.getByText('The two passwords do not match!').waitFor();
    await page.getByText('SMS code is required').waitFor();

    await page.locator('#register_companyName').fill('Acme Trading');
    await page.locator('#register_username').fill(username);
    await page.locator('#register_phone').fill(phone);
    const code = await requestSmsCode(page, 'register', phone);
    await page.getByTestId('register-sms-notice').getByText('The code was sent; it is valid for 5 minutes').waitFor();
    await page.locator('#register_smsCode').fill(code);
    await page.locator('#register_password').fill('NewMerchant2026');
    await page.locator('#register_confirmPassword').fill('NewMerchant2026');
    await page.getByTestId('register-submit').click();

    await page.waitForURL((url) => url.pathname === '/user/register-result');
    expect(await page.getByTestId('register-result-account').textContent()).toBe(`The main account ${username} of Acme Trading was created: you can sign in with it now.`);
    await page.getByTestId('register-result-sign-in').click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    // the new account is already in the form
    expect(await page.locator('#login_username').inputValue()).toBe(username);
    await page.locator('#login_password').fill('NewMerchant2026');
    await page.getByTestId('login-submit').click();
    await expectHome(page);
    expect(await page.evaluate(() => window.sessionStorage.getItem('pro__TENANT_NAME'))).toBe('Acme Trading');
    expect(await page.getByTestId('home-tenant').textContent()).toBe('Acme Trading');
    // a new tab of the same browser starts with an empty session storage: home still names the company
    const tab = await page.context().newPage();
    await tab.goto(HOME);
    await tab.getByTestId('home-greeting').waitFor();
    expect(await tab.getByTestId('home-tenant').textContent()).toBe('Acme Trading');
    await tab.close();
  });

  test("shows the server's refusal of a number already registered", async () => {
    const page = await openPage('/user/register');
    await page.locator('#register_phone').fill('0912000001');
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-sms-notice').getByText('該手機號碼已註冊').waitFor();
  });
});

describe('forgotten password', () => {
  test('resets the password in steps, then signs in with the new one and not the old one', async () => {
    // a user of this test's own, with a phone: the demo's users keep their password for the other files
    const username = `reset_${Date.now().toString(36)}`;
    const realname = `Reset ${username}`;
    const phone = freshPhone();
    await addUser(api.as('merchant'), { username, realname, phone, roleCode: 'merchant_staff' });

    const page = await openPage('/user/alteration', 'zh-CN');
    await page.getByRole('heading', { name: '找回密码' }).waitFor();
    await page.locator('#alteration_phone').fill(phone);
    const code = await requestSmsCode(page, 'alteration', phone);
    await page.locator('#alteration_smsCode').fill(code);
    await page.getByTestId('alteration-next').click();

    await page.locator('#alterationPassword_password').fill('Reset2026abc');
    await page.locator('#alterationPassword_confirmPassword').fill('Reset2026abd');
    await page.getByTestId('alteration-submit').click();
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.locator('#alterationPassword_confirmPassword').fill('Reset2026abc');
    await page.getByTestId('alteration-submit').click();
    await page.getByText('密码已重置').waitFor();

    await page.getByTestId('alteration-sign-in').click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await submitLogin(page, username, PASSWORD);
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    await submitLogin(page, username, 'Reset2026abc');
    await expectHome(page);
    expect(await page.getByTestId('home-greeting').textContent()).toContain(realname);
  });
});
