import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MenuEntry } from '@portal/shared/sys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { refused } from '../../helpers/answers.ts';
import { routeRecorder, type ApiRoute } from '../safety/route-table.ts';
import { permissions, rolePermissions, roles } from '../../../src/db/schema/sys.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { syncCatalogue } from '../../../src/db/seed/catalogue.ts';


/*
 * The warehouse account saw the five merchant logistics pages and could create an
 * order under the platform's own company. A merchant route refuses the platform tenant whatever its
 * roles hold (plugins/auth.ts `merchant`), and the platform's menus hold no merchant screen.
 */

const recorder = routeRecorder();
const t: TestApp = await createTestApp({ onRoute: recorder.onRoute });
const routes = recorder.apiRoutes();
const name = (route: ApiRoute) => `${route.method} ${route.url}`;
const merchantRoutes = routes.filter((route) => 'tenant' in route.access && route.access.tenant === 'merchant');
const PLATFORM_USERS = ['admin', 'warehouse', 'finance'] as const;
const MERCHANT_ONLY = {
  'zh-TW': '拒絕訪問：這是商家的功能，平台帳號不能使用，請以商家帳號登入',
  'zh-CN': '拒绝访问：这是商家的功能，平台账号不能使用，请以商家账号登录',
  'en-US': 'Access denied: this is a merchant function, which platform accounts cannot use; sign in with a merchant account',
};
/** the wallet's screens have always said it their way */
const NO_WALLET = 'Platform accounts have no wallet: use a merchant account';
const refusalOf = (route: ApiRoute) => (/^(wallet|finance):/.test(route.access.permission) ? NO_WALLET : MERCHANT_ONLY['en-US']);

type PermissionResult = { menu: MenuEntry[]; auth: { action: string }[] };
const paths = (menu: MenuEntry[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

async function permissionsOf(token: string): Promise<PermissionResult> {
  const response = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token });
  expect(response.statusCode).toBe(200);
  return response.json().result as PermissionResult;
}

/** Every merchant-only catalogue entry granted to every role of the platform tenant, as an older seed did, with the flags of a database just migrated. */
async function grantMerchantScreensToPlatformRoles(): Promise<void> {
  await t.db.update(permissions).set({ merchantOnly: false });
  await t.db.execute(sql`
    insert into sys_role_permission (tenant_id, role_id, permission_id)
    select 0, r.id, p.id from sys_role r cross join sys_permission p
    where r.tenant_id = 0 and (p.perms like 'logistics:%' or p.perms like 'wallet:%' or p.perms like 'finance:detail:%' or p.perms like 'product:%')
    on conflict do nothing`);
  await t.app.accessService.publish({ kind: 'permissions' });
}

