import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { permissions, rolePermissions, roles } from '../../../src/db/schema/sys.ts';
import { syncCatalogue } from '../../../src/db/seed/catalogue.ts';

const LIST = '/api/sys/permission/list';
const ADD = '/api/sys/permission/add';
const EDIT = '/api/sys/permission/edit';
const DELETE = '/api/sys/permission/delete';
const TOP = '/api/sys/permission/getSystemMenuList';
const SUB = '/api/sys/permission/getSystemSubmenu';
const BATCH = '/api/sys/permission/getSystemSubmenuBatch';

type Node = { id: number; parentId: number | null; perms: string; menuType: number; titles: unknown; icon: string | null; builtIn: boolean; edited: boolean; leaf: boolean; children?: Node[] };
type MenuEntry = { path: string; meta: { title: string; titles?: unknown; icon: string | null }; children?: MenuEntry[] };

const titles = (text: string) => ({ 'zh-TW': `${text}（繁）`, 'zh-CN': `${text}（简）`, 'en-US': `${text} (en)` });
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const flattenMenu = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...flattenMenu(e.children ?? [])]);

describe(`menu (permission) management (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const tree = async (): Promise<Node[]> => (await t.call({ method: 'GET', url: LIST, token: admin })).json().result;
  const byPerms = async (perms: string) => (await t.db.select().from(permissions).where(eq(permissions.perms, perms)))[0]!;
  /** an edit body: the stored entry as the form would send it back, with changes */
  const editBody = async (perms: string, changes: Record<string, unknown>) => {
    const row = await byPerms(perms);
    return {
      id: row.id,
      parentId: row.parentId,
      menuType: row.menuType,
      titles: row.titles,
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
      ...changes,
    };
  };
  const newMenu = (changes: Record<string, unknown> = {}) => ({ menuType: 0, titles: titles('報表'), path: '/reports', component: 'layouts/RouteView', perms: 'reports:module:view', icon: 'BarChartOutlined', sortNo: 900, ...changes });

  it('answers 401 without a session, on every call', async () => {
    for (const [method, url] of [
      ['GET', LIST],
      ['GET', TOP],
      ['GET', `${SUB}?parentId=1`],
      ['GET', `${BATCH}?parentIds=1`],
      ['POST', ADD],
      ['PUT', EDIT],
      ['DELETE', `${DELETE}?id=1`],
    ] as const) {
      const response = await t.call({ method, url, payload: method === 'POST' || method === 'PUT' ? newMenu() : undefined });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses merchants (even holding every menu code) and platform staff without the code, and changes nothing', async () => {
    // the merchant's own role is given every menu management code: the catalogue is still the platform's
    const codes = await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, ['system:permission:list', 'system:permission:add', 'system:permission:edit', 'system:permission:delete']));
    const merchantRoles = await t.db.select({ id: roles.id, tenantId: roles.tenantId }).from(roles).where(eq(roles.tenantId, 1));
    await t.db.insert(rolePermissions).values(merchantRoles.flatMap((r) => codes.map((c) => ({ tenantId: r.tenantId, roleId: r.id, permissionId: c.id })))).onConflictDoNothing();
    await t.app.accessService.publish({ kind: 'permissions' });
    const before = await t.db.select().from(permissions).orderBy(permissions.id);
    const logistics = await byPerms('logistics:module:view');
    for (const username of ['merchant', 'staff', 'merchant2', 'warehouse', 'finance']) {
      const token = await t.login(username);
      for (const [method, url, payload] of [
        ['GET', LIST, undefined],
        ['GET', TOP, undefined],
        ['GET', `${SUB}?parentId=${logistics.id}`, undefined],
        ['GET', `${BATCH}?parentIds=${logistics.id}`, undefined],
        ['POST', ADD, newMenu()],
        ['PUT', EDIT, { ...(await editBody('logistics:module:view', { titles: titles('x') })) }],
        ['DELETE', `${DELETE}?id=${logistics.id}`, undefined],
      ] as const) {
        const response = await t.call({ method, url, token, payload, lang: 'en-US' });
        expect(response.statusCode, `${username} ${url}`).toBe(403);
      }
    }
    expect(await t.db.select().from(permissions).orderBy(permissions.id)).toEqual(before);
  });

  it('lists the whole tree with every field, and no secret', async () => {
    const response = await t.call({ method: 'GET', url: LIST, token: admin });
    expect(response.statusCode).toBe(200);
    // the catalogue names token menus ('system:token:list'): a token itself would be a "token" key or a hash
    expect(/passwordHash|password_hash|\$argon2|"token"\s*:|token_?hash/i.test(response.body)).toBe(false);
    const all = flatten(response.json().result);
    const menus = all.find((n) => n.perms === 'system:permission:list')!;
    expect(menus).toMatchObject({
      menuType: 1,
      name: 'menu.system.permission',
      titles: null,
      path: '/system/permission',
      component: 'system/permission-list',
      componentName: 'system-permission',
      redirect: null,
      hidden: false,
      alwaysShow: false,
      route: true,
      icon: null,
      keepAlive: false,
      internalOrExternal: false,
      url: null,
      permsType: '1',
      status: '1',
      platformOnly: false,
      merchantOnly: false,
      builtIn: true,
      edited: false,
      leaf: false,
    });
    expect(menus.children!.map((c) => c.perms)).toEqual(['system:permission:add', 'system:permission:edit', 'system:permission:delete', 'system:permission:rule']);
    expect(all.length).toBe((await t.db.select({ id: permissions.id }).from(permissions)).length);
  });

  it('answers the top-level menus, the entries under one menu and under several', async () => {
    const top = (await t.call({ method: 'GET', url: TOP, token: admin })).json().result as Node[];
    expect(top.length).toBeGreaterThan(3);
    expect(top.every((n) => n.parentId === null && n.menuType === 0)).toBe(true);
    const system = top.find((n) => n.perms === 'system:module:view')!;
    const logistics = top.find((n) => n.perms === 'logistics:module:view')!;
    const sub = (await t.call({ method: 'GET', url: `${SUB}?parentId=${system.id}`, token: admin })).json().result as Node[];
    expect(sub.map((n) => n.perms)).toContain('system:permission:list');
    expect(sub.every((n) => n.parentId === system.id)).toBe(true);
    const batch = (await t.call({ method: 'GET', url: `${BATCH}?parentIds=${system.id},${logistics.id},999999`, token: admin })).json().result as Record<string, Node[]>;
    expect(Object.keys(batch).sort()).toEqual([String(system.id), String(logistics.id), '999999'].sort());
    expect(batch[String(system.id)]!.map((n) => n.id)).toEqual(sub.map((n) => n.id));
    expect(batch['999999']).toEqual([]);
    for (const bad of [`${system.id};drop table sys_permission`, `${system.id} or 1=1`, '', '0', '-1']) {
      const response = await t.call({ method: 'GET', url: `${BATCH}?parentIds=${encodeURIComponent(bad)}`, token: admin });
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: `${SUB}?parentId=x`, token: admin })).statusCode).toBe(400);
  });

  it('adds a menu, a sub menu and a button, and refuses a taken code (409)', async () => {
    const top = await t.call({ method: 'POST', url: ADD, token: admin, payload: newMenu() });
    expect(top.json()).toMatchObject({ success: true, result: { menuType: 0, titles: titles('報表'), perms: 'reports:module:view', builtIn: false, edited: true } });
    const parentId = top.json().result.id;
    const page = await t.call({
      method: 'POST',
      url: ADD,
      token: admin,
      payload: { menuType: 1, parentId, titles: titles('外部報表'), path: '/reports/external', url: 'https://example.com/report?x=1', internalOrExternal: true, perms: 'reports:external:view' },
    });
    expect(page.json()).toMatchObject({ success: true, result: { parentId, url: 'https://example.com/report?x=1', component: '' } });
    const button = await t.call({ method: 'POST', url: ADD, token: admin, payload: { menuType: 2, parentId: page.json().result.id, titles: titles('下載'), perms: 'reports:external:download', permsType: '2' } });
    expect(button.json()).toMatchObject({ success: true, result: { menuType: 2, path: '', icon: null, permsType: '2' } });

    const taken = await t.call({ method: 'POST', url: ADD, token: admin, lang: 'en-US', payload: newMenu({ path: '/other', perms: 'system:user:add' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The permission code system:user:add is already used by another entry');
    const mine = await t.call({ method: 'POST', url: ADD, token: admin, lang: 'zh-CN', payload: newMenu({ path: '/other' }) });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe('授权标识 reports:module:view 已被其他菜单使用');
    // a second entry on a route path the router already opens (系統管理's /system), in an add and an edit
    const onSystem = await t.call({ method: 'POST', url: ADD, token: admin, lang: 'zh-TW', payload: newMenu({ path: '/system', perms: 'reports:other:view' }) });
    expect(onSystem.statusCode).toBe(409);
    expect(onSystem.json().message).toBe('路由路徑 /system 已被其他選單使用');
    const moved = await t.call({ method: 'PUT', url: EDIT, token: admin, lang: 'en-US', payload: { ...newMenu({ path: '/reports/external' }), id: parentId } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('The route path /reports/external is already used by another entry');
  });

  it.each([
    ['javascript: URL', { url: 'javascript:alert(1)' }, 'An external link must be an address starting with http:// or https://'],
    ['data: URL', { url: 'data:text/html,<script>alert(1)</script>' }, 'An external link must be an address starting with http:// or https://'],
    ['unknown component', { component: '../../etc/passwd' }, 'The component must be one of the pages the portal has, or empty for a group'],
    ['unknown icon', { icon: 'SkullOutlined' }, 'Choose an icon from the icon list'],
    ['bad code', { perms: "x'; drop table sys_permission; --" }, 'Permission codes are words joined by colons (such as system:user:add), several separated by commas'],
    ['bad path', { path: 'reports' }, 'A path starts with / and holds only letters, digits, - and _ (such as /system/user)'],
    ['sort order too big', { sortNo: 100_001 }, 'Sort order must be at most 100,000'],
    ['no titles', { titles: null }, 'Enter the title in the three languages'],
    ['a sub menu without parent', { menuType: 1 }, 'A sub menu or a button needs a parent menu'],
    ['a button without parent', { menuType: 2 }, 'A sub menu or a button needs a parent menu'],
    ['both sides', { platformOnly: true, merchantOnly: true }, 'An entry cannot be both platform-only and merchant-only'],
  ])('refuses %s (400) and adds nothing', async (_, changes, message) => {
    const count = (await t.db.select({ id: permissions.id }).from(permissions)).length;
    const response = await t.call({ method: 'POST', url: ADD, token: admin, lang: 'en-US', payload: newMenu({ perms: 'reports:refused', path: '/refused', ...changes }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.db.select({ id: permissions.id }).from(permissions)).length).toBe(count);
  });

  it('says why in the three languages', async () => {
    const payload = newMenu({ perms: 'reports:refused', url: 'javascript:alert(1)' });
    const texts = await Promise.all(['zh-TW', 'zh-CN', 'en-US'].map(async (lang) => (await t.call({ method: 'POST', url: ADD, token: admin, lang, payload })).json().message));
    expect(texts).toEqual(['外部連結須為 http:// 或 https:// 開頭的網址', '外部链接须为 http:// 或 https:// 开头的网址', 'An external link must be an address starting with http:// or https://']);
  });

  it('refuses a button under a button, and a menu under itself', async () => {
    const addButton = await byPerms('system:user:add');
    const under = await t.call({ method: 'POST', url: ADD, token: admin, lang: 'en-US', payload: { menuType: 2, parentId: addButton.id, titles: titles('x'), perms: 'system:user:add:more' } });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('The parent must be a menu, not a button');
    const system = await byPerms('system:module:view');
    const users = await byPerms('system:user:list');
    const cycle = await t.call({ method: 'PUT', url: EDIT, token: admin, lang: 'en-US', payload: await editBody('system:module:view', { menuType: 1, parentId: users.id }) });
    expect(cycle.statusCode).toBe(409); // a built-in entry keeps its type
    const own = await t.call({ method: 'POST', url: ADD, token: admin, payload: newMenu({ perms: 'cycle:top', path: '/cycle' }) });
    const child = await t.call({ method: 'POST', url: ADD, token: admin, payload: { menuType: 1, parentId: own.json().result.id, titles: titles('c'), path: '/cycle/child', perms: 'cycle:child' } });
    const moved = await t.call({ method: 'PUT', url: EDIT, token: admin, lang: 'en-US', payload: await editBody('cycle:top', { menuType: 1, parentId: child.json().result.id }) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('A menu cannot move under itself or one of its own entries');
    expect((await byPerms('system:module:view')).parentId).toBe(system.parentId);
  });

  it("renames a menu and changes its icon: a signed-in merchant's next menu load shows it", async () => {
    const merchant = await t.login('merchant');
    const menuOf = async () => flattenMenu((await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token: merchant })).json().result.menu);
    expect((await menuOf()).find((e) => e.path === '/logistics')!.meta).toMatchObject({ title: 'menu.logistics.root', icon: 'CarOutlined' });

    const edited = await t.call({ method: 'PUT', url: EDIT, token: admin, payload: await editBody('logistics:module:view', { titles: titles('貨運'), icon: 'GlobalOutlined' }) });
    expect(edited.json()).toMatchObject({ success: true, result: { titles: titles('貨運'), icon: 'GlobalOutlined', builtIn: true, edited: true } });
    expect((await menuOf()).find((e) => e.path === '/logistics')!.meta).toMatchObject({ title: 'menu.logistics.root', titles: titles('貨運'), icon: 'GlobalOutlined' });
  });

  it("keeps a built-in entry's codes, type and side (409), and answers 404 for an unknown id", async () => {
    for (const changes of [{ perms: 'logistics:module:other' }, { merchantOnly: false }, { platformOnly: true, merchantOnly: false }]) {
      const response = await t.call({ method: 'PUT', url: EDIT, token: admin, lang: 'en-US', payload: await editBody('logistics:module:view', changes) });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain("A built-in entry's permission code");
    }
    const unknown = await t.call({ method: 'PUT', url: EDIT, token: admin, payload: { ...(await editBody('reports:module:view', {})), id: 999_999 } });
    expect(unknown.statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${DELETE}?id=999999`, token: admin })).statusCode).toBe(404);
  });

  it('stores what an administrator types as text, never as SQL', async () => {
    const text = "x'); delete from sys_permission; --";
    const response = await t.call({ method: 'PUT', url: EDIT, token: admin, payload: await editBody('reports:module:view', { titles: { 'zh-TW': text, 'zh-CN': text, 'en-US': text } }) });
    expect(response.statusCode).toBe(200);
    expect((await byPerms('reports:module:view')).titles).toEqual({ 'zh-TW': text, 'zh-CN': text, 'en-US': text });
    expect((await tree()).length).toBeGreaterThan(3);
  });

  it('deletes an entry with nothing under it (its grants go too); refuses one with children and a built-in one (409)', async () => {
    const top = await byPerms('reports:module:view');
    const parent = await t.call({ method: 'DELETE', url: `${DELETE}?id=${top.id}`, token: admin, lang: 'en-US' });
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toBe('This entry still has entries under it: delete them first');
    const builtIn = await t.call({ method: 'DELETE', url: `${DELETE}?id=${(await byPerms('system:user:add')).id}`, token: admin, lang: 'zh-TW' });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().message).toBe('系統內建的選單不可刪除，可改為隱藏');

    const button = await byPerms('reports:external:download');
    const [adminRole] = await t.db.select().from(roles).where(and(eq(roles.tenantId, 0), eq(roles.roleCode, 'platform_admin')));
    await t.db.insert(rolePermissions).values({ tenantId: 0, roleId: adminRole!.id, permissionId: button.id });
    const done = await t.call({ method: 'DELETE', url: `${DELETE}?id=${button.id}`, token: admin });
    expect(done.json()).toMatchObject({ success: true });
    expect(await t.db.select().from(permissions).where(eq(permissions.id, button.id))).toEqual([]);
    expect(await t.db.select().from(rolePermissions).where(eq(rolePermissions.permissionId, button.id))).toEqual([]);
  });

  it('survives a restart: the sync keeps edited entries, resets unedited ones, and brings back missing code entries', async () => {
    const renamed = await byPerms('logistics:module:view');
    const untouched = await byPerms('finance:module:view');
    await t.db.update(permissions).set({ icon: 'SkullOutlined', sortNo: 1 }).where(eq(permissions.id, untouched.id));
    const rule = await byPerms('system:permission:rule');
    await t.db.delete(permissions).where(eq(permissions.id, rule.id));

    await syncCatalogue(t.db);

    expect(await byPerms('logistics:module:view')).toMatchObject({ id: renamed.id, titles: titles('貨運'), icon: 'GlobalOutlined', editedAt: renamed.editedAt });
    expect(await byPerms('finance:module:view')).toMatchObject({ id: untouched.id, icon: untouched.icon, sortNo: untouched.sortNo, editedAt: null });
    const back = await byPerms('system:permission:rule');
    expect(back).toMatchObject({ menuType: 2, builtIn: true, parentId: rule.parentId });
    expect(await byPerms('reports:module:view')).toMatchObject({ builtIn: false });
  });
});
