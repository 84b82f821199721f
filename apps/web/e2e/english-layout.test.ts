import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { cutTexts, expandQueryForms } from './support/cut-texts.ts';
import { closeOtherTabs, countRequests, menuPages, settled } from './support/menu-pages.ts';
import { HOME, visit } from './support/portal.ts';

/*
 * English is the widest of the three languages: every list page the platform's and a merchant's administrators
 * reach shows its query form's labels, its placeholders and its column headers whole, and query fields wide
 * enough to type in, at the suite's window (1280 px). One page per role walks the menu by client-side navigation,
 * the two roles side by side (20 s for both, against 36 s one after the other).
 * With E2E_SHOTS_DIR set, the top of each list page (its query form and the table's first rows) is photographed
 * there for a person to look at.
 */

const suite = useBrowserSuite();

const LANGUAGE: Language = 'en-US';
const ROLES = ['admin', 'merchant'] as const;

/** A count of one with a plural noun ("1 people"): English needs the count's own form. */
const ONE_WITH_PLURAL = /(?<![\d.,])\b1 (people|users|members|orders|records|items|departments)\b/;

/** Pictures of the page's top, its query form and table head, when a person asked for them. */
async function photograph(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const box = await page.locator('.ant-layout-content').boundingBox();
  if (!box) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`), clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 640) } });
}

describe(`list pages in ${LANGUAGE}`, () => {
  for (const role of ROLES) {
    test.concurrent(`${role}: no query label, placeholder or column header is cut, and no query field is too narrow`, { timeout: 180_000 }, async ({ expect }) => {
      const started = Date.now();
      const { page, problems } = await suite.separatePage({ language: LANGUAGE, as: role });
      try {
        await page.context().addInitScript(countRequests);
        await page.goto(HOME);
        await page.getByTestId('home-greeting').waitFor();
        const found: string[] = [];
        let lists = 0;
        for (const { path: pathname } of await menuPages(page)) {
          await visit(page, pathname);
          await settled(page, pathname);
          await closeOtherTabs(page, pathname);
          const plural = ONE_WITH_PLURAL.exec(await page.locator('.ant-layout-content').innerText());
          if (plural) found.push(`${pathname}: "${plural[0]}"`);
          const list = await page.locator('.ant-layout-content').locator('[data-testid="query-form"], .ant-table-thead').filter({ visible: true }).count();
          if (list === 0) continue;
          lists += 1;
          await expandQueryForms(page);
          for (const cut of await cutTexts(page)) found.push(`${pathname}: ${cut}`);
          await photograph(page, `${LANGUAGE}-${role}${pathname.replace(/[^\w-]+/g, '-')}`);
        }
        console.log(`${role} ${LANGUAGE}: ${lists} list pages in ${Date.now() - started} ms`);
        // a walk that finds no list has not looked at anything
        expect(lists).toBeGreaterThan(5);
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
