import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UnreadSummary } from '@portal/shared/announcement';
import type { MenuEntry } from '@portal/shared/sys';
import { NoticeBell } from '../features/announcement/components/notice-bell.tsx';
import { useAuth } from '../lib/auth.ts';
import { pendingNotice, clearNotice } from '../lib/notice.ts';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';
import { refuse, renderUi, stubFetch } from '../test/render-ui.tsx';
import { testUser } from '../test/fixtures.ts';
import { useLiveSession } from './use-live-session.ts';

const INBOX: MenuEntry = {
  id: 9,
  path: '/dashboard/announcement',
  name: 'announcement-inbox',
  component: 'system/announcement-list',
  redirect: null,
  hidden: true,
  alwaysShow: false,
  route: '1',
  meta: { title: 'menu.announcementInbox', icon: null, url: null, keepAlive: false, internalOrExternal: false, permissionList: [] },
};

const USERS: MenuEntry = { ...INBOX, id: 10, path: '/system/user', name: 'system-user', component: 'system/user-list', hidden: false, meta: { ...INBOX.meta, title: 'menu.userManagement' } };

const item = (id: number, title: string) => ({ id, title, priority: 'H' as const, msgType: 'notice' as const, sendTime: '2026-03-01T02:03:04.000Z' });
const summary = (count: number, titles: string[]): UnreadSummary => ({ count, latest: titles.map((title, index) => item(index + 1, title)) });

/**
 * A server whose live stream the test writes to, event by event, as the real one does; `menu` is what the
 * permission call answers, `streamStatus` what the stream's connection answers.
 */
function server({ menu = [INBOX], streamStatus = 200 }: { menu?: MenuEntry[]; streamStatus?: number } = {}) {
  const encoder = new TextEncoder();
  let write: (text: string) => void = () => undefined;
  const calls = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/sys/announcement/unread') return summary(0, []);
    if (url.pathname === '/api/sys/announcement/readAll' && method === 'POST') return summary(0, []);
    if (url.pathname === '/api/sys/permission/getUserPermissionByToken') return { menu, auth: [], allAuth: [] };
    if (url.pathname === '/api/sys/announcement/stream') {
      if (streamStatus !== 200) return refuse(streamStatus, 'Token失效，請重新登入');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('retry: 3000\n\n'));
          write = (text) => controller.enqueue(encoder.encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  });
  return {
    calls,
    push: (next: UnreadSummary) => write(`: ping\n\nevent: unread\ndata: ${JSON.stringify(next)}\n\n`),
    notice: (event: 'access' | 'signed-out', data = '{}') => write(`id: 7\nevent: ${event}\ndata: ${data}\n\n`),
  };
}

/** The signed-in layout's part under test: the live session, and the bell it keeps current. */
function Live() {
  useLiveSession();
  return <NoticeBell />;
}

function renderLive(at = '/dashboard/analysis', menu: MenuEntry[] = [INBOX]) {
  // the HTTP client reads the session token where sign-in keeps it
  storage.set(STORAGE_KEYS.token, 'a-session-token-of-the-test-user', 60_000);
  useAuth.setState({ token: 'a-session-token-of-the-test-user', userInfo: testUser(), permissions: { menu, auth: [], allAuth: [] } });
  const router = createMemoryRouter([{ path: '*', element: <Live /> }], { initialEntries: [at] });
  renderUi(<RouterProvider router={router} />);
  return router;
}

const streamOpened = (calls: { url: URL }[]) => calls.some((call) => call.url.pathname === '/api/sys/announcement/stream');

const badge = () => screen.getByTestId('notice-bell').querySelector('.ant-scroll-number')?.getAttribute('title') ?? null;

afterEach(() => {
  cleanup();
  clearNotice();
  storage.remove(STORAGE_KEYS.token);
  useAuth.setState({ token: null, userInfo: null, permissions: null });
  vi.unstubAllGlobals();
});

