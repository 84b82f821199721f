import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { BrowserSuite, NewPageOptions } from './browser-suite.ts';
import { PASSWORD, type Role, type Session } from './sessions.ts';

/*
 * What a person does in the portal, for every spec: open a page, sign in, open a list from the menu,
 * search it, find a row, pick an option of a select, read a message, take a picture.
 */

/** Where a sign-in lands. */
export const HOME = '/dashboard/analysis';

/** A fresh page (the previous one closes) at `pathname`. */
export async function openPage(suite: BrowserSuite, pathname: string, options: NewPageOptions = {}): Promise<Page> {
  const page = await suite.newPage(options);
  await page.goto(pathname);
  return page;
}

/** Fills the login form on screen and submits it; what follows (home, a refusal, the page asked for) is the caller's to wait for. */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * A fresh page (the previous one closes) signed in as `who` (a role's shared session, or a session of the
 * test's own): at `at`, or on the home page once drawn. A page loaded is seconds of a browser's work: a test
 * that goes elsewhere at once lands there.
 */
export async function signedIn(suite: BrowserSuite, who: Role | Session, { at, ...options }: NewPageOptions & { at?: string } = {}): Promise<Page> {
  const page = await suite.newPage({ ...options, as: who });
  await page.goto(at ?? HOME);
  if (!at) await page.getByTestId('home-greeting').waitFor();
  return page;
}

/**
 * The same page, signed out and signed in as `who` instead, on the home page (or, for someone whose password an
 * administrator set, the change that comes first): another person at the same browser.
 */
export async function switchUser(suite: BrowserSuite, page: Page, who: Role | Session): Promise<void> {
  const stored = suite.storageState(who).origins.flatMap((origin) => origin.localStorage);
  await page.evaluate((items) => {
    // the browser's language stays: it is the browser's, not the signed-in person's
    const language = window.localStorage.getItem('pro__language');
    window.localStorage.clear();
    if (language) window.localStorage.setItem('pro__language', language);
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, stored);
  await page.goto(HOME);
  await page.getByTestId('home-greeting').or(page.getByTestId('password-change-gate')).waitFor();
}

/**
 * The first screen of someone whose password an administrator set: they type the one they were `given` and choose
 * `own`, as the change dialog asks, and the portal opens (en-US).
 */
export async function chooseOwnPassword(page: Page, given: string, own: string): Promise<void> {
  await page.getByTestId('password-change-gate').waitFor();
  const change = page.locator('.ant-modal:visible');
  await change.locator('#oldpassword').fill(given);
  await change.locator('#password').fill(own);
  await change.locator('#confirmpassword').fill(own);
  await change.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('side-menu').waitFor();
}

/**
 * Goes to `pathname` inside the portal as a link would (the router follows the address bar on popstate):
 * the page already loaded stays, which a new load would build again.
 */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({ usr: null, key: path, idx: window.history.length }, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}

/** The list `listId` of the page on screen, once its table is drawn. */
export async function listOn(page: Page, listId: string): Promise<Locator> {
  const list = page.getByTestId(`list-page-${listId}`);
  await list.locator('.ant-table-tbody').waitFor();
  return list;
}

/** Opens a list page of the menu and waits for its table; answers the list. */
export async function openList(page: Page, pathname: string, listId: string): Promise<Locator> {
  await page.goto(pathname);
  return listOn(page, listId);
}

/** The rows of a table in `scope` that contain `text`. */
export const rowWith = (scope: Locator, text: string) => scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** Fills a query-form field of `list` by its placeholder and searches (en-US). */
export async function search(list: Locator, placeholder: string, value: string): Promise<void> {
  await list.getByPlaceholder(placeholder).fill(value);
  await list.getByRole('button', { name: 'Search' }).click();
}

/** The options of the select whose input is `#selectId`, in its own dropdown (its listbox is `<id>_list`): another select's may still be fading out. */
export const optionsOf = (page: Page, selectId: string) =>
  page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`#${selectId}_list`) })
    .locator('.ant-select-item-option');

/**
 * Clicks an option of an open single select until the select takes it, that is until its list closes. On a
 * loaded machine a click can land while the list redraws (the press and the release on two different nodes
 * make no click): CI runs saw the list stay open, or an event saved without its chosen status.
 */
export async function clickOption(option: Locator): Promise<void> {
  await option.click();
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (await option.waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false)) return;
    // still open: click again (a list that closes meanwhile fails this click, and the wait above says so)
    await option.click({ timeout: 3_000 }).catch(() => undefined);
  }
  throw new Error(`the select kept its list open after 4 clicks on ${option.toString()}`);
}

/** Opens the select `#selectId` and clicks its option titled `title`, typed into its search first when `typed` (a long list draws a few options at a time). */
export async function choose(page: Page, selectId: string, title: string, { typed = false } = {}): Promise<void> {
  const input = page.locator(`#${selectId}`);
  await input.click();
  if (typed) await input.fill(title);
  await clickOption(optionsOf(page, selectId).and(page.locator(`[title="${title}"]`)));
}

/** The message toasts that say `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * Photographs the whole page for a person to look at, into E2E_SHOTS_DIR (apps/web/e2e/screenshots is
 * ignored by git); without it, nothing: a picture checks nothing, and takes time.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  // the message toasts fade; the picture is of the screen itself
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
