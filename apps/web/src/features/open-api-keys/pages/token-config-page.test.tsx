import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCOPE_PERMISSIONS } from '@portal/shared/open-api';
import type { ApiKeyRecord } from '@portal/shared/open-api-keys';
import { changeLanguage } from '../../../lib/i18n.ts';
import { pageOf, renderUi, refuse, stubFetch } from '../../../test/render-ui.tsx';
import { signIn } from '../../../test/fixtures.ts';
import { TokenConfigPage } from './token-config-page.tsx';

// the key screen's buttons and the rights of every scope (a key holds only what its maker holds)
const ALL = ['config:token:list', 'config:token:add', 'config:token:edit', 'config:token:delete', 'config:token:reset-secret', ...new Set(Object.values(SCOPE_PERMISSIONS).flat())];
const KEY = 'mpk_AbCdEfGh0123456789abcdefghijklmnopqrstuv';

const record = (extra: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: 7,
  name: 'ERP',
  scopes: ['orders:read', 'tracking:read'],
  ipAllowList: ['203.0.113.0/24'],
  expiresAt: '2027-02-01T00:00:00.000Z',
  status: 'ACTIVE',
  revokedAt: null,
  shown: 'mpk_AbCdEfGh',
  previousShown: null,
  previousUntil: null,
  lastUsedAt: '2026-11-27T08:00:00.000Z',
  lastUsedIp: '198.51.100.7',
  createdBy: 'merchant',
  holder: 'merchant',
  holderState: 'ACTIVE',
  unheldScopes: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...extra,
});

/** A scope's checkbox (the test id is on the checkbox's input or around it). */
function tick(scope: string) {
  const element = screen.getByTestId(`api-key-scope-${scope}`);
  fireEvent.click(element.tagName === 'INPUT' ? element : element.querySelector('input')!);
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/config/token', Component: TokenConfigPage }], { initialEntries: ['/config/token'] });
  renderUi(<RouterProvider router={router} />);
}

describe('the token configuration page', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('lists keys by their shown prefix with status, translated scopes and last use; never a whole key', async () => {
    signIn(ALL);
    stubFetch(() => pageOf([record({ previousShown: 'mpk_OldOld12', previousUntil: '2026-11-28T08:00:00.000Z' }), record({ id: 8, name: 'Old', status: 'REVOKED', lastUsedAt: null, lastUsedIp: '' })]));
    renderPage();
    const row = (await screen.findByText('ERP', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(row.textContent).toContain('mpk_AbCdEfGh…');
    expect(row.textContent).toContain('Read orders');
    expect(row.textContent).toContain('Read tracking');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('198.51.100.7');
    expect(within(row).getByTestId('api-key-previous').textContent).toContain('Old key mpk_OldOld12');
    const revoked = screen.getByText('Old').closest('tr')!;
    expect(revoked.textContent).toContain('Revoked');
    expect(revoked.textContent).toContain('Never used');
    // a revoked key has no action left
    expect(within(revoked).queryByTestId('api-key-edit')).toBeNull();
    expect(within(revoked).queryByTestId('api-key-roll')).toBeNull();
  });

  test('creates a key and shows it once with a copy button and a warning; closes only by its button', async () => {
    signIn(ALL);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubFetch((call) => (call.method === 'POST' ? { record: record(), key: KEY } : pageOf([])));
    renderPage();
    fireEvent.click(await screen.findByTestId('api-key-add'));
    fireEvent.change(await screen.findByTestId('api-key-name'), { target: { value: ' ERP ' } });
    tick('orders:write');
    fireEvent.click(screen.getByTestId('api-key-expiry-30'));
    fireEvent.change(screen.getByTestId('api-key-ips'), { target: { value: '203.0.113.10\n\n2001:db8::/32' } });
    fireEvent.click(screen.getByTestId('api-key-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.url.pathname).toBe('/api/config/api-key/add');
    expect(sent.body).toMatchObject({ name: 'ERP', scopes: ['orders:write'], ipAllowList: ['203.0.113.10', '2001:db8::/32'] });
    const days = (Date.parse((sent.body as { expiresAt: string }).expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);
    expect(((await screen.findByTestId('key-once-value')) as HTMLInputElement).value).toBe(KEY);
    expect(screen.getByTestId('key-once-warning').textContent).toContain('cannot be shown again');
    fireEvent.click(screen.getByTestId('key-once-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    fireEvent.click(screen.getByTestId('key-once-done'));
  });

  test('says what is wrong before sending: name, scopes, an IP entry named; and shows the server refusal', async () => {
    signIn(ALL);
    const calls = stubFetch((call) => (call.method === 'POST' ? refuse(409, 'An API key named "ERP" already exists') : pageOf([])));
    renderPage();
    fireEvent.click(await screen.findByTestId('api-key-add'));
    fireEvent.change(await screen.findByTestId('api-key-ips'), { target: { value: '10.0.0.1\n10.0.0.300' } });
    fireEvent.click(screen.getByTestId('api-key-save'));
    expect(await screen.findByText('Enter a key name (at most 100 characters)')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByText('"10.0.0.300" is not a valid IP address or CIDR range')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'ERP' } });
    tick('wallet:read');
    fireEvent.change(screen.getByTestId('api-key-ips'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('api-key-save'));
    expect(await screen.findByText('An API key named "ERP" already exists')).toBeTruthy();
    expect(screen.queryByTestId('key-once-value')).toBeNull();
  });

  test('rolls with the chosen overlap and shows the new key once', async () => {
    signIn(ALL);
    const calls = stubFetch((call) => (call.method === 'POST' ? { record: record({ previousShown: 'mpk_AbCdEfGh', shown: 'mpk_NewNew12' }), key: KEY } : pageOf([record()])));
    renderPage();
    fireEvent.click(await screen.findByTestId('api-key-roll'));
    const overlap = (await screen.findByTestId('api-key-overlap')) as HTMLInputElement;
    expect(overlap.value).toBe('24');
    fireEvent.change(overlap, { target: { value: '2' } });
    fireEvent.click(document.getElementById('api-key-roll-ok')!);
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 7, overlapHours: 2 }));
    expect(((await screen.findByTestId('key-once-value')) as HTMLInputElement).value).toBe(KEY);
  });

  test('revokes after a confirmation only', async () => {
    signIn(ALL);
    const calls = stubFetch((call) => (call.method === 'POST' ? record({ status: 'REVOKED' }) : pageOf([record()])));
    renderPage();
    fireEvent.click(await screen.findByTestId('api-key-revoke'));
    expect(await screen.findByText('Revoke "ERP"?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!);
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe('/api/config/api-key/revoke'));
  });

  test('hides each button without its code', async () => {
    signIn(['config:token:list']);
    stubFetch(() => pageOf([record()]));
    renderPage();
    await screen.findByText('ERP', undefined, { timeout: 10_000 });
    for (const id of ['api-key-add', 'api-key-edit', 'api-key-roll', 'api-key-revoke']) expect(screen.queryByTestId(id)).toBeNull();
    cleanup();
    signIn(['config:token:list', 'config:token:reset-secret']);
    stubFetch(() => pageOf([record()]));
    renderPage();
    await screen.findByText('ERP', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('api-key-roll')).toBeTruthy();
    for (const id of ['api-key-add', 'api-key-edit', 'api-key-revoke']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
