import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { MenuEntry } from '@portal/shared/sys';
import { useAuth } from '../../lib/auth.ts';
import { i18n } from '../../lib/i18n.ts';
import { STORAGE_PREFIX, STORAGE_KEYS } from '../../lib/storage.ts';
import { TestProviders } from '../../test/render-ui.tsx';
import { PagesContext } from '../pages-context.ts';
import { MultiTabArea } from './multi-tab-area.tsx';
import { useTabsStore } from './tabs-store.ts';
import { MAX_TABS } from './tab-list.ts';
import { testUser } from '../../test/fixtures.ts';
import { menuEntry } from '../../test/menu-entries.ts';

/** How often each test page was mounted, by its path: a re-mount means its state was lost. */
const mounts = new Map<string, number>();

/** A page with state of its own (an input) that shows the location it sees. */
function StatefulPage() {
  const location = useLocation();
  const [text, setText] = useState('');
  useEffect(() => {
    mounts.set(location.pathname, (mounts.get(location.pathname) ?? 0) + 1);
    // counts mounts, not location changes: a hidden page must not see the active page's location
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div data-testid={`page-${location.pathname}`}>
      <input aria-label={`input ${location.pathname}`} value={text} onChange={(event) => setText(event.target.value)} />
      <span data-testid={`search-${location.pathname}`}>{location.search}</span>
    </div>
  );
}

const findPage = (component: string) => (component === 'test/page' || component === 'test/order-detail' ? () => Promise.resolve(StatefulPage as ComponentType) : undefined);

const entry = menuEntry;

const HOME = entry('/dashboard/analysis', 'menu.home');
const PAGES = [
  entry('/system/user', 'menu.system.user'),
  entry('/system/role', 'menu.system.role'),
  entry('/system/depart', 'menu.system.depart'),
  entry('/system/announcement', 'menu.system.announcement'),
];
/** enough pages to pass the cap */
const MANY = Array.from({ length: MAX_TABS + 2 }, (_, i) => entry(`/many/p${i}`, `menu.many.p${i}`));
/** a detail page: hidden from the menu, opened from a list with a record's id */
const DETAIL = entry('/order/detail', 'menu.logistics.internationalOrderDetail', { hidden: true, component: 'test/order-detail' });
/** hidden from the menu too, but a page, not a record's (the bell opens it with ?open=) */
const NOTICES = entry('/dashboard/announcement', 'menu.announcementInbox', { hidden: true });
const MENU: MenuEntry[] = [HOME, entry('/system', 'menu.system.root', { component: 'layouts/RouteView', redirect: '/system/user', children: PAGES }), DETAIL, NOTICES, ...MANY];

function signIn(menu: MenuEntry[] = MENU, username = 'merchant') {
  useAuth.setState({
    userInfo: testUser({ id: 1, username, realname: username, orgCode: null }),
    permissions: { menu, auth: [], allAuth: [] },
  });
}

function renderTabs(initial = '/dashboard/analysis') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TestProviders>
            <PagesContext value={findPage}>
              <MultiTabArea />
            </PagesContext>
          </TestProviders>
        ),
      },
      { path: '/404', element: <div>not found</div> },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tabTitles = () => [...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent);
const tab = (title: string) => [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].find((t) => t.textContent === title)!;
const go = async (router: ReturnType<typeof renderTabs>, to: string) => {
  await act(() => router.navigate(to));
};
/** Right-clicks a tab and answers its context menu (earlier menus may still be leaving). */
async function contextMenuOf(title: string): Promise<HTMLElement> {
  fireEvent.contextMenu(tab(title));
  let menu: HTMLElement | undefined;
  await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown')].filter((d) => !/ant-dropdown-hidden|-leave/.test(d.className));
    menu = open.at(-1)?.querySelector<HTMLElement>('[role=menu]') ?? undefined;
    expect(menu).toBeDefined();
  });
  return menu!;
}
const storedTabs = () => (JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + STORAGE_KEYS.tabs) ?? 'null') as { value: { owner: string; keys: string[] } } | null)?.value;

