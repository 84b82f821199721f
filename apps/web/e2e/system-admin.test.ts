import { describe, expect, onTestFinished, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { menuEditInput, type MenuTreeNode } from '@portal/shared/system-menus';
import { portalApi } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { chooseOwnPassword, clickOption, signedIn, switchUser } from './support/portal.ts';
import { PASSWORD, signInByApi, type Role, type Session } from './support/sessions.ts';

/*
 * Users, roles, departments and menus, walked as people do it (en-US): the merchant's main account builds a
 * department, a position, a role with a few menus, buttons and a data rule, and a user with them; that
 * user sees exactly those menus and buttons and only the rows the rule lets through, until frozen;
 * `staff` and `merchant2` see none of it; the platform admin renames a menu and changes its icon.
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');
const viewport = { width: 1440, height: 900 };

type TreeNode = { key: number; perms: string; children?: TreeNode[] };
type Page_<T> = { records: T[]; total: number };

/** The catalogue id of each permission code, from the tree a role's permissions are chosen in. */
function idsByCode(nodes: TreeNode[], into = new Map<string, number>()): Map<string, number> {
  for (const node of nodes) {
    for (const code of node.perms.split(',')) if (code) into.set(code, node.key);
    idsByCode(node.children ?? [], into);
  }
  return into;
}

const sideMenuTexts = async (page: Page) => (await page.getByTestId('side-menu').getByTestId('menu-title').allTextContents()).map((t) => t.trim());

/** Ticks the check box of a permission tree node. */
const tick = (tree: Locator, id: number) => tree.locator('.ant-tree-treenode').filter({ has: tree.page().getByTestId(`role-permission-tree-node-${id}`) }).locator('.ant-tree-checkbox').click();

/** Signs the page out (its stored session gone) and in again as `who`. */
const switchTo = (page: Page, who: Role | Session) => switchUser(suite, page, who);

/** The catalogue's entry with the permission code `perms`. */
function menuOf(nodes: readonly MenuTreeNode[], perms: string): MenuTreeNode | undefined {
  for (const node of nodes) {
    const found = node.perms === perms ? node : menuOf(node.children ?? [], perms);
    if (found) return found;
  }
  return undefined;
}

/** Opens a select of a form by its data-testid and picks the option titled `title` (a single select closes on it). */
async function pick(page: Page, testId: string, title: string, multiple = false): Promise<void> {
  await page.getByTestId(testId).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: title }).first();
  await (multiple ? option.click() : clickOption(option));
}

