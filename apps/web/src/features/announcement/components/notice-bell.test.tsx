import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UnreadSummary } from '@portal/shared/announcement';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { testUser } from '../../../test/fixtures.ts';
import { NoticeBell } from './notice-bell.tsx';

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

const item = (id: number, title: string) => ({ id, title, priority: 'H' as const, msgType: 'notice' as const, sendTime: '2026-03-01T02:03:04.000Z' });
const summary = (count: number, titles: string[]): UnreadSummary => ({ count, latest: titles.map((title, index) => item(index + 1, title)) });

/** A server whose announcement stream the test writes to, event by event, as the real one does. */
function server() {
  const encoder = new TextEncoder();
  let push: (summary: UnreadSummary) => void = () => undefined;
  const calls = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/sys/announcement/unread') return summary(0, []);
    if (url.pathname === '/api/sys/announcement/readAll' && method === 'POST') return summary(0, []);
    if (url.pathname === '/api/sys/announcement/stream') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('retry: 3000\n\n'));
          push = (next) => controller.enqueue(encoder.encode(`: ping\n\nevent: unread\ndata: ${JSON.stringify(next)}\n\n`));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  });
  return { calls, push: (next: UnreadSummary) => push(next) };
}

function renderBell() {
  // the HTTP client reads the session token where sign-in keeps it
  storage.set(STORAGE_KEYS.token, 'a-session-token-of-the-test-user', 60_000);
  useAuth.setState({ token: 'a-session-token-of-the-test-user', userInfo: testUser(), permissions: { menu: [INBOX], auth: [], allAuth: [] } });
  const router = createMemoryRouter([{ path: '*', element: <NoticeBell /> }], { initialEntries: ['/dashboard/analysis'] });
  return renderUi(<RouterProvider router={router} />);
}

const badge = () => screen.getByTestId('notice-bell').querySelector('.ant-scroll-number')?.getAttribute('title') ?? null;

afterEach(() => {
  cleanup();
  storage.remove(STORAGE_KEYS.token);
  useAuth.setState({ token: null, userInfo: null, permissions: null });
  vi.unstubAllGlobals();
});

describe('the header bell', { timeout: 30_000 }, () => {
  it('follows the stream with the session header and shows each new count without a reload', async () => {
    const { calls, push } = server();
    renderBell();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/stream')).toBe(true));
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
    renderBell();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/stream')).toBe(true));
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
    const router = createMemoryRouter([{ path: '*', element: <NoticeBell /> }]);
    renderUi(<RouterProvider router={router} />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/unread')).toBe(true));
    expect(calls.some((call) => call.url.pathname === '/api/sys/announcement/stream')).toBe(false);
  });
});
