import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { changeLanguage } from '../../../lib/i18n.ts';
import { RegisterResultPage, registeredState } from './register-result-page.tsx';

beforeAll(() => changeLanguage('en-US'));
afterAll(() => changeLanguage('zh-TW'));
afterEach(() => cleanup());

function renderAt(entry: InitialEntry) {
  const router = createMemoryRouter(
    [
      { path: '/user/register-result', Component: RegisterResultPage },
      { path: '/user/login', Component: () => <p>login page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the registration result', () => {
  test('right after a registration: the new account and the way to sign in with it', async () => {
    renderAt({ pathname: '/user/register-result', state: registeredState({ username: 'acme_main', company: 'Acme Trading' }) });
    expect((await screen.findByTestId('register-result-account')).textContent).toBe('The main account acme_main of Acme Trading was created: you can sign in with it now.');
  });

  test('opened by its address alone, it says nobody registered anything: the visitor goes to sign in, the redirect kept', async () => {
    const router = renderAt('/user/register-result?username=someone&company=Fake&redirect=%2Fwallet');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/user/login?redirect=%2Fwallet');
    expect(screen.queryByTestId('register-result-account')).toBeNull();
  });
});
