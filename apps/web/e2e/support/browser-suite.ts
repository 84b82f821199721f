import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, startPortal, type Portal } from './portal-server.ts';

export type Language = 'zh-TW' | 'zh-CN' | 'en-US';

export type NewPageOptions = {
  /** stored as the interface language before the first load, unless the page chose one since */
  language?: Language;
  viewport?: BrowserContextOptions['viewport'];
  bypassCSP?: boolean;
};

/**
 * One real portal (embedded database) and one Chromium per test file, and a fresh browser context per
 * page. Whatever a page does that it must not (a request off the portal's origin, a console error, an
 * uncaught error) fails the test that opened it. A 4xx the test provokes on purpose is logged by the
 * browser as a failed resource, which does not count.
 */
export function useBrowserSuite() {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    // every page the test opened counts, not only the last one
    const found = problems;
    problems = [];
    expect(found).toEqual([]);
  });

  const running = () => {
    if (!portal || !browser) throw new Error('the suite has not started');
    return { portal, browser };
  };

  return {
    portal: () => running().portal,
    /** a page in a fresh context; the previous page's context is closed first */
    async newPage(options: NewPageOptions = {}): Promise<Page> {
      const { portal: server, browser: chromium } = running();
      await context?.close();
      // page.goto('/a/path') opens the portal's own
      context = await chromium.newContext({ baseURL: server.url, viewport: options.viewport ?? { width: 1280, height: 860 }, bypassCSP: options.bypassCSP ?? false });
      if (options.language) {
        await context.addInitScript((lang) => {
          if (!window.localStorage.getItem('pro__language')) window.localStorage.setItem('pro__language', lang);
        }, options.language);
      }
      const page = await context.newPage();
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== server.url) problems.push(`request off origin: ${request.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      return page;
    },
  };
}

export type BrowserSuite = ReturnType<typeof useBrowserSuite>;
