import { afterEach, beforeAll, afterAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage } from '../../../lib/i18n.ts';
import { leaveNotice } from '../../../lib/notice.ts';
import { LoginPage } from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await changeLanguage('zh-CN');
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh-TW');
});
afterEach(() => fetchMock.mockReset());

/** What was sent besides the sign-in types the page asks for when it opens. */
const sentBesidesTypes = () => fetchMock.mock.calls.filter(([url]) => !String(url).includes('/sys/common/getAllType'));
const answer = (result: unknown, success = true, message = '') =>
  new Response(JSON.stringify({ success, message, code: success ? 200 : 401, result, timestamp: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });

function renderPage(path = '/user/login') {
  const router = createMemoryRouter([{ path: '/user/login', Component: LoginPage }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('the login page (plain form)', () => {
  test('shows once why the portal sent the user back here', () => {
    leaveNotice('请求用户信息失败，请重试！');
    renderPage();
    expect(screen.getByTestId('login-error').textContent).toBe('请求用户信息失败，请重试！');
    // a later visit has nothing to say
    renderPage();
    expect(screen.getAllByTestId('login-error')).toHaveLength(1);
  });

  test('fills the username the registration result passes, and asks for the password before sending anything', () => {
    renderPage('/user/login?username=acme_1');
    expect((document.getElementById('login_username') as HTMLInputElement).value).toBe('acme_1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.queryByText('请输入用户名')).toBeNull();
    expect(sentBesidesTypes()).toEqual([]);
  });

  test('switches the way in with the arrow keys, as a tab list does', () => {
    renderPage();
    const [byPassword, byPhone] = screen.getAllByRole('tab');
    expect(byPassword?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(byPassword as HTMLElement, { key: 'ArrowRight' });
    expect(byPhone?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(byPhone);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(byPhone?.id);
    expect(document.getElementById('phoneLogin_mobile')).not.toBeNull();
    fireEvent.keyDown(byPhone as HTMLElement, { key: 'ArrowRight' });
    expect(byPassword?.getAttribute('aria-selected')).toBe('true');
  });

  test('asks for a valid number before it requests an SMS code', () => {
    renderPage();
    fireEvent.click(screen.getAllByRole('tab')[1] as HTMLElement);
    fireEvent.click(screen.getByTestId('phoneLogin-send-code'));
    expect(screen.getByText('请输入手机号码')).toBeTruthy();
    fireEvent.change(document.getElementById('phoneLogin_mobile') as HTMLInputElement, { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('phoneLogin-send-code'));
    expect(screen.getByText(/手机号码格式不正确/)).toBeTruthy();
    expect(sentBesidesTypes()).toEqual([]);
  });

  test('offers the deployment\'s provider when getAllType lists one, carrying ?redirect=', async () => {
    fetchMock.mockResolvedValue(answer([{ type: 'password', kind: 'password' }, { type: 'phone', kind: 'phone' }, { type: 'oidc', kind: 'third', name: 'Company SSO', renderUrl: '/api/thirdLogin/render/oidc' }]));
    renderPage('/user/login?redirect=%2Fsystem%2Fuser');
    const button = await screen.findByTestId('third-login-oidc');
    expect(button.textContent).toBe('使用 Company SSO 登录');
  });

  test('offers no provider when there is none', async () => {
    fetchMock.mockResolvedValue(answer([{ type: 'password', kind: 'password' }, { type: 'phone', kind: 'phone' }]));
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('third-party-sign-in')).toBeNull();
  });

  test.each([
    ['pending', '您的第三方账号尚未绑定本系统的用户，需经管理员核准后才能登录。'],
    ['rejected', '您的第三方账号已被管理员驳回，无法登录。'],
    ['failed', '第三方登录失败或已超时，请重新登录。'],
  ])('says why the provider\'s way back did not sign in (%s)', (error, text) => {
    renderPage(`/user/login?thirdError=${error}`);
    expect(screen.getByTestId('third-login-message').textContent).toBe(text);
  });

  test('says it in the language chosen after it came', async () => {
    renderPage('/user/login?thirdError=failed');
    expect(screen.getByTestId('third-login-message').textContent).toBe('第三方登录失败或已超时，请重新登录。');
    await act(() => changeLanguage('en-US'));
    expect(screen.getByTestId('third-login-message').textContent).toBe('The third-party sign-in failed or timed out, please sign in again.');
    await act(() => changeLanguage('zh-CN'));
  });

  test('trades the ticket of the way back once, and says when it is refused', async () => {
    fetchMock.mockImplementation(async (url) => (String(url).includes('/thirdLogin/getLoginUser/') ? answer(null, false, '第三方登录凭证无效或已过期，请重新登录') : answer([])));
    renderPage('/user/login?thirdToken=ticket-abc_123');
    expect(await screen.findByTestId('third-login-message')).toBeTruthy();
    expect(screen.getByTestId('third-login-message').textContent).toBe('第三方登录失败或已超时，请重新登录。');
    const trades = fetchMock.mock.calls.filter(([url]) => String(url).includes('/thirdLogin/getLoginUser/'));
    expect(trades).toHaveLength(1);
    expect(String(trades[0]?.[0])).toContain('/thirdLogin/getLoginUser/ticket-abc_123');
  });
});
