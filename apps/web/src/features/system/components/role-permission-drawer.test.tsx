import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionTree, RoleRecord } from '@portal/shared/system-roles';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { permissionsToSave, RolePermissionDrawer } from './role-permission-drawer.tsx';

const ROLE: RoleRecord = { id: 7, roleCode: 'clerk', roleName: 'Clerk', description: '', createdAt: '2026-01-01T00:00:00Z' };
const SHRINK = 'You cannot take permissions away from a role you hold yourself';

// what the caller may grant: System Management > Role Management > (Add, Edit)
const TREE: PermissionTree = {
  treeList: [
    {
      key: 1,
      title: 'menu.system.root',
      menuType: 0,
      perms: '',
      children: [
        {
          key: 2,
          title: 'menu.system.role',
          menuType: 1,
          perms: '',
          children: [
            { key: 3, title: 'button.add', menuType: 2, perms: 'system:role:add' },
            { key: 4, title: 'button.edit', menuType: 2, perms: 'system:role:edit' },
          ],
        },
      ],
    },
  ],
  ids: [1, 2, 3, 4],
};

/** The role holds 1, 2, 3 of the tree, and 50 and 51 that the caller cannot see. */
function server(saveAnswer: () => unknown) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname;
    if (path.endsWith('/sys/role/queryTreeList')) return TREE;
    if (path.endsWith('/sys/permission/queryRolePermission')) return [1, 2, 3, 50, 51];
    if (path.endsWith('/sys/permission/saveRolePermission')) return saveAnswer();
    return new Response(null, { status: 404 });
  };
}

const checkbox = (key: number) => {
  const row = screen.getByTestId(`role-permission-tree-node-${key}`).closest('.ant-tree-treenode');
  if (!row) throw new Error(`no node ${key}`);
  return row.querySelector('.ant-tree-checkbox') as HTMLElement;
};
const saves = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

describe("the role's permissions: a save keeps what the caller cannot see, a refusal is shown", { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-roles'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('sends the checked ids of the tree with the grants outside it', () => {
    expect(permissionsToSave([1, 2, 4], [1, 2, 3, 50, 51], [1, 2, 3, 4]).sort((a, b) => a - b)).toEqual([1, 2, 4, 50, 51]);
    // a grant outside the tree can never be checked away, nor one added from outside it
    expect(permissionsToSave([60], [50], [1, 2]).sort((a, b) => a - b)).toEqual([50]);
  });

  it('says how many grants it keeps, and saves the change with them', async () => {
    signIn(['system:role:auth']);
    const onClose = vi.fn();
    const calls = stubFetch(server(() => null));
    renderUi(<RolePermissionDrawer role={ROLE} onClose={onClose} />);
    expect(await screen.findByText('This role holds 2 more permissions you cannot grant; saving keeps them as they are.')).toBeTruthy();
    await userEvent.click(checkbox(3)); // uncheck Add
    await userEvent.click(checkbox(4)); // check Edit
    await userEvent.click(screen.getByTestId('role-permission-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const body = saves(calls)[0]?.body as { roleId: number; permissionIds: number[]; lastpermissionIds: number[] };
    expect(body.roleId).toBe(7);
    expect([...body.permissionIds].sort((a, b) => a - b)).toEqual([1, 2, 4, 50, 51]);
    expect(body.lastpermissionIds).toEqual([1, 2, 3, 50, 51]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal and stays open", async () => {
    signIn(['system:role:auth']);
    const onClose = vi.fn();
    stubFetch(server(() => refuse(403, SHRINK)));
    renderUi(<RolePermissionDrawer role={ROLE} onClose={onClose} />);
    await screen.findByTestId('role-permission-tree-node-3');
    await userEvent.click(checkbox(3));
    await userEvent.click(screen.getByTestId('role-permission-save'));
    expect((await screen.findByTestId('server-error')).textContent).toContain(SHRINK);
    expect(onClose).not.toHaveBeenCalled();
  });
});
