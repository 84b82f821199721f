import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut, testUser } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { TokenListPage } from './token-list-page.tsx';

const session = (id: number, username: string, current = false) => ({
  id,
  userId: id * 10,
  username,
  realname: `${username} name`,
  tenantId: 1,
  tenantName: 'Demo Trading',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  createdAt: '2026-11-27T08:00:00.000Z',
  lastSeenAt: null,
  lastSeenIp: null,
  expiresAt: '2026-12-04T08:00:00.000Z',
  current,
});

function server(call: FetchCall): unknown {
  if (call.url.pathname.endsWith('/sys/session/list')) return pageOf([session(1, 'merchant', true), session(2, 'staff')]);
  if (call.url.pathname.endsWith('/sys/session/revoke')) return { revoked: 1 };
  return new Response(null, { status: 404 });
}

describe('token management: sessions by id, behind the revoke permission', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-logs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the device as a short text and marks the caller\'s own session; ends a session by its id once confirmed', async () => {
    useAuth.setState({ userInfo: testUser({ tenantId: 1 }) });
    signIn(['system:token:list', 'system:token:revoke']);
    const calls = stubFetch(server);
    renderUi(<TokenListPage />);
    expect(await screen.findByText('staff name')).toBeTruthy();
    expect(screen.getAllByText('Chrome 120 · Windows')).toHaveLength(2);
    expect(screen.getByText('This session')).toBeTruthy();
    // a merchant names no tenant
    expect(screen.queryByLabelText('Tenant ID')).toBeNull();
    // the own session warns that the caller signs out
    await userEvent.click(screen.getAllByTestId('session-revoke')[0]!);
    expect(await screen.findByText('This is your own session: you will have to sign in again. Continue?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getAllByTestId('session-revoke')[1]!);
    expect(await screen.findByText('End this session of staff? They will have to sign in again at their next request.')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Force logout' }).at(-1)!);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const revoke = calls.find((call) => call.method === 'POST')!;
    expect(revoke.url.pathname).toMatch(/\/sys\/session\/revoke$/);
    expect(revoke.body).toEqual({ id: 2 });
  });

  it('offers no ending without the revoke permission, and the platform a tenant filter', async () => {
    useAuth.setState({ userInfo: testUser({ tenantId: 0, username: 'admin' }) });
    signIn(['system:token:list']);
    stubFetch(server);
    renderUi(<TokenListPage />);
    expect(await screen.findByText('staff name')).toBeTruthy();
    expect(screen.queryByTestId('session-revoke')).toBeNull();
    expect(screen.queryByTestId('session-revoke-user')).toBeNull();
    expect(screen.getByLabelText('Tenant ID')).toBeTruthy();
  });
});
