import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { departmentPermissions, departments, departRolePermissions, departRoles, permissions, userDepartments, users } from '../../../src/db/schema/sys.ts';

type Node = { id: number; orgCode: string; departName: string; head: boolean; children: Node[] };
type Member = { id: number; username: string; head: boolean; roleIds: number[] };
type Page<T> = { records: T[]; total: number };

const M = '/api/sys/myDepart';
const TREE = '/api/sys/sysDepart/queryMyDeptTreeList';

describe(`my department (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { merchant: '', staff: '', merchant2: '' };
  const bodies: string[] = [];
  const ids = { ops: 0, team: 0, finance: 0, t2Depart: 0, staff: 0, merchant: 0, merchant2: 0, roleOk: 0, roleTooMuch: 0 };
  const call = async (who: keyof typeof tokens, request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; query?: Record<string, string>; payload?: object; lang?: string }) => {
    const response: LightMyRequestResponse = await t.call({ ...request, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const members = async (who: keyof typeof tokens, departId: number, query: Record<string, string> = {}) =>
    ok<Page<Member>>(await call(who, { method: 'GET', url: `${M}/members`, query: { departId: String(departId), ...query } }));

  beforeAll(async () => {
    t = await createTestApp();
    const depart = async (tenantId: number, orgCode: string) => (await t.db.select().from(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.orgCode, orgCode))))[0]!.id;
    const user = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0]!.id;
    ids.ops = await depart(1, 'A01A01');
    ids.finance = await depart(1, 'A01A02');
    ids.t2Depart = await depart(2, 'A01A03');
    ids.staff = await user('staff');
    ids.merchant = await user('merchant');
    ids.merchant2 = await user('merchant2');
    ids.team = (await t.db.insert(departments).values({ tenantId: 1, parentId: ids.ops, orgCode: 'A01A01A01', departName: '物流組 Logistics team' }).returning())[0]!.id;
    // merchant leads operations (and so the team under it), merchant2 their own warehousing department
    await t.db.update(userDepartments).set({ head: true }).where(and(eq(userDepartments.userId, ids.merchant), eq(userDepartments.departmentId, ids.ops)));
    await t.db.update(userDepartments).set({ head: true }).where(and(eq(userDepartments.userId, ids.merchant2), eq(userDepartments.departmentId, ids.t2Depart)));
    // two department roles of operations: one granting a merchant screen, one a platform screen no merchant holds
    const perm = async (code: string) => (await t.db.select().from(permissions).where(eq(permissions.perms, code)))[0]!.id;
    ids.roleOk = (await t.db.insert(departRoles).values({ tenantId: 1, departmentId: ids.ops, roleCode: 'ops_orders', roleName: '訂單專員' }).returning())[0]!.id;
    ids.roleTooMuch = (await t.db.insert(departRoles).values({ tenantId: 1, departmentId: ids.ops, roleCode: 'ops_scan', roleName: '倉庫掃描' }).returning())[0]!.id;
    await t.db.insert(departRolePermissions).values([
      { tenantId: 1, roleId: ids.roleOk, permissionId: await perm('logistics:order:list') },
      { tenantId: 1, roleId: ids.roleTooMuch, permissionId: await perm('warehouse:receive:scan') },
    ]);
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('shows the departments the caller leads with those under them, and only those', async () => {
    const tree = ok<Node[]>(await call('merchant', { method: 'GET', url: TREE }));
    expect(tree.map((node) => [node.orgCode, node.head, node.children.map((child) => [child.orgCode, child.head])])).toEqual([['A01A01', true, [['A01A01A01', false]]]]);
    const other = ok<Node[]>(await call('merchant2', { method: 'GET', url: TREE }));
    expect(other.map((node) => node.orgCode)).toEqual(['A01A03']);
    expect(JSON.stringify(other)).not.toContain('A01A01');
  });

  it('lists the members of a led department and of one under it, searched; 404 for a department not led or of another tenant', async () => {
    const page = await members('merchant', ids.ops);
    expect(page.records.map((m) => [m.username, m.head])).toEqual([
      ['merchant', true],
      ['staff', false],
    ]);
    expect((await members('merchant', ids.ops, { keyword: 'staf' })).records.map((m) => m.username)).toEqual(['staff']);
    expect((await members('merchant', ids.ops, { keyword: "' or 1=1 --" })).total).toBe(0);
    expect((await members('merchant', ids.ops, { keyword: '%' })).total).toBe(0);
    expect((await members('merchant', ids.team)).total).toBe(0);
    refused(await call('merchant', { method: 'GET', url: `${M}/members`, query: { departId: String(ids.finance) } }), 404);
    refused(await call('merchant2', { method: 'GET', url: `${M}/members`, query: { departId: String(ids.ops) } }), 404);
    refused(await call('merchant2', { method: 'GET', url: `${M}/roles`, query: { departId: String(ids.ops) } }), 404);
    refused(await call('merchant', { method: 'GET', url: `${M}/roles`, query: { departId: String(ids.t2Depart) } }), 404);
  });

  it('refuses without a session (401) and without the codes (403: staff)', async () => {
    refused(await t.call({ method: 'GET', url: TREE }), 401);
    refused(await t.call({ method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.staff } }), 401);
    refused(await call('staff', { method: 'GET', url: TREE }), 403);
    refused(await call('staff', { method: 'GET', url: `${M}/members`, query: { departId: String(ids.ops) } }), 403);
    refused(await call('staff', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.staff } }), 403);
    refused(await call('staff', { method: 'DELETE', url: `${M}/removeMember`, query: { departId: String(ids.ops), userId: String(ids.staff) } }), 403);
    refused(await call('staff', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: [] } }), 403);
  });

  it('adds a user of the tenant to a led department (409 twice), never another tenant\'s user (404), and removes them', async () => {
    const candidates = ok<{ id: number; username: string }[]>(await call('merchant', { method: 'GET', url: `${M}/candidates`, query: { departId: String(ids.team) } }));
    expect(candidates.map((c) => c.username).sort()).toEqual(['merchant', 'staff']);
    ok(await call('merchant', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.staff } }));
    expect((await members('merchant', ids.team)).records.map((m) => m.username)).toEqual(['staff']);
    const taken = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.staff }, lang }), 409)),
    );
    expect(taken).toEqual(['此使用者已是該部門的成員', '此用户已是该部门的成员', 'This user is already a member of the department']);
    refused(await call('merchant', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.merchant2 } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.t2Depart, userId: ids.staff } }), 404);
    refused(await call('merchant2', { method: 'DELETE', url: `${M}/removeMember`, query: { departId: String(ids.team), userId: String(ids.staff) } }), 404);
    ok(await call('merchant', { method: 'DELETE', url: `${M}/removeMember`, query: { departId: String(ids.team), userId: String(ids.staff) } }));
    expect((await members('merchant', ids.team)).total).toBe(0);
    refused(await call('merchant', { method: 'DELETE', url: `${M}/removeMember`, query: { departId: String(ids.team), userId: String(ids.staff) } }), 404);
  });

  it('adds nobody to a department that grants what the caller does not hold (403 in three languages)', async () => {
    const scan = (await t.db.select().from(permissions).where(eq(permissions.perms, 'warehouse:receive:scan')))[0]!.id;
    await t.db.insert(departmentPermissions).values({ tenantId: 1, departmentId: ids.team, permissionId: scan });
    const messages = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${M}/addMember`, payload: { departId: ids.team, userId: ids.staff }, lang }), 403)),
    );
    expect(messages[2]).toBe('You cannot add members to, or remove them from, a department that grants permissions you do not hold');
    expect(messages[0]).toBe('您不能將成員加入或移出擁有您所沒有權限的部門');
    expect(messages[1]).toBe('您不能将成员加入或移出拥有您所没有权限的部门');
    expect((await members('merchant', ids.team)).total).toBe(0);
    await t.db.delete(departmentPermissions).where(and(eq(departmentPermissions.tenantId, 1), eq(departmentPermissions.departmentId, ids.team)));
  });

  it("gives a member the department's roles under the rules of delegation", async () => {
    const roles = ok<{ id: number; roleCode: string }[]>(await call('merchant', { method: 'GET', url: `${M}/roles`, query: { departId: String(ids.ops) } }));
    expect(roles.map((r) => r.roleCode).sort()).toEqual(['ops_orders', 'ops_scan']);
    ok(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: [ids.roleOk] } }));
    const staff = () => members('merchant', ids.ops, { keyword: 'staff' }).then((page) => page.records[0]!);
    expect((await staff()).roleIds).toEqual([ids.roleOk]);
    // a role granting what the caller does not hold
    expect(refused(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: [ids.roleOk, ids.roleTooMuch] }, lang: 'en-US' }), 403)).toBe(
      'You cannot give or take away a role that holds permissions you do not hold',
    );
    // nobody changes their own roles
    expect(refused(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.merchant, roleIds: [ids.roleOk] }, lang: 'en-US' }), 403)).toBe(
      'You cannot freeze or delete yourself, or change your own roles',
    );
    // another department's role, a non-member, another tenant: 404
    refused(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.team, userId: ids.staff, roleIds: [ids.roleOk] } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: [] } }), 404);
    refused(await call('merchant2', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.t2Depart, userId: ids.merchant2, roleIds: [ids.roleOk] } }), 404);
    expect((await staff()).roleIds).toEqual([ids.roleOk]);
    ok(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: [] } }));
    expect((await staff()).roleIds).toEqual([]);
  });

  it('refuses bad input with 400 naming the field in three languages', async () => {
    const messages = await Promise.all(
      ['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'POST', url: `${M}/memberRoles`, payload: { departId: ids.ops, userId: ids.staff, roleIds: ['x'] }, lang }), 400)),
    );
    expect(messages[0]).toContain('部門角色');
    expect(messages[1]).toContain('部门角色');
    expect(messages[2]).toContain('Department roles');
    refused(await call('merchant', { method: 'GET', url: `${M}/members`, query: { departId: "1 or 1=1" } }), 400);
  });

  it('never answers a hash or a token', () => {
    expect(bodies.length).toBeGreaterThan(30);
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|token/);
  });
});
