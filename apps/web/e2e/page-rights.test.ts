import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { DataSetRecord, ReportRecord } from '@portal/shared/online';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import { addUser, portalApi, type ApiSession } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { countRequests, menuPages, settled, type MenuPage } from './support/menu-pages.ts';
import { HOME, visit } from './support/portal.ts';
import { signInByApi, type Role } from './support/sessions.ts';

/*
 * A page may call only what its own rights allow: every page of each side's menu, opened by someone who holds
 * that page's rights alone (its menu entry, the entries above it and its buttons), is refused nothing while it
 * opens. One user per side and one role each, whose rights change page by page while the user stays signed in:
 * the live channel brings each change to the open screen, as it would to a person's.
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');

/** The ids of the buttons right under each menu entry of the tree a role's rights are chosen from. */
function buttonsByEntry(nodes: readonly PermissionTreeNode[], into = new Map<number, number[]>()): Map<number, number[]> {
  for (const node of nodes) {
    const children = node.children ?? [];
    into.set(
      node.key,
      children.filter((child) => child.menuType === 2).map((child) => child.key),
    );
    buttonsByEntry(children, into);
  }
  return into;
}

/** The entry of the tree whose permission is `code`, with the entries above it. */
function entryOf(nodes: readonly PermissionTreeNode[], code: string, above: number[] = []): number[] | undefined {
  for (const node of nodes) {
    if (node.menuType !== 2 && node.perms.split(',').includes(code)) return [...above, node.key];
    const found = entryOf(node.children ?? [], code, [...above, node.key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A published report reads a data set, which its readers must hold the product's screen of (decision 0031): that
 * screen's entry is part of the report page's rights. Reports are published by other files of the run, so the
 * walk meets them or not; the entry is looked up when it does.
 */
async function dataSetEntry(path: string, tree: readonly PermissionTreeNode[]): Promise<number[]> {
  const code = /^\/online\/cgreport\/([^/]+)$/.exec(path)?.[1];
  if (!code) return [];
  const admin = api.as('admin');
  const reports = await admin.get<{ records: ReportRecord[] }>(`/api/online/cgreport/head/list?code=${encodeURIComponent(code)}&pageSize=50`);
  const report = reports.records.find((record) => record.code === code);
  const dataSet = (await admin.get<DataSetRecord[]>('/api/online/cgreport/dataSets')).find((set) => set.id === report?.dataSet);
  if (!dataSet) throw new Error(`${path}: no report ${code} over a known data set`);
  for (const permission of dataSet.permissions) {
    const entry = entryOf(tree, permission);
    if (entry) return entry;
  }
  throw new Error(`${path}: none of ${dataSet.permissions.join(', ')} is in the tree of rights`);
}

/** How long a page must have asked for nothing more before it counts as opened: its script chunk may load first, then its calls. */
const QUIET_MS = 400;

/**
 * The refusals a page met while opening (`opening` it; `null` between pages): its calls answered 403. `opened`
 * waits until the page has asked for nothing for a while and nothing is under way: a page's calls may come after
 * its script chunk, which the router loads while the page before stays on screen.
 */
function refusalsOf(page: Page): { opening(path: string | null): void; opened(): Promise<void>; found: string[] } {
  let current: string | null = null;
  let underWay = 0;
  let lastAsked = Date.now();
  const found: string[] = [];
  page.on('request', () => {
    underWay += 1;
    lastAsked = Date.now();
  });
  const done = () => void (underWay -= 1);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response: Response) => {
    if (current !== null && response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) found.push(`${current}: ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return {
    opening: (path) => void (current = path),
    async opened() {
      // the live channel's stream stays under way for good: one request
      while (underWay > 1 || Date.now() - lastAsked < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    found,
  };
}

/** Gives the role the rights of `page` alone and waits for the open screen to have asked for its new menu. */
async function holdOnly(screen: Page, maker: ApiSession, roleId: number, rights: number[], before: number[]): Promise<void> {
  const asked = screen.waitForResponse((response) => response.url().includes('/api/sys/permission/getUserPermissionByToken'));
  await maker.post('/api/sys/permission/saveRolePermission', { roleId, permissionIds: rights, lastpermissionIds: before });
  await asked;
}

const SIDES: { side: string; maker: Role; orgCodes: string[] }[] = [
  { side: "a merchant's", maker: 'merchant', orgCodes: ['A01A01'] },
  { side: "the platform's", maker: 'admin', orgCodes: [] },
];

describe('every page, opened by someone who holds its rights alone', () => {
  for (const { side, maker, orgCodes } of SIDES) {
    test.concurrent(`${side} menu: no call refused while a page opens`, { timeout: 300_000 }, async (context) => {
      const makerApi = api.as(maker);
      const stamp = `${Date.now().toString(36).slice(-5)}${maker.slice(0, 2)}`;
      const roleCode = `pages_${stamp}`;
      await makerApi.post('/api/sys/role/add', { roleCode, roleName: `Pages ${stamp}` });
      const roleId = (await makerApi.get<{ id: number; roleCode: string }[]>('/api/sys/role/queryall')).find((role) => role.roleCode === roleCode)!.id;
      await addUser(makerApi, { username: roleCode, realname: `Pages ${stamp}`, roleCode, orgCodes });
      const { treeList } = await makerApi.get<{ treeList: PermissionTreeNode[] }>('/api/sys/role/queryTreeList');
      const buttons = buttonsByEntry(treeList);

      // the maker's menu is every page the role can be given; the user starts with none of them
      const { page: makersPage, problems: makersProblems } = await suite.separatePage({ language: 'en-US', as: maker });
      const { page: screen, problems } = await suite.separatePage({ language: 'en-US', as: await signInByApi(suite.portal().url, roleCode) });
      try {
        await makersPage.goto('/favicon.svg');
        const pages: MenuPage[] = await menuPages(makersPage);
        await makersPage.context().close();
        expect(pages.length).toBeGreaterThan(10);

        await screen.context().addInitScript(countRequests);
        await screen.goto(HOME);
        await screen.getByTestId('home-greeting').waitFor();
        const refusals = refusalsOf(screen);
        let held: number[] = [];
        for (const { path, id, above } of pages) {
          const entryButtons = buttons.get(id);
          if (!entryButtons) throw new Error(`${path}: entry ${id} is not in the tree of rights`);
          const rights = [...new Set([...above, id, ...entryButtons, ...(await dataSetEntry(path, treeList))])];
          await holdOnly(screen, makerApi, roleId, rights, held);
          held = rights;
          // the page before has left the menu: the screen goes home by itself, and what that page still asked on
          // its way out is answered before the next page opens (it is not the next page's call)
          await screen.waitForURL((url) => url.pathname === HOME);
          await refusals.opened();
          refusals.opening(path);
          await visit(screen, path);
          await settled(screen, path);
          await refusals.opened();
          refusals.opening(null);
        }
        context.expect(refusals.found).toEqual([]);
        context.expect(problems).toEqual([]);
        context.expect(makersProblems).toEqual([]);
      } finally {
        await screen.context().close();
      }
    });
  }
});
