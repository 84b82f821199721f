import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PlatformTokenOverview, PlatformTokenRecord } from '@portal/shared/purchase-token';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderUi, stubFetch, refuse, type FetchCall } from '../../../test/render-ui.tsx';
import { signIn } from '../../../test/fixtures.ts';
import { goTo } from '../components/platform-token-panel.tsx';
import { TaobaoGlobalTokenConfigPage } from './taobao-global-token-config-page.tsx';

const ALL = ['config:taobao-global-token:list', 'config:taobao-global-token:edit', 'config:taobao-global-token:delete', 'config:taobao-global-token:authorize', 'config:taobao-global-token:refresh'];

const unset = (platform: 'TAOBAO' | '1688'): PlatformTokenRecord => ({ platform, status: 'UNSET', appKeyMasked: '', appSecretSet: false, redirectUri: '', accountName: '', authorizedAt: null, accessExpiresAt: null, refreshExpiresAt: null, lastRefreshAt: null, lastRefreshError: '', warning: null, updatedAt: null });
const active: PlatformTokenRecord = {
  ...unset('TAOBAO'),
  status: 'ACTIVE',
  appKeyMasked: '50**23',
  appSecretSet: true,
  redirectUri: 'https://portal.example/config/taobao-global-token',
  accountName: 'buyer@taobao',
  authorizedAt: '2026-11-01T08:00:00.000Z',
  accessExpiresAt: '2026-11-28T08:00:00.000Z',
  refreshExpiresAt: '2026-12-05T08:00:00.000Z',
  warning: 'REFRESH_EXPIRING',
};
const overview = (records: PlatformTokenRecord[], extra: Partial<PlatformTokenOverview> = {}): PlatformTokenOverview => ({ records, mode: 'demo', canStoreSecrets: true, suggestedRedirectPath: '/config/taobao-global-token', ...extra });

