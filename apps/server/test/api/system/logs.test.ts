import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { departments, permissions, roles } from '../../../src/db/schema/sys.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';

type Row = { key: string; label: string; before: string | string[] | null; after: string | string[] | null; changed: boolean; gained: string[]; lost: string[] };
type Line = { id: number; username: string; resource: string; resourceId: string; action: string; label: string; createdAt: string; changes: Row[] };
type Detail = Line & { before: Record<string, unknown> | null; after: Record<string, unknown> | null; fields: Row[] };
type SignIn = { id: number; username: string; ip: string; userAgent: string; success: boolean; logType: number; reason: string; createdAt: string };
type Page<T> = { records: T[]; total: number };
type Who = 'admin' | 'merchant' | 'staff' | 'merchant2';

const PASSWORD = 'Welcome2026x';

describe(`the sign-in log and the audit log (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '', staff: '', merchant2: '' };
  const bodies: string[] = [];
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: Record<string, unknown>, lang = 'en-US'): Promise<LightMyRequestResponse> => {
    const response =
      method === 'GET' || method === 'DELETE'
        ? await t.call({ method, url: `/api${url}`, token: tokens[who], lang, query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) })
        : await t.call({ method, url: `/api${url}`, token: tokens[who], lang, payload: data ?? {} });
    bodies.push(response.body);
    return response;
  };
  const audit = async (who: Who, query: Record<string, unknown> = {}, lang = 'en-US') => ok<Page<Line>>(await call(who, 'GET', '/sys/auditLog/list', { pageSize: 200, ...query }, lang));
  const detail = async (who: Who, id: number, lang = 'en-US') => ok<Detail>(await call(who, 'GET', '/sys/auditLog/queryById', { id }, lang));
  const signIns = async (who: Who, query: Record<string, unknown> = {}) => ok<Page<SignIn>>(await call(who, 'GET', '/sys/loginLog/list', { pageSize: 200, ...query }));

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as Who[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it("lists the tenant's sign-ins and sign-outs, failures with their reason, filtered; nobody else's", async () => {
    await t.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'staff', password: 'wrong-password-1' }, headers: { 'user-agent': 'Firefox/121.0' } });
    const page = await signIns('merchant');
    expect(new Set(page.records.map((r) => r.username))).toEqual(new Set(['merchant', 'staff']));
    const failed = await signIns('merchant', { success: 'false' });
    expect(failed.records).toHaveLength(1);
    expect(failed.records[0]).toMatchObject({ username: 'staff', success: false, reason: 'bad credentials', userAgent: 'Firefox/121.0', logType: 1 });
    expect((await signIns('merchant', { username: 'merch' })).records.every((r) => r.username === 'merchant')).toBe(true);
    expect((await signIns('merchant', { createdAt_begin: '2000-01-01', createdAt_end: '2000-01-31' })).total).toBe(0);
    expect((await signIns('merchant', { username: "x' or '1'='1" })).total).toBe(0);
    // newest first by default, oldest first when asked
    const times = (await signIns('merchant', { order: 'asc' })).records.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    refused(await call('merchant', 'GET', '/sys/loginLog/list', { column: 'password' }), 400);
    // the other merchant and the platform see their own
    expect((await signIns('merchant2')).records.map((r) => r.username)).toEqual(['merchant2']);
    expect((await signIns('admin')).records.every((r) => r.username !== 'merchant' && r.username !== 'staff')).toBe(true);
  });

  it('refuses without a session (401) and without the codes (403: staff)', async () => {
    refused(await t.call({ method: 'GET', url: '/api/sys/loginLog/list' }), 401);
    refused(await t.call({ method: 'GET', url: '/api/sys/auditLog/list' }), 401);
    refused(await call('staff', 'GET', '/sys/loginLog/list'), 403);
    refused(await call('staff', 'GET', '/sys/auditLog/list'), 403);
    refused(await call('staff', 'GET', '/sys/auditLog/queryById', { id: 1 }), 403);
  });

  it("writes a user's edit with before and after, never a password, and shows it in the tenant's log only", async () => {
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!;
    const added = ok<{ id: number }>(await call('merchant', 'POST', '/sys/user/add', { username: 'auditee', password: PASSWORD, realname: 'Before Name', roleIds: [staffRole.id] }));
    ok(await call('merchant', 'PUT', '/sys/user/edit', { id: added.id, realname: 'After Name', roleIds: [staffRole.id] }));
    ok(await call('merchant', 'PUT', '/sys/user/changePassword', { id: added.id, mode: 'show' }));
    ok(await call('merchant', 'PUT', '/sys/user/frozenBatch', { ids: [added.id], status: 2 }));

    const lines = (await audit('merchant', { resource: 'user' })).records.filter((line) => line.resourceId === String(added.id));
    expect(lines.map((line) => line.action)).toEqual(['freeze', 'password', 'update', 'create']);
    expect(lines.every((line) => line.username === 'merchant' && line.label === 'auditee')).toBe(true);
    const edit = await detail('merchant', lines.find((line) => line.action === 'update')!.id);
    expect(edit.before).toMatchObject({ username: 'auditee', realname: 'Before Name' });
    expect(edit.after).toMatchObject({ username: 'auditee', realname: 'After Name' });
    const frozen = await detail('merchant', lines[0]!.id);
    expect(frozen).toMatchObject({ before: { status: 1 }, after: { status: 2 } });
    // filters
    expect((await audit('merchant', { action: 'freeze' })).records.map((line) => line.id)).toEqual([lines[0]!.id]);
    expect((await audit('merchant', { username: 'nobody' })).total).toBe(0);
    refused(await call('merchant', 'GET', '/sys/auditLog/list', { resource: "user' or 1=1" }), 400);
    // another tenant's line is not found, and absent from its lists
    refused(await call('merchant2', 'GET', '/sys/auditLog/queryById', { id: edit.id }), 404);
    expect((await audit('merchant2')).records.map((line) => line.id)).not.toContain(edit.id);
    expect((await audit('admin')).records.map((line) => line.id)).not.toContain(edit.id);
  });

  it("writes a role's grants saved as permission ids before and after", async () => {
    const role = ok<{ id: number }>(await call('merchant', 'POST', '/sys/role/add', { roleName: 'Auditors', roleCode: 'auditors' }));
    const tree = ok<{ ids: number[] }>(await call('merchant', 'GET', '/sys/role/queryTreeList'));
    const first = tree.ids.slice(0, 2);
    const second = tree.ids.slice(1, 4);
    ok(await call('merchant', 'POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: first, lastpermissionIds: [] }));
    ok(await call('merchant', 'POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: second, lastpermissionIds: first }));
    const grants = (await audit('merchant', { resource: 'role', action: 'grant' })).records.filter((line) => line.resourceId === String(role.id));
    expect(grants).toHaveLength(2);
    const latest = await detail('merchant', grants[0]!.id);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(latest).toMatchObject({ label: 'auditors', before: { permissionIds: sorted(first) }, after: { permissionIds: sorted(second) } });
    expect((await audit('merchant', { resource: 'role', action: 'create' })).records.some((line) => line.resourceId === String(role.id))).toBe(true);
  });

  it("writes a menu's edit in the platform's log, before and after", async () => {
    const row = (await t.db.select().from(permissions).where(eq(permissions.perms, 'logistics:module:view')))[0]!;
    const titles = { 'zh-TW': '貨運', 'zh-CN': '货运', 'en-US': 'Freight' };
    ok(
      await call('admin', 'PUT', '/sys/permission/edit', {
        id: row.id,
        parentId: row.parentId,
        menuType: row.menuType,
        titles,
        path: row.path,
        component: row.component,
        componentName: row.componentName,
        redirect: row.redirect,
        hidden: row.hidden,
        alwaysShow: row.alwaysShow,
        route: row.isRoute,
        icon: row.icon,
        keepAlive: row.keepAlive,
        internalOrExternal: row.internalOrExternal,
        url: row.url,
        sortNo: row.sortNo,
        perms: row.perms,
        permsType: row.permsType,
        status: row.status,
        platformOnly: row.platformOnly,
        merchantOnly: row.merchantOnly,
      }),
    );
    const line = (await audit('admin', { resource: 'menu', action: 'update' })).records.find((l) => l.resourceId === String(row.id))!;
    const shown = await detail('admin', line.id);
    expect(shown.before).toMatchObject({ perms: 'logistics:module:view', titles: row.titles });
    expect(shown.after).toMatchObject({ perms: 'logistics:module:view', titles });
    refused(await call('merchant', 'GET', '/sys/auditLog/queryById', { id: line.id }), 404);
  });

  describe('a line read in the reader\'s language: names for ids and codes, fields by their names', () => {
    const departOf = async (orgCode: string) => (await t.db.select().from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, orgCode))))[0]!;
    const row = (rows: Row[], key: string) => rows.find((r) => r.key === key);
    const lineOf = async (query: Record<string, unknown>, resourceId: number, lang = 'en-US') => (await audit('merchant', query, lang)).records.find((line) => line.resourceId === String(resourceId))!;
    // nothing a reader reads of these fields is an id or a code
    const noRawIds = (rows: Row[]) => {
      const texts = rows.flatMap((r) => [r.before, r.after, ...r.gained, ...r.lost].flat()).filter((text): text is string => typeof text === 'string');
      expect(texts.filter((text) => /^#?\d+$/.test(text) || /^A01(A\d\d)*$/.test(text))).toEqual([]);
    };

    it("names a role's granted permissions by their menu titles, and a user's current department by its name", async () => {
      const role = ok<{ id: number }>(await call('merchant', 'POST', '/sys/role/add', { roleName: 'Readers', roleCode: 'readers' }));
      const entry = async (name: string, parentId?: number) =>
        (await t.db.select().from(permissions).where(parentId === undefined ? eq(permissions.name, name) : and(eq(permissions.name, name), eq(permissions.parentId, parentId))))[0]!;
      const users = await entry('menu.system.user');
      const rolesMenu = await entry('menu.system.role');
      const addUser = await entry('button.add', users.id);
      const grantable = ok<{ ids: number[] }>(await call('merchant', 'GET', '/sys/role/queryTreeList')).ids;
      expect(grantable).toEqual(expect.arrayContaining([users.id, rolesMenu.id, addUser.id]));
      ok(await call('merchant', 'POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: [users.id, rolesMenu.id, addUser.id], lastpermissionIds: [] }));

      const grant = await lineOf({ resource: 'role', action: 'grant' }, role.id);
      const permissionsRow = row(grant.changes, 'permissionIds')!;
      expect(permissionsRow).toMatchObject({ label: 'Permissions', before: [], lost: [] });
      expect([...permissionsRow.gained].sort()).toEqual(['Role Management', 'User Management', 'User Management › Add']);
      noRawIds(grant.changes);
      const inChinese = row((await lineOf({ resource: 'role', action: 'grant' }, role.id, 'zh-TW')).changes, 'permissionIds')!;
      expect(inChinese.label).toBe('權限');
      expect([...inChinese.gained].sort()).toEqual(['使用者管理', '使用者管理 › 新增', '角色管理'].sort());

      // a user moved from one current department to another
      const operations = await departOf('A01A01');
      const finance = await departOf('A01A02');
      const base = { realname: 'Mover', departIds: [operations.id, finance.id], roleIds: [] };
      const added = ok<{ id: number }>(await call('merchant', 'POST', '/sys/user/add', { username: 'mover', password: PASSWORD, ...base, orgCode: 'A01A01' }));
      ok(await call('merchant', 'PUT', '/sys/user/edit', { id: added.id, ...base, orgCode: 'A01A02' }));

      const edit = await lineOf({ resource: 'user', action: 'update' }, added.id);
      expect(edit.changes.map((r) => r.key)).toEqual(['orgCode']);
      expect(row(edit.changes, 'orgCode')).toMatchObject({ label: 'Current department', before: '營運部 Operations', after: '財務部 Finance', changed: true });
      expect(row((await lineOf({ resource: 'user', action: 'update' }, added.id, 'zh-TW')).changes, 'orgCode')).toMatchObject({ label: '目前部門', before: '營運部 Operations', after: '財務部 Finance' });

      // the detail: every field, by its name, with names for the links and the dictionary's text for the status
      const whole = await detail('merchant', edit.id, 'zh-CN');
      expect(whole.before).toMatchObject({ orgCode: 'A01A01' });
      expect(row(whole.fields, 'orgCode')).toMatchObject({ label: '当前部门', changed: true });
      expect(row(whole.fields, 'departs')).toMatchObject({ label: '部门', after: ['營運部 Operations', '財務部 Finance'], changed: false });
      expect(row(whole.fields, 'status')).toMatchObject({ label: '状态', before: '正常', after: '正常' });
      expect(row(whole.fields, 'realname')).toMatchObject({ label: '真实姓名', before: 'Mover' });
      expect(row(whole.fields, 'createdAt')?.before).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      noRawIds(whole.fields);
    });

    it('marks a department deleted since (by the name the line wrote), and an id nothing names any more', async () => {
      const operations = await departOf('A01A01');
      const parent = await departOf('A01');
      const shortLived = ok<{ id: number; orgCode: string }>(await call('merchant', 'POST', '/sys/sysDepart/add', { departName: 'Short-lived', parentId: parent.id }));
      const added = ok<{ id: number }>(
        await call('merchant', 'POST', '/sys/user/add', { username: 'leaver', password: PASSWORD, realname: 'Leaver', departIds: [operations.id, shortLived.id], orgCode: shortLived.orgCode, roleIds: [] }),
      );
      ok(await call('merchant', 'PUT', '/sys/user/edit', { id: added.id, realname: 'Leaver', departIds: [operations.id], orgCode: 'A01A01', roleIds: [] }));
      ok(await call('merchant', 'DELETE', '/sys/sysDepart/delete', { id: shortLived.id }));

      const edit = await lineOf({ resource: 'user', action: 'update' }, added.id);
      expect(row(edit.changes, 'orgCode')).toMatchObject({ before: 'Short-lived (deleted)', after: '營運部 Operations' });
      expect(row(edit.changes, 'departs')).toMatchObject({ gained: [], lost: ['Short-lived (deleted)'] });
      const inChinese = await lineOf({ resource: 'user', action: 'update' }, added.id, 'zh-TW');
      expect(row(inChinese.changes, 'orgCode')?.before).toBe('Short-lived（已刪除）');
      // the department's own deletion: its parent by name, its own code as it was
      const removed = await detail('merchant', (await lineOf({ resource: 'depart', action: 'delete' }, shortLived.id)).id);
      expect(row(removed.fields, 'parentId')).toMatchObject({ label: 'Parent department', before: 'Demo Trading', after: null });
      expect(row(removed.fields, 'orgCode')).toMatchObject({ label: 'Department code', before: shortLived.orgCode });

      // a line holding ids that name nothing (a permission gone from the catalogue), or no ids at all, reads without failing
      const [written] = await t.db
        .insert(auditLogs)
        .values({ tenantId: 1, username: 'merchant', resource: 'role', resourceId: '1', action: 'grant', before: { permissionIds: [999_999_999] }, after: { permissionIds: ['x', { nested: true }, -1, 1.5] } })
        .returning({ id: auditLogs.id });
      const odd = await detail('merchant', written!.id);
      expect(row(odd.fields, 'permissionIds')).toMatchObject({ before: ['#999999999 (deleted)'], changed: true });
      expect((row(odd.fields, 'permissionIds')?.after as string[]).every((text) => text.endsWith(' (deleted)'))).toBe(true);
    });

    it('keeps the filters and the paging of the list', async () => {
      const all = await audit('merchant', { resource: 'user', action: 'update' });
      expect(all.total).toBeGreaterThan(1);
      const second = await audit('merchant', { resource: 'user', action: 'update', pageSize: 1, pageNo: 2 });
      expect(second.records.map((line) => line.id)).toEqual([all.records[1]!.id]);
      expect(second.records[0]!.changes.length).toBeGreaterThan(0);
      refused(await call('merchant', 'GET', '/sys/auditLog/list', { timeZone: "Asia/Taipei' or 1=1" }), 400);
      const taipei = await detail('merchant', all.records[0]!.id);
      const utc = ok<Detail>(await call('merchant', 'GET', '/sys/auditLog/queryById', { id: all.records[0]!.id, timeZone: 'UTC' }));
      expect(row(utc.fields, 'createdAt')?.before).not.toBe(row(taipei.fields, 'createdAt')?.before);
    });
  });

  it('never writes or answers a password or a hash', async () => {
    const all = await t.db.select().from(auditLogs);
    expect(all.length).toBeGreaterThan(5);
    const text = JSON.stringify(all);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/password"\s*:|passwordHash|\$argon2/i);
    const answered = bodies.filter((body) => body.includes('"before"')).join('\n');
    expect(answered).not.toMatch(/\$argon2|passwordHash/);
  });
});
