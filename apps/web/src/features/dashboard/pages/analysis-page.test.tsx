import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AnnouncementRecord } from '@portal/shared/announcement';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { AnalysisPage } from './analysis-page.tsx';
import { testUser } from '../../../test/fixtures.ts';

const DEPARTS = {
  list: [
    { id: 2, orgCode: 'A01A01', departName: '營運部 Operations', parentId: 1 },
    { id: 3, orgCode: 'A01A02', departName: '財務部 Finance', parentId: 1 },
  ],
  orgCode: 'A01A02',
};

const announcement = (id: number, title: string, priority: AnnouncementRecord['priority']): AnnouncementRecord => ({ id, title, content: `<p>${title} content</p>`, priority, msgType: 'notice', sendTime: '2026-03-01T02:03:04.000Z', read: false });

const ANNOUNCEMENT_MENU: MenuEntry = {
  id: 9,
  path: '/dashboard/announcement',
  name: 'announcement-inbox',
  component: 'system/announcement-list',
  redirect: null,
  hidden: false,
  alwaysShow: false,
  route: '1',
  meta: { title: 'menu.system.announcement', icon: null, url: null, keepAlive: false, internalOrExternal: false, permissionList: [] },
};

function signIn(menu: MenuEntry[] = []) {
  useAuth.setState({
    userInfo: testUser({ id: 1, realname: '陳大文', orgCode: 'A01A02' }),
    permissions: { menu, auth: [], allAuth: [] },
  });
}

function renderHome() {
  const router = createMemoryRouter([{ path: '*', element: <AnalysisPage /> }], { initialEntries: ['/dashboard/analysis'] });
  return renderUi(<RouterProvider router={router} />);
}

function server(records: AnnouncementRecord[]): FetchCall[] {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/sys/user/getCurrentUserDeparts') return DEPARTS;
    if (url.pathname === '/api/sys/announcement/listByUser') return { records, total: records.length, current: 1, size: 5, pages: 1 };
    if (url.pathname === '/api/sys/announcement/read') return { count: 0, latest: [] };
    throw new Error(`unexpected ${url.pathname}`);
  });
}

describe('home page /dashboard/analysis', { timeout: 30_000 }, () => {
  // kept in local storage at sign-in, so that a new tab of the browser (an empty session storage) shows it too
  beforeEach(() => storage.set(STORAGE_KEYS.tenantName, 'Demo Trading'));
  afterEach(() => {
    cleanup();
    storage.remove(STORAGE_KEYS.tenantName);
    useAuth.setState({ userInfo: null, permissions: null });
    vi.unstubAllGlobals();
  });

  it('greets the user and shows the company and current department', async () => {
    signIn();
    server([]);
    renderHome();
    expect(screen.getByTestId('home-greeting').textContent).toMatch(/^(早安|上午好|午安|下午好|晚安)，陳大文，歡迎回來$/);
    expect(screen.getByTestId('home-tenant').textContent).toBe('Demo Trading');
    await waitFor(() => expect(screen.getByTestId('home-department').textContent).toBe('財務部 Finance'));
  });

  it('shows the latest five announcements, newest first as the server sends them', async () => {
    signIn([ANNOUNCEMENT_MENU]);
    const calls = server([announcement(2, 'Holiday notice', 'H'), announcement(1, 'Welcome', 'L')]);
    renderHome();
    const items = await screen.findAllByTestId('announcement');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Holiday notice');
    expect(items[0]!.textContent).toContain('高');
    expect(items[1]!.textContent).toContain('低');
    expect(items[0]!.textContent).toMatch(/2026-03-01 \d{2}:03:04/);
    const list = calls.find((call) => call.url.pathname === '/api/sys/announcement/listByUser')!;
    expect(list.url.searchParams.get('pageNo')).toBe('1');
    expect(list.url.searchParams.get('pageSize')).toBe('5');
    // the list page is in this user's menu: a link to it
    expect(screen.getByRole('link', { name: '全部公告' }).getAttribute('href')).toBe('/dashboard/announcement');
  });

  it('says so when there is nothing to show: no announcement, no department, no company', async () => {
    storage.remove(STORAGE_KEYS.tenantName);
    signIn();
    stubFetch(({ url }) => (url.pathname === '/api/sys/user/getCurrentUserDeparts' ? { list: [], orgCode: null } : { records: [], total: 0, current: 1, size: 5, pages: 0 }));
    renderHome();
    expect(await screen.findByText('目前沒有公告')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('home-department').textContent).toBe('未設定部門'));
    expect(screen.getByTestId('home-tenant').textContent).toBe('—');
    expect(screen.queryByRole('link', { name: '全部公告' })).toBeNull();
  });

  it('opens an announcement whole from its title, by keyboard, and gives the focus back on Escape', async () => {
    signIn();
    const long = { ...announcement(3, 'Holiday notice', 'H'), content: `<p>${'The warehouse closes for the holiday. '.repeat(20)}</p><p>Last line of the <strong>notice</strong>.</p>` };
    const calls = server([long]);
    renderHome();
    const opener = await screen.findByRole('button', { name: 'Holiday notice' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Holiday notice')).toBeTruthy();
    // the sanitised HTML, drawn as HTML
    expect(within(dialog).getByTestId('announcement-text').textContent).toBe(`${'The warehouse closes for the holiday. '.repeat(20)}Last line of the notice.`);
    expect(within(dialog).getByText('notice').tagName).toBe('STRONG');
    // opening an unread one marks it read
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/sys/announcement/read').map((call) => call.body)).toEqual([{ id: 3 }]));
    expect(within(dialog).getByText('高')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
