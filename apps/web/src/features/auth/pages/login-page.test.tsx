import { afterEach, beforeAll, afterAll, describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
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
    expect(fetchMock).not.toHaveBeenCalled();
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
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
