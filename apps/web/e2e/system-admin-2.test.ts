import { describe, expect, onTestFinished, test } from 'vitest';
import { dictItemEditInput, type DictItemRecord } from '@portal/shared/system-dicts';
import type { Locator, Page } from 'playwright-core';
import { addUser, portalApi } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { chooseOwnPassword, clickOption, HOME, rowWith, signedIn, switchUser } from './support/portal.ts';
import { PASSWORD, signInByApi, type Role, type Session } from './support/sessions.ts';

/*
 * Tenants, dictionaries, announcements, sessions and audit, walked as people do it (en-US): the platform admin makes a package of menus and a
 * tenant on it, whose main account sees exactly those menus; the admin renames an order status in its
 * dictionary and a merchant already signed in sees it at the next load; the merchant publishes an
 * announcement to one department and only its members' bells ring, live; the merchant takes a page from a
 * signed-in user's role, and their menu and page follow at once; the merchant ends that user's sessions, and
 * their screen leaves for the sign-in page at once; the audit log shows all of it, before and after.
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');
const viewport = { width: 1440, height: 900 };

type TreeNode = { key: number; perms: string; children?: TreeNode[] };
type Page_<T> = { records: T[]; total: number };

/** The catalogue id of each permission code, from a permission tree. */
function idsByCode(nodes: TreeNode[], into = new Map<string, number>()): Map<string, number> {
  for (const node of nodes) {
    for (const code of node.perms.split(',')) if (code) into.set(code, node.key);
    idsByCode(node.children ?? [], into);
  }
  return into;
}

const sideMenuTexts = async (page: Page) => (await page.getByTestId('side-menu').getByTestId('menu-title').allTextContents()).map((t) => t.trim());

/** Ticks the check box of a permission tree node. */
const tick = (tree: Locator, testId: string) => tree.locator('.ant-tree-treenode').filter({ has: tree.page().getByTestId(testId) }).locator('.ant-tree-checkbox').click();

/** Signs the page out (its stored session gone) and in again as `who`. */
const switchTo = (page: Page, who: Role | Session) => switchUser(suite, page, who);

/** Confirms the open popconfirm (its primary button). */
const confirmPop = (page: Page) => page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();

/** The unread count the header's bell announces. */
async function unread(page: Page): Promise<number> {
  const bell = page.getByTestId('notice-bell');
  // the count comes after the page: a label read before it would say 0
  await expect.poll(() => bell.getAttribute('aria-busy')).toBe('false');
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const found = /(\d+) unread/.exec(label);
  if (!found) throw new Error(`no unread count in "${label}"`);
  return Number(found[1]);
}

/** Another person at another browser, signed in as `who` on the home page: a page beside the suite's one. */
type Person = { who: string; page: Page; problems: string[] };

async function anotherPerson(who: Role | Session): Promise<Person> {
  const { page, problems } = await suite.separatePage({ language: 'en-US', viewport, as: who });
  await page.goto(HOME);
  await page.getByTestId('home-greeting').waitFor();
  return { who: typeof who === 'string' ? who : who.userInfo.username, page, problems };
}

