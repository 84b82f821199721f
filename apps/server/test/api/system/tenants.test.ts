import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { permissions, roles, tenantPackages, tenants } from '../../../src/db/schema/sys.ts';
import { auditLogs, tenantPackagePermissions } from '../../../src/db/schema/admin.ts';
import { sessions } from '../../../src/db/schema/auth.ts';

type Tenant = { id: number; name: string; status: number; packageId: number | null; packageName: string; validFrom: string | null; validUntil: string | null; mainUsername: string; mainRealname: string; userCount: number; contactName: string };
type Package = { id: number; name: string; status: number; isDefault: boolean; tenantCount: number; permissionCount: number };
type Page<T> = { records: T[]; total: number };
type TreeNode = { key: number; perms: string; children?: TreeNode[] };
type MenuEntry = { meta: { title: string }; children?: MenuEntry[] };

const T = '/api/sys/tenant';
const P = '/api/sys/tenantPackage';
const PERMISSIONS = '/api/sys/permission/getUserPermissionByToken';
const LANGS = ['zh-TW', 'zh-CN', 'en-US'] as const;

describe(`tenants and tenant packages (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { admin: '', merchant: '', warehouse: '' };
  const as = (who: keyof typeof tokens) => tokens[who];
  const idsOf = async (codes: string[]) => (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes))).map((r) => Number(r.id));
  const flatten = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.meta.title, ...flatten(e.children ?? [])]);
  const audits = (resource: string, resourceId: number) =>
    t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, resource), eq(auditLogs.resourceId, String(resourceId))));

  // a small package: the home page, the international orders with one button, positions and the role screen
  const PACKAGE_CODES = ['dashboard:analysis:view', 'logistics:order:list', 'logistics:order:add', 'system:position:list', 'system:role:list', 'system:role:auth'];
  let smallPackage: Package;
  let defaultPackage: Package;

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = await t.login(who);
    const packages = ok<Page<Package>>(await t.call({ method: 'GET', url: `${P}/list`, token: as('admin') }));
    defaultPackage = packages.records.find((p) => p.isDefault)!;
  });
  afterAll(() => t.close());

  it('seeds one default package with the merchant administrator role\'s entries, given to the demo tenants', async () => {
    expect(defaultPackage).toMatchObject({ status: 1, tenantCount: 2 });
    const held = await t.db.select({ perms: permissions.perms, platformOnly: permissions.platformOnly }).from(tenantPackagePermissions).innerJoin(permissions, eq(permissions.id, tenantPackagePermissions.permissionId)).where(eq(tenantPackagePermissions.packageId, defaultPackage.id));
    expect(held.length).toBe(defaultPackage.permissionCount);
    expect(held.some((p) => p.platformOnly)).toBe(false);
    const codes = held.map((p) => p.perms);
    expect(codes).toEqual(expect.arrayContaining(['logistics:order:list', 'wallet:recharge:list', 'system:user:list']));
    expect(codes.some((c) => c.startsWith('system:tenant'))).toBe(false);
    // the platform has none; the demo tenants the default
    const rows = await t.db.select({ id: tenants.id, packageId: tenants.packageId }).from(tenants).where(inArray(tenants.id, [0, 1, 2]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.packageId]))).toEqual({ 0: null, 1: defaultPackage.id, 2: defaultPackage.id });
  });

  it('lists merchant tenants (never the platform), filtered, sorted by an allow-list, with one in detail', async () => {
    const page = ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, token: as('admin') }));
    expect(page.records.map((r) => r.name).sort()).toEqual(['Demo Trading', 'Harbour Imports']);
    expect(page.records.find((r) => r.id === 1)).toMatchObject({ status: 1, packageName: defaultPackage.name, mainUsername: 'merchant', mainRealname: '陳大文' });
    const byName = ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { name: 'harb' }, token: as('admin') }));
    expect(byName.records.map((r) => r.id)).toEqual([2]);
    expect(ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { status: '0' }, token: as('admin') })).total).toBe(0);
    expect(ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { packageId: String(defaultPackage.id) }, token: as('admin') })).total).toBe(2);
    expect(ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { column: 'name', order: 'desc' }, token: as('admin') })).records[0]!.name).toBe('Harbour Imports');
    expect(ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { name: "%' or 1=1 --" }, token: as('admin') })).total).toBe(0);
    refused(await t.call({ method: 'GET', url: `${T}/list`, query: { column: 'name; drop table sys_tenant' }, token: as('admin') }), 400);
    expect(ok<Tenant>(await t.call({ method: 'GET', url: `${T}/queryById`, query: { id: '2' }, token: as('admin') })).name).toBe('Harbour Imports');
    const messages = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'GET', url: `${T}/queryById`, query: { id: '999999' }, token: as('admin'), lang }), 404)));
    expect(messages).toEqual(['租戶不存在', '租户不存在', 'The tenant does not exist']);
  });

  it("names the merchants to every platform user's picker: by a part of the name or by ids, never the platform, and to no merchant", async () => {
    type Option = { value: number; label: string };
    const options = async (query: Record<string, string>, who: keyof typeof tokens = 'warehouse') => ok<Option[]>(await t.call({ method: 'GET', url: `${T}/options`, query, token: as(who) }));
    // the warehouse administers no tenant, and filters its receiving by merchant
    expect(await options({})).toEqual([
      { value: 1, label: 'Demo Trading' },
      { value: 2, label: 'Harbour Imports' },
    ]);
    expect(await options({ keyword: 'HARB' })).toEqual([{ value: 2, label: 'Harbour Imports' }]);
    expect(await options({ keyword: '%' })).toEqual([]);
    expect(await options({ ids: '2,1' }, 'admin')).toHaveLength(2);
    expect(await options({ keyword: 'Platform' }, 'admin')).toEqual([]);
    refused(await t.call({ method: 'GET', url: `${T}/options`, query: { ids: '0' }, token: as('admin') }), 400);
    refused(await t.call({ method: 'GET', url: `${T}/options`, query: { ids: '1;drop' }, token: as('admin') }), 400);
    refused(await t.call({ method: 'GET', url: `${T}/options`, token: as('merchant') }), 403);
    refused(await t.call({ method: 'GET', url: `${T}/options` }), 401);
  });

  it('refuses without a session (401), and a merchant administrator and the warehouse (403), changing nothing', async () => {
    const calls = [
      { method: 'GET', url: `${T}/list` },
      { method: 'GET', url: `${T}/queryById`, query: { id: '1' } },
      { method: 'GET', url: `${T}/packageOptions` },
      { method: 'POST', url: `${T}/add`, payload: { name: 'X', packageId: 1, account: { username: 'nobody_x', realname: 'X', phone: '0912999999' } } },
      { method: 'PUT', url: `${T}/edit`, payload: { id: 1, name: 'Mine now', packageId: 1 } },
      { method: 'PUT', url: `${T}/freeze`, payload: { ids: [2] } },
      { method: 'PUT', url: `${T}/unfreeze`, payload: { ids: [2] } },
      { method: 'GET', url: `${P}/list` },
      { method: 'POST', url: `${P}/add`, payload: { name: 'Mine' } },
      { method: 'PUT', url: `${P}/edit`, payload: { id: 1, name: 'Mine' } },
      { method: 'PUT', url: `${P}/setDefault`, payload: { id: 1 } },
      { method: 'DELETE', url: `${P}/delete`, query: { id: '1' } },
      { method: 'GET', url: `${P}/queryTree`, query: { id: '1' } },
      { method: 'PUT', url: `${P}/savePermissions`, payload: { packageId: 1, permissionIds: [] } },
    ] as const;
    for (const call of calls) {
      refused(await t.call({ ...call }), 401);
      refused(await t.call({ ...call, token: as('merchant') }), 403);
      refused(await t.call({ ...call, token: as('warehouse') }), 403);
    }
    expect((await t.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, 1)))[0]!.name).toBe('Demo Trading');
    expect(await t.db.select().from(tenantPackages)).toHaveLength(1);
    expect(await t.db.select().from(auditLogs).where(inArray(auditLogs.resource, ['tenant', 'tenant-package']))).toHaveLength(0);
  });

  it('makes a package of merchant-side entries only, refusing a platform screen in three languages', async () => {
    smallPackage = ok<Package>(await t.call({ method: 'POST', url: `${P}/add`, payload: { name: 'Small 小型', description: 'orders only' }, token: as('admin') }));
    expect(smallPackage).toMatchObject({ status: 1, isDefault: false, tenantCount: 0, permissionCount: 0 });
    const names = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'POST', url: `${P}/add`, payload: { name: 'small 小型' }, token: as('admin'), lang }), 409)));
    expect(names).toEqual(['套餐名稱「small 小型」已存在', '套餐名称「small 小型」已存在', 'The package name "small 小型" is already taken']);

    const tree = ok<{ treeList: TreeNode[]; ids: number[]; checkedIds: number[] }>(await t.call({ method: 'GET', url: `${P}/queryTree`, query: { id: String(smallPackage.id) }, token: as('admin') }));
    const offered = (await t.db.select({ id: permissions.id, platformOnly: permissions.platformOnly, perms: permissions.perms }).from(permissions).where(inArray(permissions.id, tree.ids)));
    expect(offered.some((p) => p.platformOnly)).toBe(false);
    expect(offered.map((p) => p.perms)).toEqual(expect.arrayContaining(PACKAGE_CODES));
    expect(tree.checkedIds).toEqual([]);

    const warehouseScreen = await idsOf(['warehouse:receive:list']);
    const platformEntry = await Promise.all(
      LANGS.map(async (lang) => refused(await t.call({ method: 'PUT', url: `${P}/savePermissions`, payload: { packageId: smallPackage.id, permissionIds: [...(await idsOf(PACKAGE_CODES)), ...warehouseScreen] }, token: as('admin'), lang }), 400)),
    );
    expect(platformEntry).toEqual(['套餐只能包含商家端的選單與按鈕', '套餐只能包含商家端的菜单与按钮', 'A package can hold only merchant-side menus and buttons']);
    expect(await t.db.select().from(tenantPackagePermissions).where(eq(tenantPackagePermissions.packageId, smallPackage.id))).toHaveLength(0);

    ok(await t.call({ method: 'PUT', url: `${P}/savePermissions`, payload: { packageId: smallPackage.id, permissionIds: await idsOf(PACKAGE_CODES) }, token: as('admin') }));
    const saved = ok<{ checkedIds: number[] }>(await t.call({ method: 'GET', url: `${P}/queryTree`, query: { id: String(smallPackage.id) }, token: as('admin') }));
    // the screens' menu groups join them
    const groups = await idsOf(['logistics:module:view', 'system:module:view']);
    expect(saved.checkedIds.sort()).toEqual([...(await idsOf(PACKAGE_CODES)), ...groups].sort());
    const [line] = await audits('tenant-package', smallPackage.id).then((rows) => rows.filter((r) => r.action === 'grant'));
    expect(line).toMatchObject({ tenantId: 0, username: 'admin', label: 'Small 小型', before: { permissions: [] } });
    expect((line!.after as { permissions: string[] }).permissions).toEqual(expect.arrayContaining(PACKAGE_CODES));
    refused(await t.call({ method: 'GET', url: `${P}/queryTree`, query: { id: '999999' }, token: as('admin') }), 404);
    refused(await t.call({ method: 'PUT', url: `${P}/savePermissions`, payload: { packageId: 999999, permissionIds: [] }, token: as('admin') }), 404);
  });

  it('creates a tenant on that package whose main account signs in and sees exactly its menus, and cannot grant beyond it', async () => {
    const added = ok<{ tenant: Tenant; generatedPassword: string | null }>(
      await t.call({
        method: 'POST',
        url: `${T}/add`,
        payload: {
          name: 'Kowloon Parcels 九龍',
          packageId: smallPackage.id,
          validFrom: '2026-01-01T00:00:00Z',
          validUntil: '2099-12-31T00:00:00+08:00',
          contactName: '黃先生',
          contactPhone: '+852 2345 6789',
          contactEmail: 'ops@kowloon.example',
          account: { username: 'kowloon_main', realname: '黃大明', phone: '0912888001' },
        },
        token: as('admin'),
      }),
    );
    const tenant = added.tenant;
    expect(tenant).toMatchObject({ name: 'Kowloon Parcels 九龍', status: 1, packageId: smallPackage.id, mainUsername: 'kowloon_main', mainRealname: '黃大明', userCount: 1, contactName: '黃先生' });
    expect(tenant.validUntil).toBe('2099-12-30T16:00:00.000Z');
    expect(added.generatedPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/);
    const [created] = await audits('tenant', tenant.id);
    expect(created).toMatchObject({ tenantId: 0, action: 'create', before: null, after: { name: 'Kowloon Parcels 九龍' } });
    expect(JSON.stringify(created!.after)).not.toContain(added.generatedPassword!);
    // its built-in roles grant nothing outside the package
    const builtIn = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, tenant.id));
    expect(builtIn).toHaveLength(2);

    // the platform saw the password it made: the main account changes it before anything else
    const token = await t.login('kowloon_main', added.generatedPassword!);
    expect(refused(await t.call({ method: 'GET', url: '/api/sys/position/list', token, lang: 'en-US' }), 403)).toBe('An administrator set your password: change it before you continue');
    ok(await t.call({ method: 'POST', url: '/api/sys/user/updatePassword', token, payload: { username: 'kowloon_main', oldpassword: added.generatedPassword, password: 'Kowloon#2027', confirmpassword: 'Kowloon#2027' } }));
    const seen = ok<{ menu: MenuEntry[]; auth: { action: string }[] }>(await t.call({ method: 'GET', url: PERMISSIONS, token }));
    const packaged = await t.db.select({ name: permissions.name, perms: permissions.perms, menuType: permissions.menuType }).from(tenantPackagePermissions).innerJoin(permissions, eq(permissions.id, tenantPackagePermissions.permissionId)).where(eq(tenantPackagePermissions.packageId, smallPackage.id));
    expect(flatten(seen.menu).sort()).toEqual(packaged.filter((p) => p.menuType !== 2).map((p) => p.name).sort());
    expect(seen.auth.map((a) => a.action).sort()).toEqual(packaged.filter((p) => p.menuType === 2).map((p) => p.perms).sort());
    ok(await t.call({ method: 'GET', url: '/api/sys/position/list', token }));
    refused(await t.call({ method: 'GET', url: '/api/sys/user/list', token }), 403);

    // a role of that tenant cannot be given anything outside the package
    const [staffRole] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, tenant.id), eq(roles.roleCode, 'merchant_staff')));
    const outside = await idsOf(['wallet:recharge:list']);
    const inside = await idsOf(['logistics:order:list']);
    const grant = (ids: number[], lang?: string) => t.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', payload: { roleId: staffRole!.id, permissionIds: ids }, token, lang });
    const beyond = await Promise.all(LANGS.map(async (lang) => refused(await grant([...inside, ...outside], lang), 403)));
    expect(beyond).toEqual(['您的租戶套餐不包含部分所選權限，無法授權', '您的租户套餐不包含部分所选权限，无法授权', "Some of the chosen permissions are outside your company's package: they cannot be granted"]);
    ok(await grant(inside));

    // the platform narrows the package: the tenant follows at its next request
    ok(await t.call({ method: 'PUT', url: `${P}/savePermissions`, payload: { packageId: smallPackage.id, permissionIds: await idsOf(['dashboard:analysis:view', 'logistics:order:list']) }, token: as('admin') }));
    refused(await t.call({ method: 'GET', url: '/api/sys/position/list', token }), 403);
    const narrowed = ok<{ menu: MenuEntry[]; auth: { action: string }[] }>(await t.call({ method: 'GET', url: PERMISSIONS, token }));
    expect(narrowed.auth).toEqual([]);
    expect(flatten(narrowed.menu).sort()).toEqual(['menu.home', 'menu.logistics.internationalOrder', 'menu.logistics.root'].sort());
  });

  it('refuses a bad tenant form in three languages and creates nothing', async () => {
    const base = { name: 'Bad Co', packageId: defaultPackage.id, account: { username: 'bad_main', realname: 'Bad', phone: '0912888002' } };
    const count = async () => (await t.db.select({ id: tenants.id }).from(tenants)).length;
    const before = await count();
    const order = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, validFrom: '2027-01-02T00:00:00Z', validUntil: '2027-01-01T00:00:00Z' }, token: as('admin'), lang }), 400)));
    expect(order).toEqual(['有效期的結束時間須晚於開始時間', '有效期的结束时间须晚于开始时间', 'The end of the validity period must come after its start']);
    // a refused field is named as the form labels it
    const named = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, name: ' ', account: { ...base.account, realname: 'x'.repeat(101) } }, token: as('admin'), lang }), 400)));
    expect(named[0]).toMatch(/租戶名稱|真實姓名/);
    expect(named[1]).toMatch(/租户名称|真实姓名/);
    expect(named[2]).toMatch(/Tenant name|Real name/);
    const packageName = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'POST', url: `${P}/add`, payload: { name: '' }, token: as('admin'), lang }), 400)));
    expect(packageName.map((m, i) => m.includes(['套餐名稱', '套餐名称', 'Package name'][i]!))).toEqual([true, true, true]);
    expect(refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, account: { ...base.account, username: 'merchant' } }, token: as('admin'), lang: 'en-US' }), 409)).toBe('This username is already taken');
    expect(refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, account: { ...base.account, phone: '0912000001' } }, token: as('admin'), lang: 'en-US' }), 409)).toBe('This phone number is already registered');
    refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, account: { ...base.account, password: 'short' } }, token: as('admin') }), 400);
    refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, account: { ...base.account, phone: '12' } }, token: as('admin') }), 400);
    expect(refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { ...base, packageId: 999999 }, token: as('admin'), lang: 'en-US' }), 404)).toBe('The tenant package does not exist');
    refused(await t.call({ method: 'PUT', url: `${T}/edit`, payload: { id: 999999, name: 'x', packageId: defaultPackage.id }, token: as('admin') }), 404);
    refused(await t.call({ method: 'PUT', url: `${T}/edit`, payload: { id: 0, name: 'x', packageId: defaultPackage.id }, token: as('admin') }), 400);
    expect(await count()).toBe(before);
  });

  it("freezes a tenant: its people's open sessions end at their next request and sign-in is refused; unfreezing lets them back", async () => {
    const merchant2 = await t.login('merchant2');
    ok(await t.call({ method: 'GET', url: PERMISSIONS, token: merchant2 }));
    const frozen = ok(await t.call({ method: 'PUT', url: `${T}/freeze`, payload: { ids: [2] }, token: as('admin'), lang: 'en-US' }));
    expect(frozen).toBeNull();
    refused(await t.call({ method: 'GET', url: PERMISSIONS, token: merchant2 }), 401);
    const [session] = await t.db.select({ revokedReason: sessions.revokedReason }).from(sessions).where(eq(sessions.tokenHash, (await import('../../../src/lib/tokens.ts')).hashToken(merchant2)));
    expect(session!.revokedReason).toBe('tenant');
    const signIn = await t.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'merchant2', password: 'Portal#2026' }, lang: 'en-US' });
    expect(signIn.json()).toMatchObject({ success: false, message: 'Your company account is disabled' });
    // the other tenant is untouched
    ok(await t.call({ method: 'GET', url: PERMISSIONS, token: as('merchant') }));
    expect((await audits('tenant', 2)).map((a) => [a.action, (a.before as { status: number }).status, (a.after as { status: number }).status])).toEqual([['freeze', 1, 0]]);
    expect(ok<Page<Tenant>>(await t.call({ method: 'GET', url: `${T}/list`, query: { status: '0' }, token: as('admin') })).records.map((r) => r.id)).toEqual([2]);

    ok(await t.call({ method: 'PUT', url: `${T}/unfreeze`, payload: { ids: [2] }, token: as('admin') }));
    ok(await t.call({ method: 'GET', url: PERMISSIONS, token: await t.login('merchant2') }));
    // all or nothing: one unknown id freezes nobody
    refused(await t.call({ method: 'PUT', url: `${T}/freeze`, payload: { ids: [2, 999999] }, token: as('admin') }), 404);
    expect((await t.db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, 2)))[0]!.status).toBe(1);
  });

  it('ends the sessions of a tenant whose validity period is over, and refuses its sign-in', async () => {
    const merchant2 = await t.login('merchant2');
    const detail = ok<Tenant>(await t.call({ method: 'GET', url: `${T}/queryById`, query: { id: '2' }, token: as('admin') }));
    ok(await t.call({ method: 'PUT', url: `${T}/edit`, payload: { id: 2, name: detail.name, packageId: defaultPackage.id, validUntil: '2020-01-01T00:00:00Z', contactName: '李志強' }, token: as('admin') }));
    refused(await t.call({ method: 'GET', url: PERMISSIONS, token: merchant2 }), 401);
    expect((await t.call({ method: 'POST', url: '/api/sys/login', payload: { username: 'merchant2', password: 'Portal#2026' } })).json().success).toBe(false);
    const [edit] = (await audits('tenant', 2)).filter((a) => a.action === 'update');
    expect(edit).toMatchObject({ before: { validUntil: null }, after: { validUntil: '2020-01-01T00:00:00.000Z' } });
    ok(await t.call({ method: 'PUT', url: `${T}/edit`, payload: { id: 2, name: detail.name, packageId: defaultPackage.id, validUntil: null }, token: as('admin') }));
    ok(await t.call({ method: 'GET', url: PERMISSIONS, token: await t.login('merchant2') }));
  });

  it('keeps a package while tenants use it or while it is the default (409), and moves the default', async () => {
    const inUse = await Promise.all(LANGS.map(async (lang) => refused(await t.call({ method: 'DELETE', url: `${P}/delete`, query: { id: String(smallPackage.id) }, token: as('admin'), lang }), 409)));
    expect(inUse).toEqual(['仍有 1 個租戶使用此套餐，無法刪除', '仍有 1 个租户使用此套餐，无法删除', 'Tenants still use this package (1): it cannot be deleted']);
    expect(refused(await t.call({ method: 'DELETE', url: `${P}/delete`, query: { id: String(defaultPackage.id) }, token: as('admin'), lang: 'en-US' }), 409)).toBe('This is the default package: make another package the default first');
    refused(await t.call({ method: 'PUT', url: `${P}/edit`, payload: { id: defaultPackage.id, name: defaultPackage.name, status: 0 }, token: as('admin') }), 409);

    const spare = ok<Package>(await t.call({ method: 'POST', url: `${P}/add`, payload: { name: 'Spare', status: 0 }, token: as('admin') }));
    expect(refused(await t.call({ method: 'PUT', url: `${P}/setDefault`, payload: { id: spare.id }, token: as('admin'), lang: 'en-US' }), 400)).toBe('The package "Spare" is disabled: it cannot be given to a tenant or made the default');
    refused(await t.call({ method: 'POST', url: `${T}/add`, payload: { name: 'On spare', packageId: spare.id, account: { username: 'spare_main', realname: 'S', phone: '0912888003' } }, token: as('admin') }), 400);
    ok(await t.call({ method: 'PUT', url: `${P}/edit`, payload: { id: spare.id, name: 'Spare 2', status: 1 }, token: as('admin') }));
    expect(ok<Package>(await t.call({ method: 'PUT', url: `${P}/setDefault`, payload: { id: spare.id }, token: as('admin') }))).toMatchObject({ isDefault: true });
    const all = ok<Page<Package>>(await t.call({ method: 'GET', url: `${P}/list`, token: as('admin') })).records;
    expect(all.filter((p) => p.isDefault).map((p) => p.id)).toEqual([spare.id]);
    // the default first in the tenant form's options; the list filtered by name and status
    const options = ok<{ id: number; isDefault: boolean }[]>(await t.call({ method: 'GET', url: `${T}/packageOptions`, token: as('admin') }));
    expect(options[0]).toMatchObject({ id: spare.id, isDefault: true });
    expect(options.map((o) => o.id).sort()).toEqual([defaultPackage.id, smallPackage.id, spare.id].sort());
    expect(ok<Page<Package>>(await t.call({ method: 'GET', url: `${P}/list`, query: { name: 'spare' }, token: as('admin') })).records.map((p) => p.id)).toEqual([spare.id]);
    expect(ok<Page<Package>>(await t.call({ method: 'GET', url: `${P}/list`, query: { status: '0' }, token: as('admin') })).total).toBe(0);
    refused(await t.call({ method: 'GET', url: `${P}/list`, query: { column: 'id; drop table x' }, token: as('admin') }), 400);
    ok(await t.call({ method: 'PUT', url: `${P}/setDefault`, payload: { id: defaultPackage.id }, token: as('admin') }));
    ok(await t.call({ method: 'DELETE', url: `${P}/delete`, query: { id: String(spare.id) }, token: as('admin') }));
    refused(await t.call({ method: 'DELETE', url: `${P}/delete`, query: { id: String(spare.id) }, token: as('admin') }), 404);
    expect((await audits('tenant-package', spare.id)).map((a) => a.action)).toEqual(['create', 'update', 'set-default', 'delete']);
  });

  it('refuses a tenant named as another (the platform\'s included), in an add and an edit; its own name stays its own', async () => {
    const body = (name: string, username: string, phone: string) => ({ name, packageId: smallPackage.id, account: { username, realname: '陳', phone } });
    expect(refused(await t.call({ method: 'POST', url: `${T}/add`, payload: body('demo TRADING', 'dup_main', '0912888101'), token: as('admin'), lang: 'zh-TW' }), 409)).toBe('已有名為「Demo Trading」的租戶');
    const made = ok<{ tenant: Tenant }>(await t.call({ method: 'POST', url: `${T}/add`, payload: body('Lantau Goods 大嶼', 'lantau_main', '0912888102'), token: as('admin') })).tenant;
    const edit = (name: string) => t.call({ method: 'PUT', url: `${T}/edit`, payload: { id: made.id, name, packageId: smallPackage.id }, token: as('admin'), lang: 'en-US' });
    expect(refused(await edit('Harbour Imports'), 409)).toBe('There is already a tenant named "Harbour Imports"');
    expect(ok<Tenant>(await edit('Lantau Goods 大嶼')).name).toBe('Lantau Goods 大嶼');
  });

});