// antd under happy-dom is slow when the machine is busy: a whole user flow may take more than the default 5 s
describe('multi-page tabs (spec §2 "Tabbed layout", §4 "Tabs")', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mounts.clear();
    useTabsStore.setState({ owner: null, tabs: [] });
    signIn();
  });
  afterEach(async () => {
    cleanup();
    useAuth.setState({ permissions: null, userInfo: null });
    await i18n.changeLanguage('zh-TW');
  });

  it('opens a tab per visited page with its translated title, home first, and a tab click navigates', async () => {
    const router = renderTabs();
    await screen.findByTestId('page-/dashboard/analysis');
    await go(router, '/system/user');
    await go(router, '/system/role?tab=2');
    await screen.findByTestId('page-/system/role');
    expect(tabTitles()).toEqual(['首頁', '使用者管理', '角色管理']);
    // breadcrumbs of the active page, from home
    expect(document.querySelector('.ant-breadcrumb')!.textContent).toContain('角色管理');
    await userEvent.click(tab('使用者管理'));
    expect(router.state.location.pathname).toBe('/system/user');
    expect(tab('使用者管理').className).toContain('ant-tabs-tab-active');
    // a container path redirects to its first page rather than opening a tab
    await go(router, '/system');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(tabTitles()).toHaveLength(3);
  });

  it('keeps each hidden page alive with its own location; one tab per page whatever its query, one per record for a detail', async () => {
    const router = renderTabs('/system/user?q=1');
    const input = await screen.findByLabelText('input /system/user');
    await userEvent.type(input, 'kept');
    await go(router, '/system/role');
    await screen.findByTestId('page-/system/role');
    // hidden, not unmounted, and still seeing its own query
    expect((screen.getByLabelText('input /system/user') as HTMLInputElement).value).toBe('kept');
    expect(screen.getByTestId('search-/system/user').textContent).toBe('?q=1');
    await userEvent.click(tab('使用者管理'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=1'));
    expect((screen.getByLabelText('input /system/user') as HTMLInputElement).value).toBe('kept');
    expect(mounts.get('/system/user')).toBe(1);
    // opened from elsewhere with another query (a home card's link): the same tab, afresh with that query
    await go(router, '/system/role');
    await go(router, '/system/user?q=2');
    await waitFor(() => expect(screen.getByTestId('search-/system/user').textContent).toBe('?q=2'));
    expect(tabTitles()).toEqual(['首頁', '使用者管理', '角色管理']);
    expect(mounts.get('/system/user')).toBe(2);
    // from the menu (no query): the same tab (whether it starts afresh is tab-list.test.ts's)
    await go(router, '/system/role');
    await go(router, '/system/user');
    await waitFor(() => expect(screen.getByTestId('search-/system/user').textContent).toBe(''));
    expect(tabTitles()).toEqual(['首頁', '使用者管理', '角色管理']);
    // each record of a detail page is a tab of its own
    await go(router, '/order/detail?id=1');
    await go(router, '/order/detail?id=2');
    await waitFor(() => expect(tabTitles()).toEqual(['首頁', '使用者管理', '角色管理', '國際物流訂單詳情', '國際物流訂單詳情']));
    // a hidden page that is not a record's: one tab, whatever the bell's query
    await go(router, '/dashboard/announcement?open=2');
    await go(router, '/system/role');
    await go(router, '/dashboard/announcement');
    await waitFor(() => expect(screen.getByTestId('search-/dashboard/announcement').textContent).toBe(''));
    expect(tabTitles()).toEqual(['首頁', '使用者管理', '角色管理', '國際物流訂單詳情', '國際物流訂單詳情', '我的公告']);
  });

  it('frees a closed page: reopening it starts afresh, and closing the active tab shows its neighbour', async () => {
    const router = renderTabs('/system/user');
    await userEvent.type(await screen.findByLabelText('input /system/user'), 'gone');
    await go(router, '/system/role');
    await userEvent.click(tab('使用者管理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    await userEvent.click(within(tab('使用者管理')).getByRole('button', { hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));
    expect(tabTitles()).toEqual(['首頁', '角色管理']);
    expect(screen.queryByLabelText('input /system/user')).toBeNull();
    await go(router, '/system/user');
    expect((await screen.findByLabelText('input /system/user')) as HTMLInputElement).toHaveProperty('value', '');
    expect(mounts.get('/system/user')).toBe(2);
  });

  it('closes the focused tab with Delete; the close buttons are for the pointer, outside the tablist of tabs', async () => {
    const router = renderTabs('/system/user');
    await go(router, '/system/role');
    await screen.findByTestId('page-/system/role');
    // only tabs inside the tablist (axe: aria-required-children)
    expect(within(screen.getByRole('tablist')).queryAllByRole('button')).toEqual([]);
    const roleTab = screen.getByRole('tab', { name: '角色管理' });
    act(() => roleTab.focus());
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
    expect(tabTitles().map((title) => title?.replace(/^Tab \d+ of \d+/, ''))).toEqual(['首頁', '使用者管理']);
  });

  it('gives home no close button, nor a close by keyboard (spec §2: its tab cannot be closed)', async () => {
    const router = renderTabs();
    await screen.findByTestId('page-/dashboard/analysis');
    expect(within(tab('首頁')).queryByRole('button', { hidden: true })).toBeNull();
    await go(router, '/system/user');
    expect(within(tab('首頁')).queryByRole('button', { hidden: true })).toBeNull();
    expect(within(tab('使用者管理')).getByRole('button', { hidden: true })).toBeTruthy();
    act(() => screen.getByRole('tab', { name: '首頁' }).focus());
    await userEvent.keyboard('{Delete}');
    expect(tabTitles().map((title) => title?.replace(/^Tab \d+ of \d+/, ''))).toEqual(['首頁', '使用者管理']);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('offers Refresh, Close left, Close right and Close others on right-click', async () => {
    const router = renderTabs();
    for (const path of ['/system/user', '/system/role', '/system/depart', '/system/announcement']) await go(router, path);
    await userEvent.type(await screen.findByLabelText('input /system/depart'), 'x');
    const menu = await contextMenuOf('角色管理');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['重新整理', '關閉左側', '關閉右側', '關閉其他']);
    await userEvent.click(within(menu).getByText('關閉左側'));
    expect(tabTitles()).toEqual(['首頁', '角色管理', '部門管理', '系統公告']);
    // the active tab was to the right: it stays
    expect(router.state.location.pathname).toBe('/system/announcement');

    await userEvent.click(within(await contextMenuOf('部門管理')).getByText('重新整理'));
    // refresh shows the page re-mounted: its state is gone
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/depart'));
    await waitFor(() => expect(mounts.get('/system/depart')).toBe(2));
    expect((screen.getByLabelText('input /system/depart') as HTMLInputElement).value).toBe('');

    await userEvent.click(within(await contextMenuOf('角色管理')).getByText('關閉右側'));
    expect(tabTitles()).toEqual(['首頁', '角色管理']);
    // the active page was closed: the one right-clicked shows
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'));

    await go(router, '/system/user');
    await userEvent.click(within(await contextMenuOf('使用者管理')).getByText('關閉其他'));
    expect(tabTitles()).toEqual(['首頁', '使用者管理']);
  });

  it('caps the kept pages: the least recently used one closes', async () => {
    const router = renderTabs();
    for (const page of MANY.slice(0, MAX_TABS)) await go(router, page.path);
    await waitFor(() => expect(tabTitles()).toHaveLength(MAX_TABS));
    // the first page opened is the least recently used one
    expect(document.querySelector('[data-node-key="/many/p0"]')).toBeNull();
    expect(await screen.findByText(/已關閉最久未使用的/)).toBeTruthy();
    expect(tabTitles()[0]).toBe('首頁');
    expect(screen.queryByTestId('page-/many/p0')).toBeNull();
  });

  it('restores the open tabs after a reload, dropping pages no longer in the menu, and only for the same user', async () => {
    const router = renderTabs();
    for (const path of ['/system/user', '/system/role?x=1', '/system/depart']) await go(router, path);
    await waitFor(() => expect(storedTabs()).toEqual({ owner: 'merchant', keys: ['/dashboard/analysis', '/system/user', '/system/role?x=1', '/system/depart'] }));
    cleanup();

    // a reload: the store is empty again, and the role page has left the menu
    useTabsStore.setState({ owner: null, tabs: [] });
    signIn([HOME, entry('/system', 'menu.system.root', { component: 'layouts/RouteView', children: PAGES.filter((p) => p.path !== '/system/role') })]);
    renderTabs('/system/depart');
    await screen.findByTestId('page-/system/depart');
    await waitFor(() => expect(tabTitles()).toEqual(['首頁', '使用者管理', '部門管理']));
    // restored tabs load their page only when shown
    expect(screen.queryByTestId('page-/system/user')).toBeNull();
    cleanup();

    useTabsStore.setState({ owner: null, tabs: [] });
    signIn(MENU, 'staff');
    renderTabs('/system/role');
    await screen.findByTestId('page-/system/role');
    await waitFor(() => expect(tabTitles()).toEqual(['首頁', '角色管理']));
  });

  it('follows a language change', async () => {
    const router = renderTabs();
    await go(router, '/system/announcement');
    await screen.findByTestId('page-/system/announcement');
    await act(() => i18n.changeLanguage('en-US'));
    expect(tabTitles()).toEqual(['Home', 'System Announcements']);
    expect(within(await contextMenuOf('Home')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Refresh', 'Close tabs to the left', 'Close tabs to the right', 'Close other tabs']);
  });
});
