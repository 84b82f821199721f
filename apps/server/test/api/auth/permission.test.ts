import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MenuEntry } from '@portal/shared/sys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { departRoles, departments, userDepartments, users } from '../../../src/db/schema/sys.ts';

type PermissionResult = { menu: MenuEntry[]; auth: { action: string }[]; allAuth: { action: string; status: string }[]; allPages: string[] };

const paths = (menu: MenuEntry[]): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);
const find = (menu: MenuEntry[], path: string): MenuEntry | undefined => {
  for (const m of menu) {
    if (m.path === path) return m;
    const inner = find(m.children ?? [], path);
    if (inner) return inner;
  }
  return undefined;
};

describe(`menus and buttons by role (${testDbKind()})`, () => {
  let t: TestApp;
  const results: Record<string, PermissionResult> = {};
  const fetchFor = async (username: string) => {
    const token = await t.login(username);
    const response = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token, query: { _t: '1700000000' } });
    expect(response.statusCode).toBe(200);
    return response.json().result as PermissionResult;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const username of ['admin', 'warehouse', 'finance', 'merchant', 'staff', 'merchant2']) results[username] = await fetchFor(username);
  });
  afterAll(() => t.close());

  it('gives each menu entry the spec fields and meta', () => {
    const entry = find(results.merchant!.menu, '/logistics/international-order')!;
    expect(entry).toMatchObject({
      name: 'logistics-international-order',
      component: 'logistics/international-order-list',
      hidden: false,
      alwaysShow: false,
      route: '1',
      meta: { title: 'menu.logistics.internationalOrder', keepAlive: false, internalOrExternal: false },
    });
    expect(entry.meta.permissionList.map((p) => p.action)).toContain('logistics:order:add');
    const container = find(results.merchant!.menu, '/logistics')!;
    expect(container.redirect).toBe('/logistics/international-order');
    expect(container.meta.icon).toBe('CarOutlined');
  });

  it('shows the menu management entry to the super user only', () => {
    expect(paths(results.admin!.menu)).toContain('/system/permission');
    expect(paths(results.merchant!.menu)).toContain('/system/user');
    expect(paths(results.merchant!.menu)).not.toContain('/system/permission');
  });

  it('keeps platform screens on the platform side', () => {
    expect(paths(results.warehouse!.menu)).toContain('/warehouse');
    expect(paths(results.warehouse!.menu)).not.toContain('/finance');
    expect(paths(results.finance!.menu)).toContain('/finance');
    expect(paths(results.finance!.menu)).not.toContain('/warehouse');
    for (const merchant of ['merchant', 'staff', 'merchant2']) {
      expect(paths(results[merchant]!.menu)).not.toContain('/warehouse');
      expect(results[merchant]!.auth.map((a) => a.action).filter((a) => a.startsWith('warehouse:'))).toEqual([]);
    }
  });

  it('gives staff fewer buttons than the merchant, and hides empty containers', () => {
    const merchant = new Set(results.merchant!.auth.map((a) => a.action));
    const staff = new Set(results.staff!.auth.map((a) => a.action));
    expect(merchant.has('logistics:order:cancel')).toBe(true);
    expect(staff.has('logistics:order:cancel')).toBe(false);
    expect(staff.has('logistics:order:export')).toBe(false);
    expect(staff.has('logistics:order:add')).toBe(true);
    for (const code of staff) expect(merchant.has(code)).toBe(true);
    expect(paths(results.staff!.menu)).not.toContain('/system');
    expect(paths(results.staff!.menu)).not.toContain('/finance');
  });

  it('lists every button in allAuth whoever asks', () => {
    expect(results.staff!.allAuth).toEqual(results.admin!.allAuth);
    expect(results.staff!.allAuth.length).toBeGreaterThan(results.staff!.auth.length);
    expect(results.staff!.allAuth.every((a) => a.status === '1')).toBe(true);
  });

  it('lists every page of the catalogue in allPages whoever asks, so the web tells 403 from 404', () => {
    expect(results.warehouse!.allPages).toEqual(results.admin!.allPages);
    expect(results.staff!.allPages).toEqual(results.admin!.allPages);
    const pages = results.warehouse!.allPages;
    // pages outside the warehouse's menu, a hidden detail page and a container are known all the same
    for (const path of ['/finance/review/recharge', '/system/permission', '/logistics/international-order/detail', '/finance/wallet']) {
      expect(pages).toContain(path);
      expect(paths(results.warehouse!.menu)).not.toContain(path);
    }
    // every page of anyone's menu is in it, and no button (buttons have no path)
    for (const user of Object.values(results)) for (const path of paths(user.menu)) expect(pages).toContain(path);
    expect(pages).not.toContain('');
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('gives the same tree to two merchants of different tenants with the same role', () => {
    expect(paths(results.merchant2!.menu)).toEqual(paths(results.merchant!.menu));
  });

  it('adds what a department role grants in the current department, up to its ceiling', async () => {
    // staff joins the finance department of tenant 1 and is given its finance clerk role, which brings the wallet screens
    const staff = (await t.db.select().from(users).where(eq(users.username, 'staff')))[0]!;
    const finance = (await t.db.select().from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01A02'))))[0]!;
    await t.db.insert(userDepartments).values({ userId: staff.id, tenantId: 1, departmentId: finance.id });
    const clerk = (await t.db.select().from(departRoles).where(and(eq(departRoles.tenantId, 1), eq(departRoles.roleCode, 'finance_clerk'))))[0]!;
    const merchant = await t.login('merchant');
    const given = await t.call({ method: 'POST', url: '/api/sys/sysDepartRole/deptRoleUserAdd', token: merchant, payload: { userId: staff.id, departId: finance.id, newRoleId: [clerk.id] } });
    expect(given.statusCode).toBe(200);
    const token = await t.login('staff');
    const before = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token });
    expect(paths(before.json().result.menu)).not.toContain('/finance/wallet');
    const switched = await t.call({ method: 'POST', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A01A02', username: 'staff' } });
    expect(switched.json().result.userInfo.orgCode).toBe('A01A02');
    const after = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token });
    expect(paths(after.json().result.menu)).toContain('/finance/wallet');
    expect(after.json().result.auth.map((a: { action: string }) => a.action)).toContain('wallet:recharge:submit');
  });

  it('needs a session', async () => {
    const response = await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('Token失效');
  });
});