describe('system administration II: tenants, dictionaries, announcements, sessions, audit', () => {
  test("a package and a tenant on it, a renamed status, a department's announcement, rights and sessions taken from a signed-in user, the audit of it all", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const packageName = `Starter ${stamp}`;
    const tenantName = `Tenant ${stamp}`;
    const mainUser = `main_${stamp}`;
    const newStatusText = `Just created ${stamp}`;
    const title = `Finance notice ${stamp}`;
    // a staff member of the merchant's of this test's own, outside the Finance department: the merchant ends
    // their sessions, which must not end those of the demo's staff, that the other files use
    const clerk = `clerk_${stamp}`;
    // the clerk's role of this test's own: the staff's rights and the user list, which the merchant takes away below
    const merchantApi = api.as('merchant');
    const staffRole = (await merchantApi.get<{ id: number; roleCode: string }[]>('/api/sys/role/queryall')).find((role) => role.roleCode === 'merchant_staff')!;
    const staffRights = await merchantApi.get<number[]>(`/api/sys/permission/queryRolePermission?roleId=${staffRole.id}`);
    const merchantCodes = idsByCode((await merchantApi.get<{ treeList: TreeNode[] }>('/api/sys/role/queryTreeList')).treeList);
    const userList = [merchantCodes.get('system:module:view')!, merchantCodes.get('system:user:list')!];
    const clerkRole = await merchantApi.post<{ id: number }>('/api/sys/role/add', { roleCode: `clerks_${stamp}`, roleName: `Clerks ${stamp}` });
    const clerkRights = [...new Set([...staffRights, ...userList])];
    await merchantApi.post('/api/sys/permission/saveRolePermission', { roleId: clerkRole.id, permissionIds: clerkRights, lastpermissionIds: [] });
    await addUser(merchantApi, { username: clerk, realname: `Clerk ${stamp}`, roleCode: `clerks_${stamp}`, orgCodes: ['A01A01'] });
    const adminApi = api.as('admin');

    const page = await signedIn(suite, 'admin', { language: 'en-US', viewport, at: '/system/tenant-menu' });
    const others: Person[] = [];
    try {
      // ---- 1. a package with the home page and the international orders
      await page.getByTestId('package-add').click();
      await page.getByTestId('package-form-name').fill(packageName);
      await page.getByTestId('package-form-description').fill('Home and the international orders');
      await page.getByTestId('package-form-save').click();
      const list = page.getByTestId('list-page-system-tenant-package');
      await rowWith(list, packageName).waitFor();
      const packages = await adminApi.get<Page_<{ id: number; name: string }>>(`/api/sys/tenantPackage/list?name=${encodeURIComponent(packageName)}`);
      const packageId = packages.records.find((p) => p.name === packageName)?.id;
      if (packageId === undefined) throw new Error('the package saved is not listed');
      const tree = await adminApi.get<{ treeList: TreeNode[] }>(`/api/sys/tenantPackage/queryTree?id=${packageId}`);
      const ids = idsByCode(tree.treeList);
      const nodeOf = (code: string) => `package-permission-tree-node-${ids.get(code) ?? `missing-${code}`}`;
      await rowWith(list, packageName).getByTestId('package-permissions').click();
      const drawer = page.getByTestId('package-permission-drawer');
      await drawer.getByTestId('package-permission-tree').waitFor();
      // ticking a menu ticks its parents (Logistics) too
      for (const code of ['dashboard:analysis:view', 'logistics:order:list']) await tick(drawer, nodeOf(code));
      await drawer.getByTestId('package-permission-save').click();
      await expect.poll(() => drawer.isVisible()).toBe(false);
      // the package holds the two menus and Logistics above the orders, nothing else
      const saved = await adminApi.get<{ checkedIds: number[] }>(`/api/sys/tenantPackage/queryTree?id=${packageId}`);
      expect(saved.checkedIds.toSorted((a, b) => a - b)).toEqual(['dashboard:analysis:view', 'logistics:module:view', 'logistics:order:list'].map((code) => ids.get(code)).toSorted((a, b) => (a ?? 0) - (b ?? 0)));

      // ---- a tenant on it, with its main account
      await page.goto('/system/tenant');
      await page.getByTestId('tenant-add').click();
      const form = page.getByTestId('tenant-form');
      await form.getByTestId('tenant-form-name').fill(tenantName);
      await form.getByTestId('tenant-form-package').click();
      await clickOption(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: packageName }));
      await form.getByTestId('tenant-form-contact-name').fill('Wang Xiao-ming');
      await form.getByTestId('tenant-form-username').fill(mainUser);
      await form.getByTestId('tenant-form-realname').fill(`Main ${stamp}`);
      await form.getByTestId('tenant-form-phone').fill('0912345678');
      await form.getByTestId('tenant-form-password').fill(PASSWORD);
      await form.getByTestId('tenant-form-save').click();
      await page.locator('.ant-message-notice').filter({ hasText: `Tenant "${tenantName}" created` }).waitFor();
      await rowWith(page.getByTestId('list-page-system-tenant'), tenantName).waitFor();

      // ---- its main account chooses its own password first (the platform chose this one), then sees exactly the package's menus
      await switchTo(page, await signInByApi(suite.portal().url, mainUser));
      await chooseOwnPassword(page, PASSWORD, `${PASSWORD}-own`);
      expect(await sideMenuTexts(page)).toEqual(['Home', 'Logistics']);
      await page.getByTestId('side-menu').getByText('Logistics', { exact: true }).click();
      await expect.poll(() => sideMenuTexts(page)).toEqual(['Home', 'Logistics', 'International Logistics Orders']);
      await page.getByTestId('side-menu').getByText('International Logistics Orders').click();
      await page.getByTestId('status-tab-CREATED').waitFor();

      // ---- 2. the merchant, signed in before, looks at the order statuses
      const merchant = await anotherPerson('merchant');
      others.push(merchant);
      const merchantPage = merchant.page;
      await merchantPage.goto('/logistics/international-order');
      await expect.poll(() => merchantPage.getByTestId('status-tab-CREATED').textContent()).toMatch(/^Created/);

      // the admin renames the status CREATED in the order status dictionary (the walk puts it back at its end;
      // should it stop before, the API does, for the other files)
      const dictionary = (await adminApi.get<Page_<{ id: number }>>('/api/sys/dict/list?dictCode=LOGOrderStateEnum')).records[0];
      const createdItem = (await adminApi.get<Page_<DictItemRecord>>(`/api/sys/dictItem/list?dictId=${dictionary?.id ?? 0}&itemValue=CREATED`)).records.find((item) => item.itemValue === 'CREATED');
      if (!createdItem) throw new Error('no CREATED in LOGOrderStateEnum');
      const original = dictItemEditInput.strip().parse(createdItem);
      onTestFinished(async () => {
        await adminApi.put('/api/sys/dictItem/edit', original);
      });
      await switchTo(page, 'admin');
      await page.goto('/system/dict');
      const dicts = page.getByTestId('list-page-system-dict');
      await page.locator('#dictCode').fill('LOGOrderStateEnum');
      await dicts.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => dicts.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await rowWith(dicts, 'LOGOrderStateEnum').getByTestId('dict-items').click();
      const items = page.locator('.ant-drawer').filter({ hasText: 'LOGOrderStateEnum' });
      const createdRow = items.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('td', { hasText: /^CREATED$/ }) });
      await createdRow.getByTestId('dict-item-edit').click();
      const itemForm = page.getByTestId('dict-item-form');
      const oldText = await itemForm.getByTestId('dict-item-text-en-US').inputValue();
      expect(oldText).toBe('Created');
      await itemForm.getByTestId('dict-item-text-en-US').fill(newStatusText);
      await page.locator('.ant-modal:visible').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => createdRow.textContent()).toContain(newStatusText);

      // the merchant reloads and sees the new text, still signed in
      await merchantPage.reload();
      await expect.poll(() => merchantPage.getByTestId('status-tab-CREATED').textContent()).toContain(newStatusText);
      expect(merchantPage.url()).toContain('/logistics/international-order');

      // ---- 3. the merchant publishes an announcement to the Finance department (merchant is in it, the clerk is not)
      await merchantPage.goto('/');
      await merchantPage.getByTestId('home-greeting').waitFor();
      const staff = await anotherPerson(await signInByApi(suite.portal().url, clerk));
      others.push(staff);
      const staffPage = staff.page;
      const otherTenant = await anotherPerson('merchant2');
      others.push(otherTenant);
      const otherTenantPage = otherTenant.page;
      const before = { merchant: await unread(merchantPage), staff: await unread(staffPage), merchant2: await unread(otherTenantPage) };

      await switchTo(page, 'merchant');
      await page.goto('/system/announcement');
      await page.getByTestId('announcement-add').click();
      const announcement = page.getByTestId('announcement-form');
      await announcement.getByTestId('announcement-title').fill(title);
      await announcement.getByTestId('announcement-audience').getByText('Chosen departments').click();
      await announcement.getByTestId('announcement-targets').click();
      await page.keyboard.type('Finance');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Finance' }).click();
      await page.keyboard.press('Escape');
      await announcement.getByTestId('rich-text-content').click();
      await page.keyboard.type('The month closes on Friday.');
      await announcement.getByTestId('announcement-save').click();
      await expect.poll(() => announcement.isVisible()).toBe(false);
      const manage = page.getByTestId('list-page-announcement-manage');
      await rowWith(manage, title).getByTestId('announcement-publish').click();
      await confirmPop(page);
      await rowWith(manage, title).getByTestId('announcement-revoke').waitFor();

      // the department's member sees the bell rise without a reload; the others do not
      await expect.poll(() => unread(merchantPage)).toBe(before.merchant + 1);
      // the push reached every open page at once; a moment more for one that would be late
      await page.waitForTimeout(1_500);
      expect(await unread(staffPage)).toBe(before.staff);
      expect(await unread(otherTenantPage)).toBe(before.merchant2);
      await merchantPage.getByTestId('notice-bell').click();
      await merchantPage.getByTestId('notice-popover').getByText(title).waitFor();

      // ---- 4. rights taken from a signed-in user reach their screen at once: the merchant takes the user list from
      // the clerk's role while the clerk has it open; the clerk's menu drops it and the page goes home, saying why
      await staffPage.goto('/system/user');
      await staffPage.getByTestId('list-page-system-user').waitFor();
      expect(await sideMenuTexts(staffPage)).toContain('System Management');
      await merchantApi.post('/api/sys/permission/saveRolePermission', { roleId: clerkRole.id, permissionIds: clerkRights.filter((id) => !userList.includes(id)), lastpermissionIds: clerkRights });
      await staffPage.waitForURL((url) => url.pathname === HOME);
      await staffPage.locator('.ant-message-notice').filter({ hasText: 'Your permissions have changed: this page is no longer available to you' }).waitFor();
      expect(await sideMenuTexts(staffPage)).not.toContain('System Management');

      // ---- 5. the merchant ends every session of the clerk: the clerk's screen leaves for the sign-in page at once,
      // without a click, and says why
      await page.goto('/system/token');
      const sessions = page.getByTestId('list-page-system-token');
      await page.locator('#username').fill(clerk);
      await sessions.getByRole('button', { name: 'Search' }).click();
      const staffRow = rowWith(sessions, clerk).first();
      await staffRow.waitFor();
      await staffRow.getByTestId('session-revoke-user').click();
      await confirmPop(page);
      await page.locator('.ant-message-notice').filter({ hasText: 'The session was ended' }).waitFor();
      await staffPage.waitForURL((url) => url.pathname === '/user/login');
      await staffPage.getByText('Your session has ended (signed out by an administrator, or the account frozen or removed). Please sign in again').waitFor();

      // ---- 6. the audit log: the merchant's changes
      await page.goto('/system/audit-log');
      const audit = page.getByTestId('list-page-system-audit-log');
      await expect.poll(() => rowWith(audit, title).filter({ hasText: 'Publish' }).count()).toBeGreaterThan(0);
      await expect.poll(() => rowWith(audit, 'Session').filter({ hasText: clerk }).count()).toBeGreaterThan(0);

      // ... and the platform's, with before and after of the dictionary item
      await switchTo(page, 'admin');
      await page.goto('/system/audit-log');
      await expect.poll(() => rowWith(audit, tenantName).filter({ hasText: 'Add' }).count()).toBeGreaterThan(0);
      await expect.poll(() => rowWith(audit, packageName).filter({ hasText: 'Permissions saved' }).count()).toBeGreaterThan(0);
      const itemLine = rowWith(audit, 'Dictionary item').filter({ hasText: 'Edit' }).first();
      await itemLine.waitFor();
      await itemLine.getByTestId('audit-detail').click();
      const detail = page.getByTestId('audit-log-drawer');
      await detail.getByTestId('audit-changed-count').waitFor();
      const changed = detail.locator('tr[data-changed="true"]');
      await expect.poll(() => changed.count()).toBeGreaterThan(0);
      const changedText = (await changed.allTextContents()).join(' ');
      expect(changedText).toContain('Created');
      expect(changedText).toContain(newStatusText);

      // ---- restore the dictionary text
      await page.goto('/system/dict');
      await page.locator('#dictCode').fill('LOGOrderStateEnum');
      await dicts.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => dicts.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await rowWith(dicts, 'LOGOrderStateEnum').getByTestId('dict-items').click();
      await createdRow.getByTestId('dict-item-edit').click();
      await itemForm.getByTestId('dict-item-text-en-US').fill('Created');
      await page.locator('.ant-modal:visible').getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await createdRow.textContent()) ?? '').not.toContain(newStatusText);
      // the other people's pages misbehaved no more than the suite's own may
      expect(others.flatMap(({ who, problems }) => problems.map((problem) => `${who}: ${problem}`))).toEqual([]);
    } finally {
      for (const other of others) await other.page.context().close();
    }
  });
});
