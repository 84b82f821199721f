import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { AXE_PATH, seriousViolations } from './support/axe.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { shippedOrder, type Shipment } from './support/orders.ts';
import { HOME, switchUser, visit } from './support/portal.ts';
import { closeOtherTabs, countRequests, menuPages, settled } from './support/menu-pages.ts';

/*
 * Axe finds no serious or critical violation on any screen, signed in or not,
 * in any of the three languages, in light and dark menu themes. One signed-in page per role and
 * language walks every page of that role's menu by client-side navigation; the public pages are
 * walked once per language before the first sign-in.
 *
 * The looks (menu theme, side or top menu) take turns across roles and languages rather than
 * multiplying them: a colour's contrast depends on the look, not on the language, and the looks
 * only change the frame (menu, header), which every signed-in page has. So every screen is checked
 * in every language, and the frame in every look with every role's menu.
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');

const LANGUAGES = ['zh-TW', 'zh-CN', 'en-US'] as const satisfies readonly Language[];
const ROLES = ['merchant', 'warehouse', 'finance', 'admin'] as const;

type Look = { menuTheme: 'light' | 'dark'; navMode: 'sidemenu' | 'topmenu' };
const LOOKS: readonly Look[] = [
  { menuTheme: 'light', navMode: 'sidemenu' },
  { menuTheme: 'dark', navMode: 'sidemenu' },
  { menuTheme: 'dark', navMode: 'topmenu' },
  { menuTheme: 'light', navMode: 'topmenu' },
];

/*
 * Before any script of the page: the look and no animations (axe and the count of requests under way are
 * init scripts of their own)
 * (axe judges the colours of a half-faded element by its transparency; the end state is what a user reads).
 */
function prepare(settings: { look: Look }) {
  window.localStorage.setItem('pro__PREFERENCES', JSON.stringify({ value: { ...settings.look, contentWidth: settings.look.navMode === 'topmenu' ? 'Fluid' : 'Fixed' }, expire: null }));
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
    document.head.append(style);
  });
}

async function check(page: Page, where: string, found: string[]): Promise<void> {
  for (const violation of await seriousViolations(page)) found.push(`${where}: ${violation}`);
}

/**
 * Each language's walks in turn, the languages side by side: the merchant's menu, the longest, in the three
 * languages at once. A language's roles go in order, for the pages they share are checked by the first.
 */
const lanes = new Map<Language, Promise<unknown>>();
function inLane(language: Language, walk: () => Promise<void>): Promise<void> {
  const next = (lanes.get(language) ?? Promise.resolve()).catch(() => undefined).then(walk);
  lanes.set(language, next);
  return next;
}

/** A shipment to find on the public tracking page, beside a number that finds nothing: once for the file. */
let shipment: Promise<Shipment> | undefined;

describe('accessibility of every screen', () => {
  // a page two roles share (the admin's and the warehouse's warehouse pages) is checked once per language;
  // each role's first page, with its own menu and look, always is
  const checked = new Map<Language, Set<string>>(LANGUAGES.map((language) => [language, new Set<string>()]));
  ROLES.forEach((role, roleIndex) => {
    LANGUAGES.forEach((language, languageIndex) => {
      const look = LOOKS[(languageIndex + roleIndex) % LOOKS.length]!;
      test.concurrent(`${role}, ${language}, ${look.menuTheme} ${look.navMode}: no serious or critical axe violation`, { timeout: 600_000 }, (context) =>
        inLane(language, async () => {
          const started = Date.now();
          // the first role's page starts signed out, for the public pages
          const { page, problems } = await suite.separatePage({ language, bypassCSP: true, ...(roleIndex === 0 ? {} : { as: role }) });
          try {
            await page.context().addInitScript(prepare, { look });
            await page.context().addInitScript(countRequests);
            await page.context().addInitScript({ path: AXE_PATH });
            const found: string[] = [];

            if (roleIndex === 0) {
              const { order } = await (shipment ??= shippedOrder(api));
              const publicPages = [
                { path: '/user/register', ready: '[data-testid="register-submit"]:not([aria-disabled="true"])' },
                { path: '/user/alteration', ready: '[data-testid="alteration-next"]:not([aria-disabled="true"])' },
                { path: `/track?numbers=${order.orderNo},NO-SUCH-1`, ready: '[data-testid="track-result"][data-found="true"] ~ [data-testid="track-result"] [data-testid="track-not-found"]' },
                { path: '/user/login', ready: '[data-testid="login-submit"]:not([aria-disabled="true"])' },
              ];
              for (const { path, ready } of publicPages) {
                await page.goto(path);
                await page.locator(ready).waitFor();
                await settled(page, path.split('?')[0]!);
                await check(page, path, found);
              }
              await page.getByRole('tab').nth(1).click();
              await page.locator('#phoneLogin_mobile').waitFor();
              await check(page, '/user/login (SMS code)', found);
              await switchUser(suite, page, role);
            } else {
              await page.goto(HOME);
              await page.getByTestId('home-greeting').waitFor();
            }

            let placeholderChecked = false;
            const seen = checked.get(language)!;
            for (const [index, path] of (await menuPages(page)).map((entry) => entry.path).entries()) {
              if (index > 0 && seen.has(path)) continue;
              seen.add(path);
              await visit(page, path);
              await settled(page, path);
              await closeOtherTabs(page, path);
              // the pages of later releases are one "not available yet" message each, differing in the title
              // it names: one of them per role and language is enough (and a fifth of the time)
              const placeholder = (await page.locator('[data-testid="not-available"]:visible').count()) > 0;
              if (placeholder && placeholderChecked) continue;
              placeholderChecked ||= placeholder;
              await check(page, path, found);
            }
            console.log(`${role} ${language}: ${Date.now() - started} ms`);
            // tests side by side assert with their own expect
            context.expect(found).toEqual([]);
            context.expect(problems).toEqual([]);
          } finally {
            await page.context().close();
          }
        }),
      );
    });
  });
});
