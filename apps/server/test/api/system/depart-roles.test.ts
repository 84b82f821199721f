import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { DepartRole, GrantNode } from '@portal/shared/system-departs';
import type { MenuEntry } from '@portal/shared/sys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { departments, departRolePermissions, departRoles, permissions, userDepartments, users } from '../../../src/db/schema/sys.ts';

/*
 * Department roles (decision 0017): they grant in the user's current department, up to the
 * department's ceiling; their grants and users follow the rules of delegation.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const LANGS = ['zh-TW', 'zh-CN', 'en-US'] as const;
const keys = (nodes: GrantNode[]): number[] => nodes.flatMap((n) => [n.key, ...keys(n.children)]);
const pathsOf = (menu: MenuEntry[]): string[] => menu.flatMap((m) => [m.path, ...pathsOf(m.children ?? [])]);

describe(`department roles (${testDbKind()})`, () => {
  let t: TestApp;
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '' };
  const ids = { merchant: 0, staff: 0, A01A01: 0, A01A02: 0, clerk: 0 };
  const perm: Record<string, number> = {};

  const call = async (token: string, method: Method, url: string, data?: Record<string, unknown>, lang = 'en-US'): Promise<LightMyRequestResponse> => {
    const response =
      method === 'GET' || method === 'DELETE'
        ? await t.call({ method, url: `/api${url}`, token, lang, query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) })
        : await t.call({ method, url: `/api${url}`, token, lang, payload: data ?? {} });
    bodies.push(response.body);
    return response;
  };
  /** The buttons and pages a user gets: codes of the buttons, and `path:` + the path of every menu. */
  const codesOf = async (token: string) => {
    const result = ok<{ auth: { action: string }[]; menu: MenuEntry[] }>(await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token }));
    return new Set([...result.auth.map((a) => a.action), ...pathsOf(result.menu).map((path) => `path:${path}`)]);
  };
  const addRole = async (departId: number, roleCode: string, lang = 'en-US') => call(tokens.merchant, 'POST', '/sys/sysDepartRole/add', { departId, roleCode, roleName: `Role ${roleCode}` }, lang);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['merchant', 'merchant2', 'staff'] as const) tokens[who] = await t.login(who);
    for (const who of ['merchant', 'staff'] as const) ids[who] = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, who)))[0]!.id;
    for (const code of ['A01A01', 'A01A02'] as const) {
      ids[code] = (await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, code))))[0]!.id;
    }
    ids.clerk = (await t.db.select({ id: departRoles.id }).from(departRoles).where(eq(departRoles.roleCode, 'finance_clerk')))[0]!.id;
    const rows = await t.db
      .select({ id: permissions.id, perms: permissions.perms })
      .from(permissions)
      .where(inArray(permissions.perms, ['wallet:recharge:list', 'wallet:recharge:submit', 'wallet:payment:list', 'logistics:order:list', 'logistics:order:cancel']));
    for (const row of rows) perm[row.perms] = row.id;
  });
  afterAll(() => t.close());

  it('refuses without a session (401) and without the code (403 for staff)', async () => {
    const calls: [Method, string, Record<string, unknown>][] = [
      ['GET', '/sys/sysDepartRole/list', { deptId: ids.A01A02 }],
      ['POST', '/sys/sysDepartRole/add', { departId: ids.A01A02, roleCode: 'x', roleName: 'x' }],
      ['PUT', '/sys/sysDepartRole/edit', { id: ids.clerk, roleName: 'x' }],
      ['DELETE', '/sys/sysDepartRole/delete', { id: ids.clerk }],
      ['GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: ids.A01A02 }],
      ['GET', '/sys/sysDepartPermission/queryDeptRolePermission', { roleId: ids.clerk }],
      ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: ids.clerk, permissionIds: [] }],
      ['GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId: ids.merchant, departId: ids.A01A02 }],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: ids.staff, departId: ids.A01A02, newRoleId: [ids.clerk] }],
    ];
    for (const [method, url, data] of calls) {
      expect((await call('', method, url, data)).statusCode, url).toBe(401);
      expect((await call(tokens.staff, method, url, data)).statusCode, url).toBe(403);
    }
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartPermission/queryDeptRolePermission', { roleId: ids.clerk })).length).toBeGreaterThan(3);
  });

  it("lists, adds, edits and deletes a department's roles; a taken code is 409", async () => {
    const list = ok<{ records: DepartRole[] }>(await call(tokens.merchant, 'GET', '/sys/sysDepartRole/list', { deptId: ids.A01A02 }));
    expect(list.records.map((r) => [r.roleCode, r.userCount])).toEqual([['finance_clerk', 1]]);
    const role = ok<DepartRole>(await addRole(ids.A01A02, 'cashier'));
    expect(role).toMatchObject({ departId: ids.A01A02, roleCode: 'cashier', userCount: 0 });
    const texts = ['此部門已有相同編碼的角色', '此部门已有相同编码的角色', 'This department already has a role with that code'];
    for (const [i, lang] of LANGS.entries()) expect(refused(await addRole(ids.A01A02, 'cashier', lang), 409)).toBe(texts[i]);
    // the same code in another department is another role
    ok(await addRole(ids.A01A01, 'cashier'));
    expect(ok<DepartRole>(await call(tokens.merchant, 'PUT', '/sys/sysDepartRole/edit', { id: role.id, roleName: 'Cashier', description: 'counts cash' }))).toMatchObject({ roleName: 'Cashier', description: 'counts cash' });
    ok(await call(tokens.merchant, 'DELETE', '/sys/sysDepartRole/delete', { id: role.id }));
    expect(refused(await call(tokens.merchant, 'DELETE', '/sys/sysDepartRole/delete', { id: role.id }), 404)).toBeTruthy();
  });

  it("answers the department's tree limited to its ceiling, and refuses grants beyond it", async () => {
    const tree = ok<GrantNode[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: ids.A01A02 }));
    const inTree = new Set(keys(tree));
    expect(inTree.has(perm['wallet:recharge:submit']!)).toBe(true);
    expect(inTree.has(perm['logistics:order:list']!)).toBe(false);
    // the operations department has no ceiling at all: nothing can be granted there
    expect(ok<GrantNode[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: ids.A01A01 }))).toEqual([]);
    const role = ok<DepartRole>(await addRole(ids.A01A02, 'auditor'));
    const texts = [
      '超出部門可授權範圍：部門角色只能擁有部門權限內的選單與按鈕',
      '超出部门可授权范围：部门角色只能拥有部门权限内的菜单与按钮',
      "Beyond the department's ceiling: a department role can only hold menus and buttons of the department's permissions",
    ];
    for (const [i, lang] of LANGS.entries()) {
      const response = await call(tokens.merchant, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: [perm['wallet:recharge:list'], perm['logistics:order:list']] }, lang);
      expect(refused(response, 403)).toBe(texts[i]);
    }
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartPermission/queryDeptRolePermission', { roleId: role.id }))).toEqual([]);
  });

  it("gives a member exactly the role's menus and buttons in that department, never beyond the ceiling", async () => {
    const role = ok<DepartRole>(await addRole(ids.A01A02, 'recharger'));
    ok(await call(tokens.merchant, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: [perm['wallet:recharge:list'], perm['wallet:recharge:submit']] }));
    // not a member yet
    const texts = ['此使用者不是此部門的成員，不能給他部門角色', '此用户不是此部门的成员，不能给他部门角色', 'This user is not a member of the department, so cannot be given its roles'];
    for (const [i, lang] of LANGS.entries()) {
      expect(refused(await call(tokens.merchant, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: ids.staff, departId: ids.A01A02, newRoleId: [role.id] }, lang), 400)).toBe(texts[i]);
    }
    // a grant above the ceiling written behind the API's back is never effective (intersected at load)
    await t.db.insert(departRolePermissions).values({ tenantId: 1, roleId: role.id, permissionId: perm['logistics:order:cancel']! });
    ok(await call(tokens.merchant, 'POST', '/sys/user/editSysDepartWithUser', { depId: ids.A01A02, userIdList: [ids.staff] }));
    ok(await call(tokens.merchant, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: ids.staff, departId: ids.A01A02, newRoleId: [role.id], oldRoleId: [] }));
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId: ids.staff, departId: ids.A01A02 }))).toEqual([role.id]);

    const before = await codesOf(tokens.staff);
    // the role grants nothing while operations is staff's current department
    expect(before.has('wallet:recharge:submit')).toBe(false);
    ok(await call(tokens.staff, 'POST', '/sys/selectDepart', { orgCode: 'A01A02', username: 'staff' }));
    const inFinance = await codesOf(tokens.staff);
    // the recharge page with the menus above it, and its submit button: nothing else
    const pages = await t.db.select({ path: permissions.path }).from(permissions).where(inArray(permissions.perms, ['finance:module:view', 'wallet:module:view', 'wallet:recharge:list']));
    expect([...inFinance].filter((code) => !before.has(code)).sort()).toEqual([...pages.map((p) => `path:${p.path}`), 'wallet:recharge:submit'].sort());
    expect(inFinance.has('logistics:order:cancel')).toBe(false);

    // the ceiling narrows: the role's grant goes with it at once
    const ceiling = ok<number[]>(await call(tokens.merchant, 'GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 }));
    ok(await call(tokens.merchant, 'POST', '/sys/permission/saveDepartPermission', { departId: ids.A01A02, permissionIds: ceiling.filter((id) => id !== perm['wallet:recharge:submit']) }));
    const narrowed = await codesOf(tokens.staff);
    expect(narrowed.has('wallet:recharge:submit')).toBe(false);
    expect(narrowed.has(`path:${pages.find((p) => p.path.endsWith('recharge'))?.path}`)).toBe(true);

    // leaving the department ends its roles
    ok(await call(tokens.merchant, 'DELETE', '/sys/user/deleteUserInDepart', { depId: ids.A01A02, userId: ids.staff }));
    expect([...(await codesOf(tokens.staff))].sort()).toEqual([...before].sort());
    expect(await t.db.select().from(userDepartments).where(and(eq(userDepartments.userId, ids.staff), eq(userDepartments.departmentId, ids.A01A02)))).toEqual([]);
  });

  it('follows the rules of delegation: nobody changes their own roles', async () => {
    const texts = ['您不能凍結、刪除自己或變更自己的角色', '您不能冻结、删除自己或变更自己的角色', 'You cannot freeze or delete yourself, or change your own roles'];
    for (const [i, lang] of LANGS.entries()) {
      expect(refused(await call(tokens.merchant, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: ids.merchant, departId: ids.A01A02, newRoleId: [] }, lang), 403)).toBe(texts[i]);
    }
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId: ids.merchant, departId: ids.A01A02 }))).toEqual([ids.clerk]);
  });

  it("answers 404 for another tenant's roles and departments, and changes nothing", async () => {
    const m2 = tokens.merchant2;
    expect(refused(await call(m2, 'GET', '/sys/sysDepartRole/list', { deptId: ids.A01A02 }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'PUT', '/sys/sysDepartRole/edit', { id: ids.clerk, roleName: 'hijacked' }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'DELETE', '/sys/sysDepartRole/delete', { id: ids.clerk }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: ids.A01A02 }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'GET', '/sys/sysDepartPermission/queryDeptRolePermission', { roleId: ids.clerk }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: ids.clerk, permissionIds: [] }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId: ids.merchant, departId: ids.A01A02 }), 404)).toBeTruthy();
    expect(refused(await call(m2, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: ids.merchant, departId: ids.A01A02, newRoleId: [] }), 404)).toBeTruthy();
    const clerk = (await t.db.select().from(departRoles).where(eq(departRoles.id, ids.clerk)))[0]!;
    expect(clerk.roleName).toBe('財務專員 Finance clerk');
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId: ids.merchant, departId: ids.A01A02 }))).toEqual([ids.clerk]);
  });

  it('never answers a password hash or a token', () => {
    const all = bodies.join('\n');
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(all).not.toContain(secret);
  });
});
