import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import type { UserInfo } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { LOGIN_PATH } from '../lib/paths.ts';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';
import { testUser } from '../test/fixtures.ts';
import { refuse, stubFetch, type FetchCall } from '../test/render-ui.tsx';
import { PasswordChangeGate } from './password-change-gate.tsx';
import { passwordChangePending } from './session-loader.ts';

/*
 * The screen of a user whose password an administrator reset: the main route's loader (app/routes.tsx) shows
 * it instead of the portal while passwordChangePending says so; here a route of the same two outcomes.
 */

const GENERATED = 'Kq7mWx3Rt9PbZe';
const CHOSEN = 'Chosen#2027';

function Main() {
  const shown = useLoaderData() as 'gate' | 'portal';
  return shown === 'gate' ? <PasswordChangeGate /> : <p>the portal</p>;
}

function renderPortal() {
  const router = createMemoryRouter(
    [
      { path: LOGIN_PATH, Component: () => <p>the sign-in page</p> },
      { path: '*', loader: async () => ((await passwordChangePending()) ? 'gate' : 'portal'), Component: Main, HydrateFallback: () => null },
    ],
    { initialEntries: ['/system/user'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Signed in, as the sign-in answer left it. */
function signedInAs(userInfo: UserInfo) {
  storage.set(STORAGE_KEYS.token, 'token-of-the-session', 60_000);
  useAuth.setState({ token: 'token-of-the-session', userInfo, permissions: null });
}

/** The server: the user info as `required` says, the change answered by `changed`. */
function server(required: { now: boolean }, changed: (call: FetchCall) => unknown = () => null): FetchCall[] {
  return stubFetch((call) => {
    if (call.url.pathname === '/api/user/info') return testUser({ passwordChangeRequired: required.now });
    if (call.url.pathname === '/api/sys/user/updatePassword') {
      const answer = changed(call);
      if (!(answer instanceof Response)) required.now = false;
      return answer;
    }
    if (call.url.pathname === '/api/sys/logout') return null;
    return refuse(403, 'An administrator set your password: change it before you continue');
  });
}

const dialog = () => screen.findByRole('dialog');

beforeEach(() => changeLanguage('en-US'));
afterEach(() => {
  useAuth.setState({ token: null, userInfo: null, permissions: null });
  vi.unstubAllGlobals();
});
afterAll(() => changeLanguage('zh-TW'));

describe('the change a reset password asks for', () => {
  test('cannot be dismissed, asks for the given password and a new one twice, then opens the page asked for', async () => {
    const user = userEvent.setup();
    const calls = server({ now: true });
    signedInAs(testUser({ passwordChangeRequired: true }));
    renderPortal();
    const shown = await dialog();
    expect(within(shown).getByText('Change your password')).toBeTruthy();
    expect(within(shown).getByText(/An administrator set your password/)).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    // no way past it but the change or signing out
    expect(within(shown).queryByRole('button', { name: /close/i })).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.type(within(shown).getByLabelText('Old password'), GENERATED);
    await user.type(within(shown).getByLabelText('New password'), CHOSEN);
    await user.type(within(shown).getByLabelText('Confirm new password'), CHOSEN);
    await user.click(within(shown).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('the portal')).toBeTruthy();
    const change = calls.find((call) => call.url.pathname === '/api/sys/user/updatePassword');
    expect(change?.body).toEqual({ username: 'merchant', oldpassword: GENERATED, password: CHOSEN, confirmpassword: CHOSEN });
    expect(useAuth.getState().userInfo?.passwordChangeRequired).toBe(false);
    // nothing but the change screen's calls was made before the change
    const before = calls.slice(0, calls.indexOf(change!)).map((call) => call.url.pathname);
    expect(before.every((path) => path === '/api/user/info')).toBe(true);
  });

  test('tells a wrong given password under its field, and stays', async () => {
    const user = userEvent.setup();
    server({ now: true }, () => new Response(JSON.stringify({ success: false, message: 'The old password is wrong', code: 400, result: null, timestamp: 0 }), { headers: { 'Content-Type': 'application/json' } }));
    signedInAs(testUser({ passwordChangeRequired: true }));
    renderPortal();
    const shown = await dialog();
    await user.type(within(shown).getByLabelText('Old password'), 'NotIt2026x');
    await user.type(within(shown).getByLabelText('New password'), CHOSEN);
    await user.type(within(shown).getByLabelText('Confirm new password'), CHOSEN);
    await user.click(within(shown).getByRole('button', { name: 'OK' }));
    expect(await within(shown).findByText('The old password is wrong')).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    expect(useAuth.getState().userInfo?.passwordChangeRequired).toBe(true);
  });

  test('signs out instead, to the sign-in page', async () => {
    const user = userEvent.setup();
    const calls = server({ now: true });
    signedInAs(testUser({ passwordChangeRequired: true }));
    renderPortal();
    await user.click(within(await dialog()).getByTestId('password-change-sign-out'));
    expect(await screen.findByText('the sign-in page')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/sys/logout')).toBe(true);
    expect(useAuth.getState().token).toBeNull();
  });

  test('a reload asks the server, which may know the change is done', async () => {
    server({ now: false });
    signedInAs(testUser({ passwordChangeRequired: true }));
    renderPortal();
    expect(await screen.findByText('the portal')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAuth.getState().userInfo?.passwordChangeRequired).toBe(false);
  });

  test('asks nothing of a user whose password was not reset', async () => {
    const calls = server({ now: false });
    signedInAs(testUser());
    renderPortal();
    expect(await screen.findByText('the portal')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test.each([
    ['zh-TW', '請修改密碼', '登出', /您的密碼由管理員設定/],
    ['zh-CN', '请修改密码', '退出登录', /您的密码由管理员设置/],
  ] as const)('speaks %s', async (language, title, signOut, intro) => {
    await changeLanguage(language);
    server({ now: true });
    signedInAs(testUser({ passwordChangeRequired: true }));
    renderPortal();
    const shown = await dialog();
    await waitFor(() => expect(within(shown).getByText(title)).toBeTruthy());
    expect(within(shown).getByText(intro)).toBeTruthy();
    expect(within(shown).getByTestId('password-change-sign-out').textContent?.replace(/\s/g, '')).toBe(signOut);
  });
});