describe('system administration: a merchant builds a team, the platform edits a menu', () => {
  test("a merchant builds a team with roles and departments; the platform edits a menu; a frozen user leaves at once", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const departName = `Packing ${stamp}`;
    const roleCode = `packer_${stamp}`;
    const username = `packer_${stamp}`;
    // the demo's password, which the sign-in helper types
    const password = PASSWORD;
    const ownPassword = `${PASSWORD}-own`;
    const merchantApi = api.as('merchant');
    const tree = await merchantApi.get<{ treeList: TreeNode[] }>('/api/sys/role/queryTreeList');
    const ids = idsByCode(tree.treeList);
    const id = (code: string) => {
      const found = ids.get(code);
      if (found === undefined) throw new Error(`no ${code} in the grantable tree`);
      return found;
    };

    // ---- a department under the company
    const page = await signedIn(suite, 'merchant', { language: 'en-US', viewport, at: '/system/depart' });
    await page.getByTestId('depart-node-A01').click();
    await page.getByTestId('depart-add-child').click();
    await page.getByTestId('depart-add-name').fill(departName);
    await page.getByTestId('depart-add-save').click();
    await page.getByTestId('depart-tree').getByText(departName).waitFor();

    // ---- a position
    await page.goto('/system/position');
    await page.getByTestId('position-add').click();
    await page.getByTestId('position-code').fill(`packer${stamp}`);
    await page.getByTestId('position-name').fill(`Packer ${stamp}`);
    await page.locator('#position-save').click();
    await page.getByText(`Packer ${stamp}`).first().waitFor();

    // ---- a role with the home page, the international orders and their New button, but not Export
    await page.goto('/system/role');
    await page.getByTestId('role-list-new').click();
    await page.getByTestId('role-form-code').fill(roleCode);
    await page.getByTestId('role-form-name').fill(`Packers ${stamp}`);
    await page.getByTestId('role-form-save').click();
    const roleRow = page.locator('tr').filter({ has: page.getByTestId(`role-row-${roleCode}`) });
    await roleRow.getByTestId('role-action-permission').click();
    const drawer = page.getByTestId('role-permission-drawer');
    await drawer.getByTestId('role-permission-tree-expand-all').click();
    for (const code of ['dashboard:analysis:view', 'logistics:order:list', 'logistics:order:add']) await tick(drawer, id(code));

    // ---- its data rule on the international orders: only orders still Created
    await drawer.getByTestId(`data-rule-link-${id('logistics:order:list')}`).click();
    const roleRules = page.getByTestId('role-data-rule-drawer');
    await roleRules.getByTestId('role-data-rule-define').click();
    const rules = page.getByTestId('data-rule-drawer');
    await rules.getByTestId('data-rule-add').click();
    await page.getByTestId('data-rule-name').fill(`Created only ${stamp}`);
    await pick(page, 'data-rule-field', 'Status');
    await pick(page, 'data-rule-operator', 'equals');
    await page.getByTestId('data-rule-value').fill('CREATED');
    await page.getByTestId('data-rule-save').click();
    await rules.getByText(`Created only ${stamp}`).waitFor();
    await page.locator('.ant-drawer').filter({ has: rules }).locator('.ant-drawer-close').click();
    await roleRules.getByText(`Created only ${stamp}`).click();
    await roleRules.getByTestId('role-data-rule-save').click();
    await expect.poll(() => roleRules.isVisible()).toBe(false);
    await drawer.getByTestId('role-permission-save').click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // ---- a user in that department, with that position and role
    await page.goto('/system/user');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form-username').fill(username);
    await page.getByTestId('user-form-password').fill(password);
    await page.getByTestId('user-form-realname').fill(`Packer ${stamp}`);
    await page.getByTestId('user-form-departs').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: departName }).click();
    await page.keyboard.press('Escape');
    await pick(page, 'user-form-positions', `Packer ${stamp}`, true);
    await page.keyboard.press('Escape');
    await pick(page, 'user-form-roles', `Packers ${stamp}`, true);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-form-save').click();
    await page.locator('tr').filter({ hasText: username }).first().waitFor();

    // ---- that user chooses their own password first (the merchant chose this one), then sees exactly those
    // menus and buttons, and only Created orders
    await switchTo(page, await signInByApi(suite.portal().url, username, password));
    await chooseOwnPassword(page, password, ownPassword);
    expect(await sideMenuTexts(page)).toEqual(['Home', 'Logistics']);
    await page.getByTestId('side-menu').getByText('Logistics', { exact: true }).click();
    await expect.poll(() => sideMenuTexts(page)).toEqual(['Home', 'Logistics', 'International Logistics Orders']);
    await page.getByTestId('side-menu').getByText('International Logistics Orders').click();
    await page.getByTestId('order-create').waitFor();
    expect(await page.getByTestId('order-export').count()).toBe(0);
    expect(await page.getByTestId('order-import').count()).toBe(0);
    const count = async (status: string) => Number(((await page.getByTestId(`status-count-${status}`).textContent()) ?? '').replace(/\D/g, ''));
    await expect.poll(() => count('CREATED')).toBeGreaterThan(0);
    expect(await count('ALL')).toBe(await count('CREATED'));
    expect(await count('DONE')).toBe(0);
    const merchantCounts = await merchantApi.get<Page_<unknown>>('/api/logistics/order/list?pageSize=1');
    expect(merchantCounts.total).toBeGreaterThan(await count('ALL'));
    // a system page is not theirs
    await page.goto('/system/user');
    await page.getByTestId('forbidden-result').waitFor();

    // ---- frozen: the open page leaves for the sign-in at once, saying why, and the sign-in is refused
    const users = await merchantApi.get<Page_<{ id: number; username: string }>>(`/api/sys/user/list?username=${username}`);
    const userId = users.records[0]?.id;
    expect(userId).toBeDefined();
    await merchantApi.put('/api/sys/user/frozenBatch', { ids: [userId], status: 2 });
    await page.waitForURL(/\/user\/login/);
    await page.getByText('Your session has ended (signed out by an administrator, or the account frozen or removed). Please sign in again').waitFor();
    await page.locator('#login_username').fill(username);
    await page.locator('#login_password').fill(ownPassword);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('This account is frozen');

    // ---- staff can do none of it, merchant2 sees none of it
    await switchTo(page, 'staff');
    expect((await sideMenuTexts(page)).some((title) => /System|User Management/.test(title))).toBe(false);
    await page.goto('/system/role');
    await page.getByTestId('forbidden-result').waitFor();
    const other = api.as('merchant2');
    const theirs = await other.get<Page_<{ username: string }>>(`/api/sys/user/list?username=${username}`);
    expect(theirs.total).toBe(0);
    const theirRoles = await other.get<{ roleCode: string }[]>('/api/sys/role/queryall');
    expect(theirRoles.some((role) => role.roleCode === roleCode)).toBe(false);

    // ---- the platform admin renames a menu and changes its icon; signed-in users see it after a reload
    // (and puts it back afterwards: the other files find the system menu by its name)
    const adminApi = api.as('admin');
    const systemMenu = menuOf(await adminApi.get<MenuTreeNode[]>('/api/sys/permission/list'), 'system:module:view');
    if (!systemMenu) throw new Error('no system:module:view in the catalogue');
    // the entry as its edit form sends it: the record's other fields (children, flags) left out
    const original = menuEditInput.strip().parse(systemMenu);
    onTestFinished(async () => {
      await adminApi.put('/api/sys/permission/edit', original);
    });
    await switchTo(page, 'admin');
    await page.goto('/system/permission');
    await page.getByTestId('menu-edit-system:module:view').click();
    const form = page.getByTestId('menu-form-drawer');
    await form.getByTestId('menu-form-title-zh-TW').fill('系統設定');
    await form.getByTestId('menu-form-title-zh-CN').fill('系统设置');
    await form.getByTestId('menu-form-title-en-US').fill(`Administration ${stamp}`);
    await form.getByTestId('icon-picker').click();
    await page.getByTestId('icon-option-GlobalOutlined').click();
    await form.getByTestId('menu-form-save').click();
    await expect.poll(() => form.isVisible()).toBe(false);
    await page.reload();
    await expect.poll(() => sideMenuTexts(page)).toContain(`Administration ${stamp}`);
    // the merchant, signed in before the edit, gets it on a load of the menu within moments: the edit reaches the
    // menu caches through the cache bus, which a loaded machine delivers a little after the admin's own answer
    const merchantSeesIt = async () => {
      const merchantMenu = await merchantApi.get<{ menu: { meta: { titles?: Record<string, string>; icon: string | null } }[] }>('/api/sys/permission/getUserPermissionByToken');
      return merchantMenu.menu.some((entry) => entry.meta.titles?.['en-US'] === `Administration ${stamp}` && entry.meta.icon === 'GlobalOutlined');
    };
    await expect.poll(merchantSeesIt).toBe(true);
    await switchTo(page, 'merchant');
    expect(await sideMenuTexts(page)).toContain(`Administration ${stamp}`);
    await expect.poll(() => page.getByTestId('side-menu').locator('[aria-label="global"]').count()).toBeGreaterThan(0);
  });
});
