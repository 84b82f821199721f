import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, REPO_ROOT } from './portal-server.ts';
import { storageStateOf, type Role, type Session } from './sessions.ts';

/** Where a failed test's page is drawn (.tmp is not committed). */
const FAILURES_DIR = path.join(REPO_ROOT, '.tmp/e2e/failures');

export type Language = 'zh-TW' | 'zh-CN' | 'en-US';

export type NewPageOptions = {
  /** stored as the interface language before the first load, unless the page chose one since */
  language?: Language;
  viewport?: BrowserContextOptions['viewport'];
  bypassCSP?: boolean;
  /** signed in with the shared session of this role, or with this session; signed out without */
  as?: Role | Session;
};

/**
 * The run's one real portal (embedded database, started by global-setup.ts), one Chromium per test file,
 * and a fresh browser context per page. Whatever a page does that it must not (a request off the portal's
 * origin, a console error, an uncaught error) fails the test that opened it. A 4xx the test provokes on purpose is logged by the
 * browser as a failed resource, which does not count.
 */
export function useBrowserSuite() {
  const { url, logFile, sessions } = inject('e2e');
  const portal = { url, output: () => readFileSync(logFile, 'utf8') };
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async ({ task }) => {
    // a failure seen only in a whole run leaves a picture of the suite's page as it was
    if (task.result?.state === 'fail' && context) {
      const file = path.join(FAILURES_DIR, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`);
      for (const page of context.pages()) await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`the page at the failure: ${file}`);
    }
    await context?.close();
    context = undefined;
    // every page the test opened counts, not only the last one
    const found = problems;
    problems = [];
    expect(found).toEqual([]);
  });

  const sessionOf = (who: Role | Session): Session => (typeof who === 'string' ? sessions[who] : who);

  /** A page in a new context, whose misdeeds go into `into`. */
  const open = async (options: NewPageOptions, into: string[]): Promise<Page> => {
    if (!browser) throw new Error('the suite has not started');
    // page.goto('/a/path') opens the portal's own
    const opened = await browser.newContext({
      baseURL: url,
      viewport: options.viewport ?? { width: 1280, height: 860 },
      bypassCSP: options.bypassCSP ?? false,
      // no animations (the portal honours the system's setting): a click right after a dialog opened or a
      // submenu expanded was lost on a busy machine, and a screen at rest is what a test should read
      reducedMotion: 'reduce',
      ...(options.as ? { storageState: storageStateOf(url, sessionOf(options.as)) } : {}),
    });
    if (options.language) {
      await opened.addInitScript((lang) => {
        if (!window.localStorage.getItem('pro__language')) window.localStorage.setItem('pro__language', lang);
      }, options.language);
    }
    const page = await opened.newPage();
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== url) into.push(`request off origin: ${request.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) into.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => into.push(`page error: ${error.message}`));
    return page;
  };

  return {
    /** the portal: its origin, and its output so far */
    portal: () => portal,
    /** the shared session of a demo role: the same one its pages and its API calls use */
    session: (role: Role): Session => sessions[role],
    /** what a browser signed in as `who` holds */
    storageState: (who: Role | Session) => storageStateOf(url, sessionOf(who)),
    /** a page in a fresh context; the previous page's context is closed first */
    async newPage(options: NewPageOptions = {}): Promise<Page> {
      await context?.close();
      const page = await open(options, problems);
      context = page.context();
      return page;
    },
    /**
     * A page in a context of its own beside the suite's one page (another person at another browser, or a
     * test running beside others): the caller closes its context and checks `problems`.
     */
    async separatePage(options: NewPageOptions = {}): Promise<{ page: Page; problems: string[] }> {
      const own: string[] = [];
      return { page: await open(options, own), problems: own };
    },
  };
}

export type BrowserSuite = ReturnType<typeof useBrowserSuite>;
