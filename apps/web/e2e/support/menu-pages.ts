import type { Page } from 'playwright-core';
import type { MenuEntry } from '@portal/shared/sys';

/*
 * The pages of a signed-in user's menu, and when one of them has finished opening: what the walks over every
 * page (accessibility, rights) share.
 */

/** A page of the menu: its path, its entry's id (the permission that shows it) and the ids of the entries above it. */
export type MenuPage = { path: string; id: number; above: number[] };

/** The pages of the signed-in user's menu (containers and links off the portal left out), from the server. */
export async function menuPages(page: Page): Promise<MenuPage[]> {
  const menu = await page.evaluate(async () => {
    const token = (JSON.parse(window.localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string }).value ?? '';
    const response = await fetch('/api/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': token } });
    return ((await response.json()) as { result: { menu: MenuEntry[] } }).result.menu;
  });
  const pages = new Map<string, MenuPage>();
  const walk = (entries: readonly MenuEntry[], above: number[]) => {
    for (const entry of entries) {
      if (entry.route === '0') continue;
      // a hidden entry is a detail page, opened from its list with a record's id
      if (entry.component !== 'layouts/RouteView' && !entry.hidden && !entry.meta.url && !pages.has(entry.path)) pages.set(entry.path, { path: entry.path, id: entry.id, above });
      walk(entry.children ?? [], [...above, entry.id]);
    }
  };
  walk(menu, []);
  return [...pages.values()];
}

/** An init script: counts the page's requests under way (`settled` waits for none). */
export function countRequests(): void {
  const counter = window as unknown as { __inflight: number };
  counter.__inflight = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    counter.__inflight++;
    try {
      return await fetch(...args);
    } finally {
      counter.__inflight--;
    }
  };
}

/**
 * Resolves once the page at `pathname` shows no spinner and no request is under way (the page was opened with
 * `countRequests`), for a few frames running.
 */
export async function settled(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction(
    (path) => {
      const state = window as unknown as { __inflight: number; __quiet?: number };
      // a page kept in a hidden tab may keep its skeleton: only what shows counts
      const loading = [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')].some((element) => element.checkVisibility());
      // the router keeps the previous page on screen while the next one loads: wait for its tab to be the active one
      const shown = document.querySelector('.ant-tabs-tab-active[data-node-key]');
      const stale = shown !== null && shown.getAttribute('data-node-key') !== path;
      const busy = state.__inflight > 0 || window.location.pathname !== path || stale || loading;
      state.__quiet = busy ? 0 : (state.__quiet ?? 0) + 1;
      return state.__quiet >= 5;
    },
    pathname,
    { polling: 'raf', timeout: 15_000 },
  );
}

/**
 * Closes the tabs of the pages visited before, clicking their close buttons in the page (the driver's own
 * click, with its checks and round trips, took a tenth of a second a page): pages kept alive under hidden tabs
 * would grow the document every check reads, and past 12 the portal closes the oldest with a message.
 */
export async function closeOtherTabs(page: Page, pathname: string): Promise<void> {
  // the tab bar's own tabs, not those of a page inside it; home has no close button
  const closers = `[data-testid="multi-tab-area"] > .ant-tabs > .ant-tabs-nav .ant-tabs-nav-list > .ant-tabs-tab:not([data-node-key="${pathname}"]) .ant-tabs-tab-remove`;
  await page.evaluate((selector) => document.querySelectorAll<HTMLElement>(selector).forEach((button) => button.click()), closers);
  await page.waitForFunction((selector) => document.querySelector(selector) === null, closers);
}
