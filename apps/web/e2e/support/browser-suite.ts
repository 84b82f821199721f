import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, REPO_ROOT } from './portal-server.ts';
import { storageStateOf, type Role, type Session } from './sessions.ts';

/** Where a failed test's page is drawn (.tmp is not committed). */
const FAILURES_DIR = path.join(REPO_ROOT, '.tmp/e2e/failures');

export type Language = 'zh-TW' | 'zh-CN' | 'en-US';

export type NewPageOptions = {
  /** stored as the interface language before the first load, unless the page chose one since */
  language?: Language;
  viewport?: { width: number; height: number };
  bypassCSP?: boolean;
  /** signed in with the shared session of this role, or with this session; signed out without */
  as?: Role | Session;
};

/** The window a page opens in unless a test asks for another. */
const DEFAULT_VIEWPORT = { width: 1280, height: 860 } as const;

/**
 * The run's one real portal (embedded database, started by global-setup.ts), one Chromium per test file,
 * and one page per file that the tests take in turn: each `newPage` empties it (cookies, storage) and signs
 * it in as asked before the test's first load. A new browser context and its renderer for every page cost a
 * second of CPU each and a cold start of every script (measured 3.2 against 2.3 CPU-s a page, 2026-11-29);
 * the page is still the test's alone, and what it held before is gone. Whatever a page does that it must not
 * (a request off the portal's origin, a console error, an uncaught error) fails the test that opened it. A 4xx
 * the test provokes on purpose is logged by the browser as a failed resource, which does not count.
 */
export function useBrowserSuite() {
  const { url, logFile, sessions } = inject('e2e');
  const portal = { url, output: () => readFileSync(logFile, 'utf8') };
  let browser: Browser | undefined;
  /** the file's page, taken by each test in turn */
  let shared: Page | undefined;
  /** a page's context of its own (its settings differ from the shared one's), closed after its test */
  let own: BrowserContext | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async ({ task }) => {
    const contexts = [shared?.context(), own].filter((context) => context !== undefined);
    // a failure seen only in a whole run leaves a picture of the suite's page as it was
    if (task.result?.state === 'fail') {
      const file = path.join(FAILURES_DIR, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`);
      for (const page of contexts.flatMap((context) => context.pages())) await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      if (contexts.length > 0) console.error(`the page at the failure: ${file}`);
    }
    await own?.close();
    own = undefined;
    // every page the test opened counts, not only the last one
    const found = problems;
    problems = [];
    expect(found).toEqual([]);
  });

  const sessionOf = (who: Role | Session): Session => (typeof who === 'string' ? sessions[who] : who);

  /** A page in a new context, whose misdeeds go into what `sink` answers at the time. */
  const open = async (options: NewPageOptions, sink: () => string[]): Promise<Page> => {
    if (!browser) throw new Error('the suite has not started');
    // page.goto('/a/path') opens the portal's own
    const opened = await browser.newContext({
      baseURL: url,
      viewport: options.viewport ?? DEFAULT_VIEWPORT,
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
    // what a page fetched off its origin, said where the test hears it: an event for every request cost the
    // driver a tenth of a CPU-s a page load. A request that failed is a console error of Chromium's already,
    // and one the portal's policy refused too.
    await opened.addInitScript(() => {
      new PerformanceObserver((entries) => {
        for (const { name } of entries.getEntries()) {
          if (/^https?:/.test(name) && new URL(name).origin !== window.location.origin) console.error(`request off origin: ${name}`);
        }
      }).observe({ type: 'resource', buffered: true });
    });
    const page = await opened.newPage();
    page.on('framenavigated', (frame) => {
      if (/^https?:/.test(frame.url()) && new URL(frame.url()).origin !== url) sink().push(`page off origin: ${frame.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) sink().push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => sink().push(`page error: ${error.message}`));
    return page;
  };

  /** The shared page emptied and set up as `options` ask, on a document of the portal that runs no script. */
  const reset = async (page: Page, options: NewPageOptions): Promise<Page> => {
    await page.context().clearCookies();
    await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
    // the previous test's app is gone (its last writes to the storage too) before the storage is replaced
    await page.goto('/favicon.svg');
    const items = options.as ? storageStateOf(url, sessionOf(options.as)).origins.flatMap((origin) => origin.localStorage) : [];
    await page.evaluate(
      ({ items, language }) => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        for (const { name, value } of items) window.localStorage.setItem(name, value);
        if (language) window.localStorage.setItem('pro__language', language);
      },
      { items, language: options.language },
    );
    return page;
  };

  return {
    /** the portal: its origin, and its output so far */
    portal: () => portal,
    /** the shared session of a demo role: the same one its pages and its API calls use */
    session: (role: Role): Session => sessions[role],
    /** what a browser signed in as `who` holds */
    storageState: (who: Role | Session) => storageStateOf(url, sessionOf(who)),
    /**
     * The test's page, emptied of what it held and signed in as `options.as` (signed out without), before its
     * first load: the one page of the file, or a page in a context of its own where its settings differ
     * (bypassCSP). A page the test had before is this same page, or closed.
     */
    async newPage(options: NewPageOptions = {}): Promise<Page> {
      await own?.close();
      own = undefined;
      if (options.bypassCSP) {
        const page = await open(options, () => problems);
        own = page.context();
        return page;
      }
      if (!shared || shared.isClosed()) shared = await open({}, () => problems);
      return reset(shared, options);
    },
    /**
     * A page in a context of its own beside the suite's one page (another person at another browser, or a
     * test running beside others): the caller closes its context and checks `problems`.
     */
    async separatePage(options: NewPageOptions = {}): Promise<{ page: Page; problems: string[] }> {
      const own: string[] = [];
      return { page: await open(options, () => own), problems: own };
    },
  };
}

export type BrowserSuite = ReturnType<typeof useBrowserSuite>;
