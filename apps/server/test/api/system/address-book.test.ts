import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../../src/db/schema/sys.ts';

type Person = { id: number; name: string; departments: { orgCode: string }[]; positions: { name: string; rank: number }[]; phone: string; phoneMasked: boolean; email: string; workNo: string };
type Page<T> = { records: T[]; total: number };
type Node = { orgCode: string; children: Node[] };

const LIST = '/api/sys/user/queryByOrgCodeForAddressList';

describe(`address book (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { merchant: '', staff: '', merchant2: '', admin: '' };
  const bodies: string[] = [];
  const call = async (who: keyof typeof tokens, request: { method: 'GET'; url: string; query?: Record<string, string>; lang?: string }) => {
    const response: LightMyRequestResponse = await t.call({ ...request, token: tokens[who] });
    bodies.push(response.body);
    return response;
  };
  const list = async (who: keyof typeof tokens, query: Record<string, string> = {}) => ok<Page<Person>>(await call(who, { method: 'GET', url: LIST, query }));
  const names = (page: Page<Person>) => page.records.map((p) => p.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    // the staff role of tenant 1 reads the address book, without the phones
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
    const read = (await t.db.select().from(permissions).where(eq(permissions.perms, 'system:address-book:list')))[0]!.id;
    await t.db.insert(rolePermissions).values({ tenantId: 1, roleId: staffRole, permissionId: read });
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it("lists everyone active of the tenant with departments and positions; the merchant's administrator sees phones", async () => {
    const page = await list('merchant');
    expect(names(page)).toEqual(['張小華', '陳大文']);
    const chen = page.records.find((p) => p.name === '陳大文')!;
    expect(chen).toMatchObject({ phone: '0912000001', phoneMasked: false, email: 'merchant@example.com' });
    expect(chen.departments.map((d) => d.orgCode)).toEqual(['A01A01', 'A01A02']);
    expect(chen.positions.map((p) => p.rank)).toEqual([1]);
    // a frozen or deleted user is not in the book
    await t.db.update(users).set({ status: 2 }).where(eq(users.username, 'staff'));
    expect(names(await list('merchant'))).toEqual(['陳大文']);
    await t.db.update(users).set({ status: 1 }).where(eq(users.username, 'staff'));
    // other tenants: their own people only
    expect(names(await list('merchant2'))).toEqual(['李志強']);
    expect(JSON.stringify(await list('admin'))).not.toContain('0912000001');
  });

  it('masks phones for a reader without system:address-book:phone, in the list and the export; the number never travels', async () => {
    const page = await list('staff');
    const chen = page.records.find((p) => p.name === '陳大文')!;
    expect(chen).toMatchObject({ phone: '0912****01', phoneMasked: true });
    const raw = (await call('staff', { method: 'GET', url: LIST })).body;
    expect(raw).not.toContain('0912000001');
    expect(raw).not.toContain('0912000002');
    // nor can the number be found by searching for it
    expect((await list('staff', { keyword: '0912000001' })).total).toBe(0);
    expect((await list('merchant', { keyword: '0912000001' })).records.map((p) => p.name)).toEqual(['陳大文']);
  });

  it('exports the same people, phones masked the same way', async () => {
    const full = await readXlsx(await t.call({ method: 'GET', url: '/api/sys/addressBook/exportXls', token: tokens.merchant, lang: 'en-US' }));
    expect(full.headers).toEqual(['Name', 'Work number', 'Departments', 'Positions', 'Mobile number', 'Email']);
    expect(full.rows.map((row) => row[4])).toContain('0912000001');
    // staff may not export (no system:address-book:export); a role with export but no phone gets masked numbers
    refused(await call('staff', { method: 'GET', url: '/api/sys/addressBook/exportXls' }), 403);
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
    const exportCode = (await t.db.select().from(permissions).where(eq(permissions.perms, 'system:address-book:export')))[0]!.id;
    await t.db.insert(rolePermissions).values({ tenantId: 1, roleId: staffRole, permissionId: exportCode });
    const staffId = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!.id;
    await t.app.accessService.publish({ kind: 'user', userId: staffId });
    const masked = await readXlsx(await t.call({ method: 'GET', url: '/api/sys/addressBook/exportXls', token: tokens.staff, lang: 'en-US' }));
    expect(masked.rows.map((row) => row[4]).sort()).toEqual(['0912****01', '0912****02']);
    await t.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, staffRole), eq(rolePermissions.permissionId, exportCode)));
    await t.app.accessService.publish({ kind: 'user', userId: staffId });
  });

  it('filters by a department and those under it, and searches name, email and position; SQL text is harmless', async () => {
    expect(names(await list('merchant', { orgCode: 'A01' }))).toEqual(['張小華', '陳大文']);
    expect(names(await list('merchant', { orgCode: 'A01A02' }))).toEqual(['陳大文']);
    expect((await list('merchant', { orgCode: 'A01A03' })).total).toBe(0);
    expect(names(await list('merchant', { keyword: '小華' }))).toEqual(['張小華']);
    expect(names(await list('merchant', { keyword: 'STAFF@example' }))).toEqual(['張小華']);
    expect(names(await list('merchant', { keyword: 'Manager' }))).toEqual(['張小華', '陳大文']);
    expect((await list('merchant', { keyword: "' or '1'='1" })).total).toBe(0);
    expect((await list('merchant', { keyword: '%' })).total).toBe(0);
    expect((await list('merchant', { orgCode: '%' })).total).toBe(0);
    expect(names(await list('merchant'))).toEqual(['張小華', '陳大文']);
  });

  it("gives its readers the tenant's department tree", async () => {
    const tree = ok<Node[]>(await call('staff', { method: 'GET', url: '/api/sys/addressBook/departTree' }));
    expect(tree.map((node) => [node.orgCode, node.children.map((child) => child.orgCode)])).toEqual([['A01', ['A01A01', 'A01A02']]]);
    const other = ok<Node[]>(await call('merchant2', { method: 'GET', url: '/api/sys/addressBook/departTree' }));
    expect(JSON.stringify(other)).not.toContain('A01A01');
  });

  it('refuses without a session (401), without the code (403) and bad input (400 in three languages)', async () => {
    refused(await t.call({ method: 'GET', url: LIST }), 401);
    const staffId = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!.id;
    const staffRole = (await t.db.select().from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
    await t.db.delete(userRoles).where(and(eq(userRoles.userId, staffId), eq(userRoles.roleId, staffRole)));
    await t.app.accessService.publish({ kind: 'user', userId: staffId });
    refused(await call('staff', { method: 'GET', url: LIST }), 403);
    refused(await call('staff', { method: 'GET', url: '/api/sys/addressBook/departTree' }), 403);
    const messages = await Promise.all(['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => refused(await call('merchant', { method: 'GET', url: LIST, query: { keyword: 'x'.repeat(101) }, lang }), 400)));
    expect(messages).toEqual(['關鍵字最多 100 個字元', '关键字最多 100 个字符', 'Keyword takes at most 100 characters']);
  });

  it('never answers a hash or a token', () => {
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|token/);
  });
});