describe('the live session: the bell, rights and sign-outs told by the server', { timeout: 30_000 }, () => {
  it('follows the stream with the session header and shows each new count without a reload', async () => {
    const { calls, push } = server();
    renderLive();
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    const stream = calls.find((call) => call.url.pathname === '/api/sys/announcement/stream')!;
    expect(stream.headers['x-access-token']).toBe('a-session-token-of-the-test-user');
    expect(stream.headers.accept).toBe('text/event-stream');

    push(summary(2, ['Warehouse closed', 'New rates']));
    await waitFor(() => expect(badge()).toBe('2'));
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('公告通知，2 則未讀');
    push(summary(3, ['For finance', 'Warehouse closed', 'New rates']));
    await waitFor(() => expect(badge()).toBe('3'));
    // one stream for the session, however many events
    expect(calls.filter((call) => call.url.pathname === '/api/sys/announcement/stream')).toHaveLength(1);
  });

  it('lists the newest unread ones, links to the inbox, and marks all read', async () => {
    const { calls, push } = server();
    renderLive();
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    push(summary(2, ['Warehouse closed', 'New rates']));
    await waitFor(() => expect(badge()).toBe('2'));

    await userEvent.click(screen.getByTestId('notice-bell'));
    const popover = await screen.findByTestId('notice-popover');
    expect(within(popover).getAllByTestId('notice-item').map((node) => node.textContent)).toEqual(['Warehouse closed', 'New rates']);
    expect(within(popover).getByTestId('notice-view-all').getAttribute('href')).toBe('/dashboard/announcement');

    await userEvent.click(within(popover).getByTestId('notice-mark-all'));
    await waitFor(() => expect(badge()).toBeNull());
    expect(calls.filter((call) => call.url.pathname === '/api/sys/announcement/readAll' && call.method === 'POST')).toHaveLength(1);
    expect(await within(popover).findByText('沒有未讀公告')).toBeTruthy();
  });

  it('does not follow the stream without a session', async () => {
    const { calls } = server();
    useAuth.setState({ token: null, userInfo: null, permissions: { menu: [], auth: [], allAuth: [] } });
    const router = createMemoryRouter([{ path: '*', element: <Live /> }]);
    renderUi(<RouterProvider router={router} />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/unread')).toBe(true));
    expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/stream')).toBe(false);
  });

  it('asks for the menu again when told the rights changed, and leaves a page that left it, saying why', async () => {
    const { calls, notice } = server({ menu: [INBOX] });
    const router = renderLive('/system/user', [INBOX, USERS]);
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    expect(calls.some((call) => call.url.pathname === '/api/sys/permission/getUserPermissionByToken')).toBe(false);
    notice('access');
    await waitFor(() => expect(useAuth.getState().permissions?.menu.map((entry) => entry.path)).toEqual(['/dashboard/announcement']));
    expect(router.state.location.pathname).toBe('/dashboard/analysis');
    expect(await screen.findByText('您的權限已變更，此頁面已不再提供')).toBeTruthy();
    // still signed in, still following
    expect(useAuth.getState().token).toBe('a-session-token-of-the-test-user');
  });

  it('asks too when every screen was told at once, within a second (spread, so that they do not all ask together)', async () => {
    const { calls, notice } = server({ menu: [INBOX] });
    renderLive('/dashboard/analysis', [INBOX, USERS]);
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    notice('access', '{"everyone":true}');
    await waitFor(() => expect(useAuth.getState().permissions?.menu).toHaveLength(1), { timeout: 3_000 });
    expect(calls.filter((call) => call.url.pathname === '/api/sys/permission/getUserPermissionByToken')).toHaveLength(1);
  });

  it('stays on a page the new rights still give', async () => {
    const { calls, notice } = server({ menu: [INBOX, USERS] });
    const router = renderLive('/system/user', [INBOX]);
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    notice('access');
    await waitFor(() => expect(useAuth.getState().permissions?.menu).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/system/user');
  });

  it('leaves for the sign-in page at once when told the session ended, with a word of why and the way back', async () => {
    const { calls, notice } = server();
    const router = renderLive('/system/user', [INBOX, USERS]);
    await waitFor(() => expect(streamOpened(calls)).toBe(true));
    notice('signed-out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/system/user')}`);
    expect(useAuth.getState().token).toBeNull();
    expect(pendingNotice()).toBe('您的登入已結束（已被管理員登出，或帳號已被凍結或刪除），請重新登入');
  });

  it('leaves too when the stream itself is refused for want of a session', async () => {
    const { calls } = server({ streamStatus: 401 });
    const router = renderLive();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(streamOpened(calls)).toBe(true);
    expect(useAuth.getState().token).toBeNull();
  });
});
