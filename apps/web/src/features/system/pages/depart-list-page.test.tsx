import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DepartNode } from '@portal/shared/system-departs';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { DepartListPage } from './depart-list-page.tsx';

const node = (id: number, parentId: number | null, orgCode: string, departName: string, children: DepartNode[] = []): DepartNode => ({
  id,
  parentId,
  orgCode,
  departName,
  sortNo: 0,
  heads: [],
  memberCount: 1,
  children,
});
const TREE = [node(1, null, 'A01', 'Demo Trading', [node(2, 1, 'A01A01', 'Operations'), node(3, 1, 'A01A02', 'Finance')])];
const EMPTY_PAGE = { records: [], total: 0, current: 1, size: 10, pages: 0 };

/** The server as the page meets it: the demo's tree, a ceiling of one entry (11) under a menu (10). */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/sysDepart/queryTreeList')) return TREE;
  if (path.endsWith('/sys/user/departUserList') || path.endsWith('/sys/sysDepartRole/list')) return EMPTY_PAGE;
  if (path.endsWith('/sys/role/queryTreeList'))
    return { treeList: [{ key: 10, title: 'menu.finance.root', menuType: 0, perms: '', children: [{ key: 11, title: 'menu.finance.detail', menuType: 1, perms: 'finance:detail:list' }] }], ids: [10, 11] };
  if (path.endsWith('/sys/permission/queryDepartPermission')) return [10];
  if (path.endsWith('/sys/permission/saveDepartPermission') || path.endsWith('/sys/sysDepart/add')) return null;
  return new Response(null, { status: 404 });
}
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => [call.url.pathname.replace(/^.*\/sys\//, '/sys/'), call.body]);
const choose = async (orgCode: string) => userEvent.click(await screen.findByTestId(`depart-node-${orgCode}`));

describe('department management: what each role may do, and what the screen sends', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-departs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the permissions and roles tabs and the add buttons only to who holds their codes', async () => {
    signIn(['system:depart:list']);
    stubFetch(server);
    renderUi(<DepartListPage />);
    await choose('A01A02');
    const tabs = await screen.findByTestId('depart-tabs');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Members']);
    expect(screen.queryByTestId('depart-add-top')).toBeNull();
    expect(screen.queryByTestId('depart-save')).toBeNull();
    expect(screen.queryByTestId('depart-delete')).toBeNull();
  });

  it('searches the tree by name or code, keeping the parents', async () => {
    signIn(['system:depart:list']);
    stubFetch(server);
    renderUi(<DepartListPage />);
    await screen.findByTestId('depart-node-A01A02');
    await userEvent.type(screen.getByLabelText('Search by name or code'), 'a01a01');
    await waitFor(() => expect(screen.queryByTestId('depart-node-A01A02')).toBeNull());
    expect(screen.getByTestId('depart-node-A01A01')).toBeTruthy();
    expect(screen.getByTestId('depart-node-A01')).toBeTruthy();
  });

  it('adds a sub-department under the chosen one, and saves the ceiling with what it held before', async () => {
    signIn(['system:depart:list', 'system:depart:add', 'system:depart:edit', 'system:depart:auth']);
    const calls = stubFetch(server);
    renderUi(<DepartListPage />);
    await choose('A01A02');
    await userEvent.click(screen.getByTestId('depart-add-child'));
    expect(((await screen.findByTestId('depart-add-parent')) as HTMLInputElement).value).toBe('Finance (A01A02)');
    await userEvent.click(screen.getByTestId('depart-add-save'));
    expect(await screen.findByText('Department name is required')).toBeTruthy();
    await userEvent.type(screen.getByTestId('depart-add-name'), 'Cashiers');
    await userEvent.click(screen.getByTestId('depart-add-save'));
    await waitFor(() => expect(writes(calls)).toEqual([['/sys/sysDepart/add', { parentId: 3, departName: 'Cashiers' }]]));

    await userEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    await screen.findByTestId('depart-permission-tree-node-11');
    // checking the leaf keeps its menu checked; the save says what was held before
    await userEvent.click(screen.getByTestId('depart-permission-tree-check-all'));
    await userEvent.click(screen.getByTestId('depart-permission-save'));
    await waitFor(() => expect(writes(calls)[1]).toEqual(['/sys/permission/saveDepartPermission', { departId: 3, permissionIds: [10, 11], lastpermissionIds: [10] }]));
  });
});
