import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataRuleRecord } from '@portal/shared/system-data-rules';
import type { DepartMember, DepartNode, DepartRole } from '@portal/shared/system-departs';
import type { MyDepartMemberRecord } from '@portal/shared/system-org';
import type { PermissionTree, PermissionTreeNode, RoleRecord } from '@portal/shared/system-roles';
import type { PackageRecord, PackageTree } from '@portal/shared/system-tenants';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { DepartDetailsTab } from './depart-details-tab.tsx';
import { DepartMemberRolesDialog } from './depart-member-roles-dialog.tsx';
import { DepartPermissionTab } from './depart-permission-tab.tsx';
import { DepartRolePermissionDrawer } from './depart-role-permission-drawer.tsx';
import { DepartRolesTab } from './depart-roles-tab.tsx';
import { MyDepartRolesDialog } from './my-depart-roles-dialog.tsx';
import { PackagePermissionDrawer } from './package-permission-drawer.tsx';
import { RoleDataRuleDrawer } from './role-data-rule-drawer.tsx';
import { RolePermissionDrawer } from './role-permission-drawer.tsx';

/*
 * The departments' forms and every screen that edits a set of grants (a role's, a package's, a department's and
 * its roles' menus; a member's roles; a role's data rules), saved without a change: the set sent is the one held,
 * nothing dropped because a list had not arrived yet, nothing added because a tree half-checked a parent.
 */

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The answers by the end of the path; a write answers null. */
function server(answers: Record<string, unknown>) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname;
    for (const [end, answer] of Object.entries(answers)) if (path.endsWith(end)) return answer;
    if (call.method !== 'GET') return null;
    return new Response(null, { status: 404 });
  };
}

async function sent(calls: FetchCall[]): Promise<FetchCall> {
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  return writes(calls)[0] as FetchCall;
}

const button = (key: number, perms: string): PermissionTreeNode => ({ key, title: perms, menuType: 2, perms });
/** Orders > (list, export), Parcels > (list): the menus and buttons a caller may grant. */
const TREE_LIST: PermissionTreeNode[] = [
  { key: 1, title: 'menu.logistics.root', menuType: 0, perms: 'menu:logistics', children: [
    { key: 2, title: 'menu.logistics.order', menuType: 1, perms: 'logistics:order:list', children: [button(3, 'logistics:order:list'), button(4, 'logistics:order:export')] },
    { key: 5, title: 'menu.logistics.parcel', menuType: 1, perms: 'logistics:package:list', children: [button(6, 'logistics:package:list')] },
  ] },
];
const TREE: PermissionTree = { treeList: TREE_LIST, ids: [1, 2, 3, 4, 5, 6] };

const SALES: DepartNode = {
  id: 7,
  parentId: 1,
  orgCode: 'A01A01',
  departName: 'Sales',
  sortNo: 20,
  heads: [{ userId: 31, username: 'lead', realname: 'Team lead' }, { userId: 32, username: 'deputy', realname: 'Deputy' }],
  memberCount: 3,
  children: [],
};
const member = (id: number, username: string, head = false): DepartMember => ({ id, username, realname: username, phone: null, email: null, status: 1, head });
const CLERK: DepartRole = { id: 61, departId: 7, roleCode: 'sales_clerk', roleName: 'Sales clerk', description: 'Takes orders', userCount: 2 };

