import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { permissions, roles } from '../../../src/db/schema/sys.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';

type Line = { id: number; username: string; resource: string; resourceId: string; action: string; label: string; createdAt: string };
type Detail = Line & { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type SignIn = { id: number; username: string; ip: string; userAgent: string; success: boolean; logType: number; reason: string; createdAt: string };
type Page<T> = { records: T[]; total: number };
type Who = 'admin' | 'merchant' | 'staff' | 'merchant2';

const PASSWORD = 'Welcome2026x';

describe(`the sign-in log and the audit log (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '', staff: '', merchant2: '' };
  const bodies: string[] = [];
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, data?: Record<string, unknown>): Promise<LightMyRequestResponse> => {
    const response =
      method === 'GET'
        ? await t.call({ method, url: `/api${url}`, token: tokens[who], lang: 'en-US', query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) })
        : await t.call({ method, url: `/api${url}`, token: tokens[who], lang: 'en-US', payload: data ?? {} });
    bodies.push(response.body);
    return response;
  };
  const audit = async (who: Who, query: Record<string, unknown> = {}) => ok<Page<Line>>(await call(who, 'GET', '/sys/auditLog/list', { pageSize: 200, ...query }));
  const detail = async (who: Who, id: number) => ok<Detail>(await call(who, 'GET', '/sys/auditLog/queryById', { id }));
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
