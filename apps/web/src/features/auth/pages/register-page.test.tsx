import { afterEach, beforeAll, afterAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage } from '../../../lib/i18n.ts';
import { RegisterPage } from './register-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await changeLanguage('en-US');
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh-TW');
});
afterEach(() => fetchMock.mockReset());

const json = (result: unknown, success = true) => new Response(JSON.stringify({ success, message: success ? '' : String(result), code: success ? 200 : 500, result: success ? result : null, timestamp: 0 }), { headers: { 'content-type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/user/register', Component: RegisterPage },
      { path: '/user/register-result', Component: () => <p>result page</p> },
    ],
    { initialEntries: ['/user/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const fill = (id: string, value: string) => fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
const blur = (id: string) => fireEvent.blur(document.getElementById(id) as HTMLInputElement);

describe('the register page (plain form)', () => {
  test('checks every rule on submit, says what is wrong next to each field and sends nothing', async () => {
    renderPage();
    fill('register_username', 'ab');
    fill('register_password', 'password');
    fill('register_confirmPassword', 'Password1');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('This username is not allowed')).toBeTruthy();
    expect(screen.getByText('This password is not allowed')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match!')).toBeTruthy();
    expect(screen.getByText('SMS code is required')).toBeTruthy();
    expect(document.getElementById('register_username')?.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('checks fields as they are typed, the phone number when it is left, and the confirmation again when the password changes', async () => {
    renderPage();
    fill('register_username', 'ab-');
    expect(screen.getByText('This username is not allowed')).toBeTruthy();
    fill('register_username', 'abc_1');
    expect(screen.queryByText('This username is not allowed')).toBeNull();

    fill('register_phone', '12345');
    expect(screen.queryByText(/Invalid mobile number/)).toBeNull();
    blur('register_phone');
    expect(await screen.findByText(/Invalid mobile number/)).toBeTruthy();
    fill('register_phone', '0912345678');
    expect(screen.queryByText(/Invalid mobile number/)).toBeNull();

    fill('register_password', 'Secret2026');
    fill('register_confirmPassword', 'Secret2026');
    expect(screen.queryByText('The two passwords do not match!')).toBeNull();
    fill('register_password', 'Secret2027');
    expect(screen.getByText('The two passwords do not match!')).toBeTruthy();
  });

  test('sends the trimmed form once, shows the server refusal, and goes to the result page on success', async () => {
    const router = renderPage();
    fill('register_companyName', '  Acme Trading ');
    fill('register_username', 'acme_1');
    fill('register_phone', '0912345678');
    fill('register_smsCode', '123456');
    fill('register_password', 'Secret2026');
    fill('register_confirmPassword', 'Secret2026');

    fetchMock.mockResolvedValueOnce(json('The SMS code is wrong or has expired', false));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toBe('The SMS code is wrong or has expired');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({ companyName: 'Acme Trading', username: 'acme_1', phone: '0912345678', smsCode: '123456', password: 'Secret2026', confirmPassword: 'Secret2026' });

    fetchMock.mockResolvedValueOnce(json({ tenantId: 9, username: 'acme_1' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/register-result'));
    expect(router.state.location.search).toBe('?username=acme_1&company=Acme+Trading');
  });
});
