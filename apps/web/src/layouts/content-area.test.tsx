import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useAuth } from '../lib/auth.ts';
import { i18n } from '../lib/i18n.ts';
import { usePreferences } from '../lib/preferences.ts';
import { TestProviders } from '../test/render-ui.tsx';
import { testUser } from '../test/fixtures.ts';
import { menuEntry } from '../test/menu-entries.ts';
import { ContentArea } from './content-area.tsx';
import { PagesContext } from './pages-context.ts';
import { useTabsStore } from './tabs/tabs-store.ts';

/** A page with state of its own: a re-mount would empty its input. */
function StatefulPage() {
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  return <input aria-label={`input ${pathname}`} value={text} onChange={(event) => setText(event.target.value)} />;
}

const findPage = (component: string) => (component === 'test/page' ? () => Promise.resolve(StatefulPage as ComponentType) : undefined);

const entry = menuEntry;

const MENU = [entry('/dashboard/analysis', 'menu.home'), entry('/system/user', 'menu.system.user')];
/** the catalogue: the user's pages and one the user may not open */
const ALL_PAGES = ['/dashboard/analysis', '/system/user', '/finance/detail'];

function renderContent(initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TestProviders>
            <PagesContext value={findPage}>
              <ContentArea />
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

const forbiddenText = () => i18n.t('layout.forbidden.description');
const tabTitles = () => [...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent);

// a page the user may not open is "no permission", not "does not exist"
describe('content area: 403 for a page outside the menu, 404 for no page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useTabsStore.setState({ owner: null, tabs: [] });
    useAuth.setState({ userInfo: testUser({ id: 1, username: 'warehouse' }), permissions: { menu: MENU, auth: [], allAuth: [], allPages: ALL_PAGES } });
  });
  afterEach(() => {
    cleanup();
    useAuth.setState({ permissions: null, userInfo: null });
    usePreferences.setState({ multipage: true });
  });

  it('without tabs: says 403 at the address asked for, in the window title too, and 404 for an unknown path', async () => {
    usePreferences.setState({ multipage: false });
    const router = renderContent('/finance/detail');
    await screen.findByText(forbiddenText());
    expect(router.state.location.pathname).toBe('/finance/detail');
    expect(document.title).toContain(i18n.t('layout.pageTitles.forbidden'));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('with tabs: says 403 under the open tabs, opens no tab for it, and the open pages keep their state', async () => {
    const router = renderContent('/system/user');
    await userEvent.type(await screen.findByLabelText('input /system/user'), 'kept');
    await act(() => router.navigate('/finance/detail'));
    await screen.findByText(forbiddenText());
    expect(tabTitles()).toEqual(['首頁', '使用者管理']);
    await act(() => router.navigate('/system/user'));
    await waitFor(() => expect(screen.queryByText(forbiddenText())).toBeNull());
    expect((screen.getByLabelText('input /system/user') as HTMLInputElement).value).toBe('kept');
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