describe(`merchant screens stay on the merchants' side (${testDbKind()})`, () => {
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const username of [...PLATFORM_USERS, 'merchant']) tokens[username] = await t.login(username);
  });
  afterAll(() => t.close());

  it('gives the platform accounts no merchant page, button or menu group', async () => {
    const merchantPaths = new Set(paths((await permissionsOf(tokens.merchant!)).menu));
    for (const username of PLATFORM_USERS) {
      const result = await permissionsOf(tokens[username]!);
      const shown = paths(result.menu);
      expect(shown.filter((path) => path.startsWith('/logistics')), username).toEqual([]);
      expect(shown.filter((path) => path.startsWith('/finance/wallet') || path === '/finance/detail'), username).toEqual([]);
      // the visit statistics are both sides' (the platform sees every tenant's); the API and push statistics are not;
      // of the configuration group the platform has only its own app's tokens at Taobao and 1688
      expect(result.auth.map((a) => a.action).filter((code) => /^(logistics|wallet|product|purchase|config:(module|token|push)|statistics:(api|push)):/.test(code)), username).toEqual([]);
      // what the platform shares with the merchants is the home page, the announcement inbox, system administration, the visit statistics and the configuration group, no more
      const shared = new Set(['/dashboard/analysis', '/dashboard/announcement', '/finance', '/statistics', '/statistics/visit', '/config']);
      expect(shown.filter((path) => merchantPaths.has(path) && !path.startsWith('/system') && !shared.has(path)), username).toEqual([]);
    }
    // the warehouse keeps its own screens and the home page
    expect(paths((await permissionsOf(tokens.warehouse!)).menu)).toEqual(expect.arrayContaining(['/dashboard/analysis', '/warehouse/receive', '/warehouse/ship-out', '/warehouse/exception']));
    expect(paths((await permissionsOf(tokens.finance!)).menu)).toEqual(expect.arrayContaining(['/dashboard/analysis', '/finance/review/recharge']));
  });

  it('declares every merchant route code on a merchant-only catalogue entry, so a new merchant screen reaches no platform menu', async () => {
    const merchantOnly = new Set((await t.db.select({ perms: permissions.perms }).from(permissions).where(eq(permissions.merchantOnly, true))).map((row) => row.perms));
    const codes = merchantRoutes.flatMap((route) => ('also' in route.access ? [route.access.permission, ...(route.access.also ?? [])] : [route.access.permission]));
    expect(merchantRoutes.length).toBeGreaterThan(50);
    expect([...new Set(codes)].filter((code) => !merchantOnly.has(code))).toEqual([]);
  });

  it('refuses every merchant route to a platform user holding its permission, translated, before reading the request', async () => {
    await grantMerchantScreensToPlatformRoles();
    // the grant is real: the platform's warehouse role now holds the merchant order codes
    const held = await t.db
      .select({ perms: permissions.perms })
      .from(rolePermissions)
      .innerJoin(roles, and(eq(roles.id, rolePermissions.roleId), eq(roles.tenantId, rolePermissions.tenantId)))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(roles.tenantId, 0), eq(roles.roleCode, 'warehouse_operator'), inArray(permissions.perms, ['logistics:order:add', 'logistics:order:list'])));
    expect(held.map((row) => row.perms).sort()).toEqual(['logistics:order:add', 'logistics:order:list']);

    expect(merchantRoutes.map(name)).toEqual(expect.arrayContaining(['POST /api/logistics/order/add', 'GET /api/logistics/order/list', 'POST /platform-api/finance/virtualWallet/wallet/details']));
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(orders);
    const failures: string[] = [];
    for (const route of merchantRoutes) {
      for (const username of PLATFORM_USERS) {
        const response = await t.call({ method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, '1'), token: tokens[username], lang: 'en-US', ...(route.method === 'GET' ? {} : { payload: {} }) });
        const body = response.json() as { message?: string };
        if (response.statusCode !== 403 || body.message !== refusalOf(route)) failures.push(`${name(route)} as ${username}: ${response.statusCode} ${body.message ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await t.db.select({ count: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
  });

  it('says so in the caller language, for the order the warehouse account created under the platform company', async () => {
    const order = { serviceType: 'BASE', merchantOrderNo: 'PLATFORM-1' };
    for (const lang of ['zh-TW', 'zh-CN', 'en-US'] as const) {
      const message = refused(await t.call({ method: 'POST', url: '/api/logistics/order/add', token: tokens.warehouse, lang, payload: order }), 403);
      expect(message).toBe(MERCHANT_ONLY[lang]);
    }
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.tenantId, 0))).toEqual([]);
  });

  it('still answers the platform what both sides use: the home page figures, every merchant together', async () => {
    const figures = await t.call({ method: 'GET', url: '/api/logistics/summary', token: tokens.warehouse });
    expect(figures.statusCode, figures.body).toBe(200);
    const merchant = await t.call({ method: 'GET', url: '/api/logistics/order/list', token: tokens.merchant });
    expect(merchant.statusCode, merchant.body).toBe(200);
  });

  it('takes the merchant screens away from the platform roles of an existing database at the next start', async () => {
    await syncCatalogue(t.db);
    await t.app.accessService.publish({ kind: 'permissions' });
    const left = await t.db
      .select({ perms: permissions.perms })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(rolePermissions.tenantId, 0), eq(permissions.merchantOnly, true)));
    expect(left).toEqual([]);
    expect((await t.db.select({ perms: permissions.perms }).from(permissions).where(eq(permissions.perms, 'logistics:order:add')))[0]).toBeDefined();
    expect(paths((await permissionsOf(tokens.warehouse!)).menu).filter((path) => path.startsWith('/logistics'))).toEqual([]);
    // the merchants keep theirs
    expect(paths((await permissionsOf(tokens.merchant!)).menu)).toContain('/logistics/international-order');
  });
});