function renderPage(path = '/config/taobao-global-token') {
  const router = createMemoryRouter([{ path: '/config/taobao-global-token', Component: TaobaoGlobalTokenConfigPage }], { initialEntries: [path] });
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe('the platforms’ token configuration page', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('shows the state without the secret, warns before the refresh token runs out, and says it is the demo', async () => {
    signIn(ALL);
    stubFetch(() => overview([active, unset('1688')]));
    renderPage();
    const panel = await screen.findByTestId('token-panel-TAOBAO');
    expect(within(panel).getByTestId('token-status-TAOBAO').textContent).toBe('Active');
    expect(panel.textContent).toContain('50**23');
    expect(panel.textContent).toContain('Set (never shown again)');
    expect(panel.textContent).toContain('buyer@taobao');
    expect(screen.getByTestId('token-warning-TAOBAO').textContent).toContain('The refresh token runs out on');
    expect(screen.getByTestId('token-mode').textContent).toContain('Demo mode');
    // the secret field is a password field that starts empty
    const secret = document.getElementById('token-TAOBAO_appSecret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
  });

  test('saves the app key, the secret and the redirect URI; the secret field is emptied after saving', async () => {
    signIn(ALL);
    let saved: FetchCall | undefined;
    stubFetch((call) => {
      if (call.method === 'PUT') {
        saved = call;
        return { ...unset('TAOBAO'), status: 'UNAUTHORIZED', appKeyMasked: '50**23', appSecretSet: true };
      }
      return overview([unset('TAOBAO'), unset('1688')]);
    });
    renderPage();
    await screen.findByTestId('token-panel-TAOBAO');
    // the redirect URI is suggested (this page) once the form has taken the record: typing before that was undone
    // by it on a loaded machine, and the save refused the emptied fields
    await waitFor(() => expect((document.getElementById('token-TAOBAO_redirectUri') as HTMLInputElement).value).toMatch(/\/config\/taobao-global-token$/));
    fireEvent.change(document.getElementById('token-TAOBAO_appKey') as HTMLInputElement, { target: { value: '500123' } });
    fireEvent.change(document.getElementById('token-TAOBAO_appSecret') as HTMLInputElement, { target: { value: 'the-secret' } });
    fireEvent.click(screen.getByTestId('token-save-TAOBAO'));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.url.pathname).toBe('/api/purchase/token/edit');
    expect(saved?.body).toMatchObject({ platform: 'TAOBAO', appKey: '500123', appSecret: 'the-secret' });
    await waitFor(() => expect((document.getElementById('token-TAOBAO_appSecret') as HTMLInputElement).value).toBe(''));
  });

  test('keeps what is not retyped: the stored redirect URI, and an empty secret (the server keeps the stored one)', async () => {
    signIn(ALL);
    const stored = { ...active, redirectUri: 'https://erp.example.com/oauth/taobao' };
    const calls = stubFetch((call) => (call.method === 'PUT' ? stored : overview([stored, unset('1688')])));
    renderPage();
    await waitFor(() => expect((document.getElementById('token-TAOBAO_redirectUri') as HTMLInputElement).value).toBe(stored.redirectUri));
    // the app key is write-only (the record holds it masked): the one field to type again
    fireEvent.change(document.getElementById('token-TAOBAO_appKey') as HTMLInputElement, { target: { value: '500123' } });
    fireEvent.click(screen.getByTestId('token-save-TAOBAO'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ platform: 'TAOBAO', appKey: '500123', appSecret: '', redirectUri: stored.redirectUri });
  });

  test('Authorize opens the platform’s authorize address', async () => {
    signIn(ALL);
    const opened = vi.spyOn(goTo, 'url').mockImplementation(() => undefined);
    stubFetch((call) => (call.method === 'POST' ? { url: 'https://api.taobao.global/oauth/authorize?client_id=500123&state=abc', expiresAt: '2026-11-27T19:00:00.000Z' } : overview([active, unset('1688')])));
    renderPage();
    fireEvent.click(await screen.findByTestId('token-authorize-TAOBAO'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://api.taobao.global/oauth/authorize?client_id=500123&state=abc'));
  });

  test('back from the platform with a code and a state, the page completes the authorisation once and drops them from the address', async () => {
    signIn(ALL);
    const calls = stubFetch((call) => (call.method === 'POST' ? { ...active, platform: '1688', warning: null } : overview([unset('TAOBAO'), { ...active, platform: '1688', warning: null }])));
    const router = renderPage('/config/taobao-global-token?code=the-code&state=the-state');
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/purchase/token/callback')).toHaveLength(1));
    expect(calls.find((call) => call.url.pathname === '/api/purchase/token/callback')?.body).toEqual({ code: 'the-code', state: 'the-state' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // the tab of the platform just authorised is shown
    await waitFor(() => expect(screen.getByTestId('token-status-1688').textContent).toBe('Active'));
  });

  test('a refresh that fails shows the server’s reason; without the key the form is disabled and says why', async () => {
    signIn(ALL);
    stubFetch((call) => (call.method === 'POST' ? refuse(503, 'The platform cannot be reached right now (unavailable)') : overview([{ ...active, warning: 'REFRESH_FAILED', lastRefreshError: 'unavailable (isp.ServiceUnavailable)' }, unset('1688')], { canStoreSecrets: false })));
    renderPage();
    expect((await screen.findByTestId('token-warning-TAOBAO')).textContent).toContain('unavailable (isp.ServiceUnavailable)');
    expect(screen.getByTestId('token-no-key').textContent).toContain('PURCHASE_SECRET_KEY');
    expect((document.getElementById('token-TAOBAO_appKey') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('token-refresh-TAOBAO'));
    expect(await screen.findByText('The platform cannot be reached right now (unavailable)')).toBeTruthy();
  });

  test('without the buttons’ codes only the state is shown', async () => {
    signIn(['config:taobao-global-token:list']);
    stubFetch(() => overview([active, unset('1688')]));
    renderPage();
    await screen.findByTestId('token-panel-TAOBAO');
    expect(screen.queryByTestId('token-save-TAOBAO')).toBeNull();
    expect(screen.queryByTestId('token-authorize-TAOBAO')).toBeNull();
    expect(screen.queryByTestId('token-refresh-TAOBAO')).toBeNull();
    expect(screen.queryByTestId('token-delete-TAOBAO')).toBeNull();
  });
});
