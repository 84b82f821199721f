/**
 * npm run bench:web: the weight and speed of the web app as a browser sees it.
 * Builds the web app, starts the real portal on a fresh embedded database, and in headless Chromium
 * measures (median of several fresh visits):
 * - the gzip size of the JavaScript /user/login loads, and of all the JavaScript loaded once the home
 *   page is rendered after signing in;
 * - the time from navigation to a usable login form, and from pressing Sign in to the rendered home;
 * - the gzip size of the JavaScript a visitor without a session loads, whatever address they open;
 * - Lighthouse's performance score (mobile preset) of the public pages (bench/web-lighthouse.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startPortalServer } from './servers.ts';
import { stopChildren } from './child-processes.ts';
import { composition, printComposition } from './web-composition.ts';
import { lighthouseScores } from './web-lighthouse.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** `--composition`: build with source maps into a directory of its own and print what each page's weight is made of */
const COMPOSITION = process.argv.includes('--composition');
const DIST = COMPOSITION ? mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-dist-')) : path.join(REPO_ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { loginKb: 200, homeKb: 350, noSessionKb: 150 };
/** Addresses a visitor without a session may open: the root, home, a menu page, and the public pages. */
const NO_SESSION_PATHS = ['/', '/dashboard/analysis', '/logistics/international-order-list', '/user/login', '/track'] as const;
/** Lighthouse's mobile performance score to reach on each public page. */
const LIGHTHOUSE_TARGETS: Record<string, number> = { '/user/login': 95, '/track': 95, '/': 90 };

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function collectScripts(page: Page, into: Set<string>) {
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) into.add(url.pathname);
  });
}

async function main() {
  console.log('building the web app...');
  if (COMPOSITION) {
    execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', DIST], { cwd: path.join(REPO_ROOT, 'apps/web'), stdio: 'ignore' });
    process.env.WEB_DIST = DIST;
  } else {
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@portal/web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const portal = await startPortalServer({ repoRoot: REPO_ROOT, dataDir });
    const loginTimes: number[] = [];
    const homeTimes: number[] = [];
    let loginScripts = new Set<string>();
    let homeScripts = new Set<string>();
    for (let run = 0; run < RUNS + 1; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      collectScripts(page, scripts);
      const start = performance.now();
      await page.goto(`${portal.baseUrl}/user/login`);
      // the username and password form of /user/login (antd ids: <form name>_<field>)
      const username = page.locator('input#login_username');
      await username.waitFor({ state: 'visible' });
      await username.isEditable();
      const loginMs = performance.now() - start;
      // what the page loads once it is up counts too (later chunks, prefetches), not only what came before the form
      await page.waitForLoadState('networkidle');
      const atLogin = new Set(scripts);
      await username.fill('merchant');
      await page.locator('input#login_password').fill('Portal#2026');
      const signIn = performance.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-greeting').waitFor({ state: 'visible' });
      const homeMs = performance.now() - signIn;
      await page.waitForLoadState('networkidle');
      await context.close();
      // the first visit warms the server's caches and the disk: not counted
      if (run === 0) continue;
      loginTimes.push(loginMs);
      homeTimes.push(homeMs);
      loginScripts = atLogin;
      homeScripts = new Set(scripts);
    }
    // a visitor without a session, one fresh visit per address: what every script loaded until the network is quiet weighs
    const noSession: { path: string; jsGzipKb: number }[] = [];
    for (const address of NO_SESSION_PATHS) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      collectScripts(page, scripts);
      await page.goto(portal.baseUrl + address);
      await page.waitForLoadState('networkidle');
      noSession.push({ path: address, jsGzipKb: Number([...scripts].reduce((sum, p) => sum + gzipKb(path.join(DIST, p)), 0).toFixed(1)) });
      await context.close();
    }
    const lighthouse = COMPOSITION ? [] : await lighthouseScores(portal.baseUrl, Object.keys(LIGHTHOUSE_TARGETS), LIGHTHOUSE_RUNS);
    const size = (paths: Set<string>) => [...paths].reduce((sum, p) => sum + gzipKb(path.join(DIST, p)), 0);
    const sizedList = (paths: Set<string>) =>
      [...paths].map((p) => ({ path: p, gzipKb: Number(gzipKb(path.join(DIST, p)).toFixed(1)) })).sort((a, b) => b.gzipKb - a.gzipKb || a.path.localeCompare(b.path));
    const result = {
      date: new Date().toISOString(),
      runs: RUNS,
      loginJsGzipKb: Number(size(loginScripts).toFixed(1)),
      homeJsGzipKb: Number(size(homeScripts).toFixed(1)),
      loginFormUsableMs: Math.round(median(loginTimes)),
      signInToHomeMs: Math.round(median(homeTimes)),
      noSessionMaxJsGzipKb: Math.max(...noSession.map((visit) => visit.jsGzipKb)),
      noSession,
      lighthouse,
      // each file with its own gzip size, largest first: where the weight is
      loginScripts: sizedList(loginScripts),
      homeScripts: sizedList(homeScripts),
    };
    const verdict = (value: number, target: number) => (value <= target ? 'PASS' : 'FAIL');
    console.log(`\nweb bench (${RUNS} fresh visits, median), ${result.date}`);
    console.log(`JavaScript for /user/login        ${result.loginJsGzipKb.toFixed(1).padStart(7)} KB gzip   target <= ${TARGETS.loginKb} KB  ${verdict(result.loginJsGzipKb, TARGETS.loginKb)}`);
    console.log(`JavaScript for home after sign-in ${result.homeJsGzipKb.toFixed(1).padStart(7)} KB gzip   target <= ${TARGETS.homeKb} KB  ${verdict(result.homeJsGzipKb, TARGETS.homeKb)}`);
    console.log(`navigation -> usable login form   ${String(result.loginFormUsableMs).padStart(7)} ms`);
    console.log(`sign-in -> home rendered          ${String(result.signInToHomeMs).padStart(7)} ms`);
    console.log(`JavaScript without a session, most ${result.noSessionMaxJsGzipKb.toFixed(1).padStart(7)} KB gzip   target <= ${TARGETS.noSessionKb} KB  ${verdict(result.noSessionMaxJsGzipKb, TARGETS.noSessionKb)}`);
    for (const visit of noSession) console.log(`  ${visit.path.padEnd(40)} ${visit.jsGzipKb.toFixed(1).padStart(7)} KB`);
    for (const page of lighthouse) {
      const target = LIGHTHOUSE_TARGETS[page.path] ?? 100;
      const detail = `FCP ${page.firstContentfulPaintMs} ms, LCP ${page.largestContentfulPaintMs} ms, TBT ${page.totalBlockingTimeMs} ms, CLS ${page.cumulativeLayoutShift}; runs ${page.runs.join(' ')}`;
      console.log(`Lighthouse mobile ${page.path.padEnd(15)} ${String(page.score).padStart(7)}           target >= ${target}     ${page.score >= target ? 'PASS' : 'FAIL'}   (${detail})`);
    }
    if (COMPOSITION) {
      printComposition('/user/login', composition(DIST, loginScripts));
      printComposition('home after sign-in', composition(DIST, homeScripts));
      // sizes of a source-mapped build differ by a comment per file: not the figures of record
      return;
    }
    mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, 'results', 'latest-web.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
    if (COMPOSITION) rmSync(DIST, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