describe('departments and grants: a save without a change keeps what is held', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await inEnglish('system-departs');
    await inEnglish('system-roles');
    await inEnglish('system-tenants');
    await inEnglish('system-org');
    await inEnglish('system-data-rules');
  });
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it("a department's name, order and heads (a head beyond the members' first page included)", async () => {
    signIn(['system:depart:edit']);
    // the members list answers its first page: one head is not on it
    const calls = stubFetch(server({ '/sys/user/departUserList': pageOf([member(31, 'lead', true), member(33, 'clerk')]) }));
    renderUi(<DepartDetailsTab depart={SALES} onDeleted={vi.fn()} />);
    await screen.findByTitle('lead (lead)');
    await userEvent.click(screen.getByTestId('depart-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/sysDepart\/edit$/);
    expect(call.body).toEqual({ id: 7, departName: 'Sales', sortNo: 20, headUserIds: [31, 32] });
  });

  it("a department role's name and description", async () => {
    signIn(['system:depart:auth']);
    const calls = stubFetch(server({ '/sys/sysDepartRole/list': pageOf([CLERK]) }));
    renderUi(<DepartRolesTab depart={SALES} />);
    await userEvent.click(await screen.findByTestId('depart-role-edit-sales_clerk'));
    await waitFor(() => expect((screen.getByTestId('depart-role-name') as HTMLInputElement).value).toBe('Sales clerk'));
    await userEvent.click(screen.getByTestId('depart-role-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/sysDepartRole\/edit$/);
    expect(call.body).toEqual({ id: 61, roleName: CLERK.roleName, description: CLERK.description });
  });

  it("a member's department roles: the ones held, and nothing before they are known", async () => {
    signIn(['system:depart:auth']);
    const held: { answer: (ids: number[]) => void } = { answer: () => undefined };
    const calls = stubFetch((call) => {
      if (call.url.pathname.endsWith('/sys/sysDepartRole/getDeptRoleByUserId')) return new Promise((resolve) => (held.answer = resolve));
      return server({ '/sys/sysDepartRole/list': pageOf([CLERK, { ...CLERK, id: 62, roleCode: 'sales_lead', roleName: 'Sales lead' }]) })(call);
    });
    renderUi(<DepartMemberRolesDialog depart={SALES} member={member(33, 'clerk')} onClose={vi.fn()} />);
    // the member's roles have not come: a save now would take every one of them away
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/sys/sysDepartRole/getDeptRoleByUserId'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(writes(calls)).toEqual([]);

    held.answer([62]);
    await screen.findByTestId('depart-member-role-sales_lead');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/sysDepartRole\/deptRoleUserAdd$/);
    expect(call.body).toEqual({ userId: 33, departId: 7, newRoleId: [62], oldRoleId: [62] });
  });

  it("a member's roles in my department", async () => {
    signIn(['system:my-depart:edit']);
    const calls = stubFetch(server({ '/sys/myDepart/roles': [{ id: 61, roleCode: 'sales_clerk', roleName: 'Sales clerk', description: '' }] }));
    // 70 is a role of the department the list does not offer this caller: it stays
    const clerk: MyDepartMemberRecord = { id: 33, username: 'clerk', realname: 'Clerk', avatar: '', email: '', workNo: 'W33', status: 1, head: false, roleIds: [61, 70] };
    renderUi(<MyDepartRolesDialog departId={7} member={clerk} onClose={vi.fn()} />);
    await screen.findByText('Sales clerk');
    await userEvent.click(document.getElementById('my-depart-roles-save') as HTMLElement);
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/myDepart\/memberRoles$/);
    expect(call.body).toEqual({ departId: 7, userId: 33, roleIds: [61, 70] });
  });

  it("a role's menus: the ones held, those the caller cannot see included, no half-checked parent added", async () => {
    signIn(['system:role:auth']);
    const role: RoleRecord = { id: 21, roleCode: 'clerk', roleName: 'Clerk', description: '', createdAt: '2026-01-01T00:00:00.000Z' };
    // a button and its menus, without the other menu under the same root; 90 outside the caller's tree
    const held = [1, 2, 4, 90];
    const calls = stubFetch(server({ '/sys/role/queryTreeList': TREE, '/sys/permission/queryRolePermission': held }));
    renderUi(<RolePermissionDrawer role={role} onClose={vi.fn()} />);
    await screen.findByTestId('role-permission-tree-node-4');
    await userEvent.click(screen.getByTestId('role-permission-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/permission\/saveRolePermission$/);
    const body = call.body as { roleId: number; permissionIds: number[]; lastpermissionIds: number[] };
    expect({ ...body, permissionIds: sorted(body.permissionIds) }).toEqual({ roleId: 21, permissionIds: held, lastpermissionIds: held });
  });

  it("a package's menus", async () => {
    signIn(['system:tenant-package:edit']);
    const pkg: PackageRecord = { id: 4, name: 'Trial', description: '', status: 1, isDefault: false, tenantCount: 2, permissionCount: 3, createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-10-02T00:00:00.000Z' };
    const tree: PackageTree = { ...TREE, checkedIds: [1, 2, 3] };
    const calls = stubFetch(server({ '/sys/tenantPackage/queryTree': tree }));
    renderUi(<PackagePermissionDrawer pkg={pkg} onClose={vi.fn()} />);
    await screen.findByTestId('package-permission-tree-node-3');
    await userEvent.click(screen.getByTestId('package-permission-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/tenantPackage\/savePermissions$/);
    expect(call.body).toEqual({ packageId: 4, permissionIds: [1, 2, 3] });
  });

  it("a department's ceiling", async () => {
    signIn(['system:depart:auth']);
    const calls = stubFetch(server({ '/sys/role/queryTreeList': TREE, '/sys/permission/queryDepartPermission': [1, 5, 6, 90] }));
    renderUi(<DepartPermissionTab depart={SALES} />);
    await screen.findByTestId('depart-permission-tree-node-6');
    await userEvent.click(screen.getByTestId('depart-permission-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/permission\/saveDepartPermission$/);
    expect(call.body).toEqual({ departId: 7, permissionIds: [1, 5, 6, 90], lastpermissionIds: [1, 5, 6, 90] });
  });

  it("a department's ceiling or a department role's menus that could not be read are not saved as none", async () => {
    signIn(['system:depart:auth']);
    const calls = stubFetch(
      server({
        '/sys/role/queryTreeList': TREE,
        '/sys/permission/queryDepartPermission': refuse(500, 'Try again later'),
        '/sys/sysDepartPermission/queryTreeListForDeptRole': TREE_LIST,
        '/sys/sysDepartPermission/queryDeptRolePermission': refuse(500, 'Try again later'),
      }),
    );
    renderUi(
      <>
        <DepartPermissionTab depart={SALES} />
        <DepartRolePermissionDrawer depart={SALES} role={CLERK} onClose={vi.fn()} />
      </>,
    );
    await waitFor(() => expect(calls.filter((call) => call.url.pathname.endsWith('Permission')).length).toBe(2));
    await screen.findByTestId('depart-permission-save');
    await screen.findByTestId('depart-role-permission-tree-node-1');
    await userEvent.click(screen.getByTestId('depart-permission-save'));
    await userEvent.click(screen.getByTestId('depart-role-permission-save'));
    expect(writes(calls)).toEqual([]);
  });

  it("a department role's menus", async () => {
    signIn(['system:depart:auth']);
    const calls = stubFetch(server({ '/sys/sysDepartPermission/queryTreeListForDeptRole': TREE_LIST, '/sys/sysDepartPermission/queryDeptRolePermission': [1, 2, 3] }));
    renderUi(<DepartRolePermissionDrawer depart={SALES} role={CLERK} onClose={vi.fn()} />);
    await screen.findByTestId('depart-role-permission-tree-node-3');
    await userEvent.click(screen.getByTestId('depart-role-permission-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/sysDepartPermission\/saveDeptRolePermission$/);
    expect(call.body).toEqual({ roleId: 61, permissionIds: [1, 2, 3], lastpermissionIds: [1, 2, 3] });
  });

  it("a role's data rules on a menu", async () => {
    signIn(['system:role:auth']);
    const rule = (id: number, ruleName: string): DataRuleRecord => ({ id, permissionId: 2, ruleName, field: 'createdBy', operator: 'eq', valueKind: 'variable', value: 'currentUser', status: 1, createdAt: '2026-10-01T00:00:00.000Z' });
    const calls = stubFetch(server({ '/sys/role/datarule/2/21': { rules: [rule(8, 'Own orders'), rule(9, 'Other')], chosenIds: [8] } }));
    renderUi(<RoleDataRuleDrawer open permissionId={2} resource="orders" title="Orders" roleId={21} onClose={vi.fn()} />);
    await screen.findByTestId('role-data-rule-8');
    await userEvent.click(screen.getByTestId('role-data-rule-save'));
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/sys\/role\/datarule$/);
    expect(call.body).toEqual({ permissionId: 2, roleId: 21, dataRuleIds: [8] });
  });
});
