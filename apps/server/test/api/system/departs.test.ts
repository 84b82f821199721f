import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { DepartMember, DepartNode, DepartRecord } from '@portal/shared/system-departs';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { departments, departRolePermissions, departRoles, permissions, rolePermissions, roles, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';

/*
 * Departments: the tree and its org codes, search, add, edit, delete, move, members and
 * the department's permissions (its ceiling). Every answer body is kept and searched for secrets at the end.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Page<T> = { records: T[]; total: number };

const flat = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe(`departments (${testDbKind()})`, () => {
  let t: TestApp;
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '', admin: '' };
  const ids = { merchant: 0, staff: 0, merchant2: 0, A01: 0, A01A01: 0, A01A02: 0 };

  const call = async (token: string, method: Method, url: string, data?: Record<string, unknown>, lang = 'en-US'): Promise<LightMyRequestResponse> => {
    const response =
      method === 'GET' || method === 'DELETE'
        ? await t.call({ method, url: `/api${url}`, token, lang, query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) })
        : await t.call({ method, url: `/api${url}`, token, lang, payload: data ?? {} });
    bodies.push(response.body);
    return response;
  };
  const tree = async (token = tokens.merchant) => flat(ok<DepartNode[]>(await call(token, 'GET', '/sys/sysDepart/queryTreeList')));
  const byCode = async (code: string) => (await tree()).find((d) => d.orgCode === code);
  const add = async (departName: string, parentId: number | null, token = tokens.merchant) => ok<DepartRecord>(await call(token, 'POST', '/sys/sysDepart/add', { departName, parentId }));
  const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['merchant', 'merchant2', 'staff', 'admin'] as const) tokens[who] = await t.login(who);
    for (const who of ['merchant', 'staff', 'merchant2'] as const) ids[who] = await userId(who);
    for (const code of ['A01', 'A01A01', 'A01A02'] as const) {
      ids[code] = (await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, code))))[0]!.id;
    }
  });
  afterAll(() => t.close());

  it("answers the tenant's tree with heads and member counts", async () => {
    const roots = ok<DepartNode[]>(await call(tokens.merchant, 'GET', '/sys/sysDepart/queryTreeList'));
    expect(roots.map((r) => r.orgCode)).toEqual(['A01']);
    expect(roots[0]!.children.map((c) => [c.orgCode, c.memberCount])).toEqual([
      ['A01A01', 2],
      ['A01A02', 1],
    ]);
    const idTree = ok<{ key: number; title: string; children: { title: string }[] }[]>(await call(tokens.merchant, 'GET', '/sys/sysDepart/queryIdTree'));
    expect(idTree[0]).toMatchObject({ key: ids.A01, title: 'Demo Trading' });
    expect(idTree[0]!.children.map((c) => c.title)).toEqual(['營運部 Operations', '財務部 Finance']);
    // the other tenant's tree is its own
    expect((await tree(tokens.merchant2)).map((d) => d.orgCode)).toEqual(['A01', 'A01A03']);
  });

  it('refuses without a session (401) and without the codes (403 for staff)', async () => {
    const calls: [Method, string, Record<string, unknown>][] = [
      ['GET', '/sys/sysDepart/queryTreeList', {}],
      ['GET', '/sys/sysDepart/queryIdTree', {}],
      ['GET', '/sys/sysDepart/searchBy', { keyWord: 'A01' }],
      ['POST', '/sys/sysDepart/add', { departName: 'x' }],
      ['PUT', '/sys/sysDepart/edit', { id: ids.A01A01, departName: 'x' }],
      ['PUT', '/sys/sysDepart/move', { id: ids.A01A01, parentId: ids.A01, index: 0 }],
      ['DELETE', '/sys/sysDepart/delete', { id: ids.A01A01 }],
      ['GET', '/sys/user/departUserList', { depId: ids.A01A01 }],
      ['POST', '/sys/user/editSysDepartWithUser', { depId: ids.A01A01, userIdList: [ids.staff] }],
      ['DELETE', '/sys/user/deleteUserInDepart', { depId: ids.A01A01, userId: ids.staff }],
      ['GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 }],
      ['POST', '/sys/permission/saveDepartPermission', { departId: ids.A01A02, permissionIds: [] }],
    ];
    for (const [method, url, data] of calls) {
      expect((await call('', method, url, data)).statusCode, url).toBe(401);
      expect((await call(tokens.staff, method, url, data)).statusCode, url).toBe(403);
    }
    expect((await byCode('A01A01'))?.departName).toBe('營運部 Operations');
  });

  it("gives the user screens' department filter and picker the tree under the user list's right alone", async () => {
    // the finding: a role holding only the user list opened it and was refused the department filter's tree
    const grants = (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, ['system:user:list']))).map((row) => row.id);
    const [role] = await t.db.insert(roles).values({ tenantId: 1, roleCode: 'users_only', roleName: 'Users only' }).returning({ id: roles.id });
    await t.db.insert(rolePermissions).values(grants.map((permissionId) => ({ tenantId: 1, roleId: role!.id, permissionId })));
    const [person] = await t.db.insert(users).values({ username: 'users_only_reader', realname: 'Users only', passwordHash: await hashPassword(DEMO_PASSWORD), defaultTenantId: 1 }).returning({ id: users.id });
    await t.db.insert(userTenants).values({ userId: person!.id, tenantId: 1 });
    await t.db.insert(userRoles).values({ userId: person!.id, tenantId: 1, roleId: role!.id });
    const token = await t.login('users_only_reader');
    expect((await call(token, 'GET', '/sys/user/list', { pageNo: 1, pageSize: 10 })).statusCode).toBe(200);
    const tree = ok<{ orgCode: string; children: unknown[] }[]>(await call(token, 'GET', '/sys/user/departIdTree'));
    expect(tree).toEqual(ok(await call(tokens.merchant, 'GET', '/sys/sysDepart/queryIdTree')));
    // the departments' own screen still needs its right
    expect((await call(token, 'GET', '/sys/sysDepart/queryIdTree')).statusCode).toBe(403);
    expect((await call(tokens.staff, 'GET', '/sys/user/departIdTree')).statusCode).toBe(403);
  });

  it('adds departments with hierarchical org codes, on both sides', async () => {
    const sales = await add('Sales', ids.A01);
    expect(sales.orgCode).toBe('A01A03');
    expect((await add('Sales north', sales.id)).orgCode).toBe('A01A03A01');
    expect((await add('Sales south', sales.id)).orgCode).toBe('A01A03A02');
    expect((await add('Second company', null)).orgCode).toBe('A02');
    // the platform administers its own tenant (0)
    const platform = await add('Platform operations', null, tokens.admin);
    expect(platform.orgCode).toBe('A01');
    expect((await tree(tokens.admin)).map((d) => d.departName)).toEqual(['Platform operations']);
    // another tenant's parent does not exist here
    expect(refused(await call(tokens.merchant2, 'POST', '/sys/sysDepart/add', { departName: 'x', parentId: ids.A01 }), 404)).toBeTruthy();
  });

  it('answers 409 when the generated org code was taken meanwhile', async () => {
    // as if another administrator had added a department with the same code a moment before
    await t.db.execute(sql.raw(`create or replace function test_depart_clash() returns trigger language plpgsql as $$
      begin new.org_code := 'A01A01'; return new; end $$`));
    await t.db.execute(sql.raw('create trigger test_depart_clash before insert on sys_depart for each row execute function test_depart_clash()'));
    try {
      for (const [lang, text] of [
        ['zh-TW', '部門編碼已被使用，請重試'],
        ['zh-CN', '部门编码已被使用，请重试'],
        ['en-US', 'That department code is taken; please try again'],
      ] as const) {
        expect(refused(await call(tokens.merchant, 'POST', '/sys/sysDepart/add', { departName: 'Clash', parentId: ids.A01 }, lang), 409)).toBe(text);
      }
    } finally {
      await t.db.execute(sql.raw('drop trigger test_depart_clash on sys_depart'));
      await t.db.execute(sql.raw('drop function test_depart_clash()'));
    }
  });

  it('refuses a second department of one name under one parent (case, width and spaces folded), in an add and an edit', async () => {
    const texts = {
      'zh-TW': '同一上級部門下已有名為「財務部 Finance」的部門',
      'zh-CN': '同一上级部门下已有名为“財務部 Finance”的部门',
      'en-US': 'There is already a department named "財務部 Finance" under the same parent',
    } as const;
    for (const [lang, text] of Object.entries(texts)) {
      expect(refused(await call(tokens.merchant, 'POST', '/sys/sysDepart/add', { departName: ' 財務部 FINANCE ', parentId: ids.A01 }, lang), 409)).toBe(text);
    }
    const before = (await tree()).length;
    // under another parent the name is free; renaming a department to a sibling's name is refused, to its own is not
    const elsewhere = await add('財務部 Finance', ids.A01A01);
    expect((await tree()).length).toBe(before + 1);
    expect(refused(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A01, departName: '財務部 Finance' }), 409)).toBe(texts['en-US']);
    ok(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A02, departName: '財務部 Finance' }));
    ok(await call(tokens.merchant, 'DELETE', '/sys/sysDepart/delete', { id: elsewhere.id }));
  });

  it('searches by name or org code with the word bound, wildcards and SQL taken literally', async () => {
    const search = async (keyWord: string) => ok<DepartRecord[]>(await call(tokens.merchant, 'GET', '/sys/sysDepart/searchBy', { keyWord })).map((d) => d.orgCode);
    expect(await search('財務')).toEqual(['A01A02']);
    expect(await search('a01a03')).toEqual(['A01A03', 'A01A03A01', 'A01A03A02']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    for (const keyWord of ["' or '1'='1", "x'); drop table sys_depart; --", "A01%') or 1=1 --"]) expect(await search(keyWord)).toEqual([]);
    expect((await tree()).length).toBeGreaterThan(5);
    // the other tenant finds nothing of this one
    expect(ok<DepartRecord[]>(await call(tokens.merchant2, 'GET', '/sys/sysDepart/searchBy', { keyWord: 'Sales' }))).toEqual([]);
  });

  it('edits the name, sort number and heads, who must be members', async () => {
    const edited = ok<DepartRecord>(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A01, departName: '營運部 Ops', sortNo: 5, headUserIds: [ids.staff] }));
    expect(edited).toMatchObject({ departName: '營運部 Ops', sortNo: 5 });
    expect((await byCode('A01A01'))?.heads.map((h) => h.username)).toEqual(['staff']);
    for (const [lang, text] of [
      ['zh-TW', '部門負責人必須是此部門的成員'],
      ['zh-CN', '部门负责人必须是此部门的成员'],
      ['en-US', 'A head of the department must be one of its members'],
    ] as const) {
      expect(refused(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A02, departName: 'x', headUserIds: [ids.staff] }, lang), 400)).toBe(text);
    }
    expect((await byCode('A01A02'))?.departName).toBe('財務部 Finance');
    expect(refused(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A01, departName: '' }), 400)).toBeTruthy();
    ok(await call(tokens.merchant, 'PUT', '/sys/sysDepart/edit', { id: ids.A01A01, departName: '營運部 Operations', headUserIds: [] }));
    expect((await byCode('A01A01'))?.heads).toEqual([]);
  });

  it('lists, adds and removes members; another tenant\'s user is not found', async () => {
    const members = async (depId: number) => ok<Page<DepartMember>>(await call(tokens.merchant, 'GET', '/sys/user/departUserList', { depId, pageSize: 50 }));
    expect((await members(ids.A01A01)).records.map((m) => m.username).sort()).toEqual(['merchant', 'staff']);
    const sales = (await byCode('A01A03'))!;
    ok(await call(tokens.merchant, 'POST', '/sys/user/editSysDepartWithUser', { depId: sales.id, userIdList: [ids.staff] }));
    expect((await members(sales.id)).records.map((m) => m.username)).toEqual(['staff']);
    expect(refused(await call(tokens.merchant, 'POST', '/sys/user/editSysDepartWithUser', { depId: sales.id, userIdList: [ids.merchant2] }), 404)).toBeTruthy();
    ok(await call(tokens.merchant, 'DELETE', '/sys/user/deleteUserInDepart', { depId: sales.id, userId: ids.staff }));
    expect((await members(sales.id)).total).toBe(0);
    expect(refused(await call(tokens.merchant, 'DELETE', '/sys/user/deleteUserInDepart', { depId: sales.id, userId: ids.staff }), 404)).toBeTruthy();
  });

  it('refuses to delete a department with sub-departments or members (409), deletes an empty one', async () => {
    const cases = [
      [ids.A01, ['此部門還有下級部門，請先刪除或移走它們', '此部门还有下级部门，请先删除或移走它们', 'This department still has sub-departments; delete or move them first']],
      [ids.A01A01, ['此部門還有成員，請先移除他們', '此部门还有成员，请先移除他们', 'This department still has members; remove them first']],
    ] as const;
    for (const [id, texts] of cases) {
      for (const [i, lang] of (['zh-TW', 'zh-CN', 'en-US'] as const).entries()) expect(refused(await call(tokens.merchant, 'DELETE', '/sys/sysDepart/delete', { id }, lang), 409)).toBe(texts[i]);
    }
    const empty = await add('Temporary', ids.A01);
    ok(await call(tokens.merchant, 'DELETE', '/sys/sysDepart/delete', { id: empty.id }));
    expect(await byCode(empty.orgCode)).toBeUndefined();
    expect(refused(await call(tokens.merchant, 'DELETE', '/sys/sysDepart/delete', { id: empty.id }), 404)).toBeTruthy();
  });

  it('moves a subtree: its org codes follow, and so does the current department of its members', async () => {
    const sales = (await byCode('A01A03'))!;
    const north = (await byCode('A01A03A01'))!;
    ok(await call(tokens.merchant, 'POST', '/sys/user/editSysDepartWithUser', { depId: north.id, userIdList: [ids.staff] }));
    const staffSelect = await call(tokens.staff, 'POST', '/sys/selectDepart', { orgCode: 'A01A03A01', username: 'staff' });
    expect(staffSelect.json().result.userInfo.orgCode).toBe('A01A03A01');
    // under its own descendant: refused
    for (const [lang, text] of [
      ['zh-TW', '不能把部門移到它自己或它的下級部門之下'],
      ['zh-CN', '不能把部门移到它自己或它的下级部门之下'],
      ['en-US', 'A department cannot move under itself or one of its sub-departments'],
    ] as const) {
      expect(refused(await call(tokens.merchant, 'PUT', '/sys/sysDepart/move', { id: sales.id, parentId: north.id, index: 0 }, lang), 400)).toBe(text);
    }
    ok(await call(tokens.merchant, 'PUT', '/sys/sysDepart/move', { id: sales.id, parentId: ids.A01A02, index: 0 }));
    const codes = (await tree()).map((d) => [d.departName, d.orgCode]);
    expect(codes).toEqual(expect.arrayContaining([['Sales', 'A01A02A01'], ['Sales north', 'A01A02A01A01'], ['Sales south', 'A01A02A01A02']]));
    const staff = (await t.db.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, ids.staff)))[0]!;
    expect(staff.orgCode).toBe('A01A02A01A01');
    // the moved member's session sees it at once
    expect(ok<{ orgCode: string }>(await call(tokens.staff, 'GET', '/sys/user/getCurrentUserDeparts')).orgCode).toBe('A01A02A01A01');
    // reorder among siblings: south first
    const south = (await byCode('A01A02A01A02'))!;
    ok(await call(tokens.merchant, 'PUT', '/sys/sysDepart/move', { id: south.id, parentId: sales.id, index: 0 }));
    const moved = (await tree()).find((d) => d.id === sales.id)!;
    expect(moved.children.map((c) => c.departName)).toEqual(['Sales south', 'Sales north']);
    // merchant2 cannot move tenant 1's department
    expect(refused(await call(tokens.merchant2, 'PUT', '/sys/sysDepart/move', { id: sales.id, parentId: null, index: 0 }), 404)).toBeTruthy();
  });

  it("saves the department's ceiling within what the grantor holds, and trims its roles to it", async () => {
    const ceiling = ok<number[]>(await call(tokens.merchant, 'GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 }));
    expect(ceiling.length).toBeGreaterThan(3);
    const byPerms = async (perms: string) => (await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, perms)))[0]!.id;
    // a platform screen the merchant does not hold
    const warehouse = await byPerms('warehouse:receive:scan');
    for (const [lang, text] of [
      ['zh-TW', '您只能授予或收回自己擁有的權限'],
      ['zh-CN', '您只能授予或收回自己拥有的权限'],
      ['en-US', 'You can only grant or take away permissions you hold yourself'],
    ] as const) {
      expect(refused(await call(tokens.merchant, 'POST', '/sys/permission/saveDepartPermission', { departId: ids.A01A02, permissionIds: [...ceiling, warehouse] }, lang), 403)).toBe(text);
    }
    const submit = await byPerms('wallet:recharge:submit');
    expect(ceiling).toContain(submit);
    ok(await call(tokens.merchant, 'POST', '/sys/permission/saveDepartPermission', { departId: ids.A01A02, permissionIds: ceiling.filter((id) => id !== submit), lastpermissionIds: ceiling }));
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 }))).not.toContain(submit);
    // the finance clerk role lost it with the ceiling
    const clerk = (await t.db.select({ id: departRoles.id }).from(departRoles).where(and(eq(departRoles.tenantId, 1), eq(departRoles.roleCode, 'finance_clerk'))))[0]!;
    const clerkGrants = (await t.db.select().from(departRolePermissions).where(eq(departRolePermissions.roleId, clerk.id))).map((g) => g.permissionId);
    expect(clerkGrants).not.toContain(submit);
    expect(clerkGrants.length).toBe(ceiling.length - 1);
    // another tenant's department is not found, and unchanged
    expect(refused(await call(tokens.merchant2, 'GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 }), 404)).toBeTruthy();
    expect(refused(await call(tokens.merchant2, 'POST', '/sys/permission/saveDepartPermission', { departId: ids.A01A02, permissionIds: [] }), 404)).toBeTruthy();
    expect(ok<number[]>(await call(tokens.merchant, 'GET', '/sys/permission/queryDepartPermission', { departId: ids.A01A02 })).length).toBe(ceiling.length - 1);
  });

  it('exports the tree in the caller\'s language, parents before children', async () => {
    const sheet = await readXlsx(await call(tokens.merchant, 'GET', '/sys/sysDepart/exportXls', {}, 'zh-CN'));
    expect(sheet.headers).toEqual(['部门编码', '部门名称', '上级部门', '排序', '负责人', '成员人数']);
    const rows = sheet.rows.map((row) => row.slice(0, 3));
    expect(rows[0]).toEqual(['A01', 'Demo Trading', null]);
    expect(rows).toContainEqual(['A01A01', '營運部 Operations', 'Demo Trading']);
    expect(rows).toContainEqual(['A01A02A01A01', 'Sales north', 'Sales']);
    expect((await call(tokens.staff, 'GET', '/sys/sysDepart/exportXls')).statusCode).toBe(403);
    const other = await readXlsx(await call(tokens.merchant2, 'GET', '/sys/sysDepart/exportXls'));
    expect(other.rows.map((row) => row[0])).toEqual(['A01', 'A01A03']);
  });

  it('never answers a password hash or a token', () => {
    const all = bodies.join('\n');
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(all).not.toContain(secret);
  });
});
