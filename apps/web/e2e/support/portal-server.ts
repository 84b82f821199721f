import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The monorepo root: the server is started from there, as `npm start` does. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** the built web app the server serves; E2E_WEB_DIST lets a run use its own build while another one rebuilds */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
/** the server as `npm start` runs it: built once (`npm run build -w @portal/server`), nothing compiled at start */
const SERVER_ENTRY = 'apps/server/dist/main.js';

/** The first start migrates and seeds a fresh PGlite database (~20 s); a slow machine gets more. */
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
/** How much of the server's output is kept for error messages. */
const OUTPUT_LIMIT = 20_000;

export type Portal = {
  /** origin of the running portal, e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** the server's stdout and stderr so far (the tail), for failure messages */
  output: () => string;
  /** SIGTERM, SIGKILL after 5 s, then removes the data directory; safe to call twice */
  stop: () => Promise<void>;
};

export type StartPortalOptions = {
  /** extra environment of the server (LOG_LEVEL, DATABASE_URL, ...) */
  env?: Record<string, string>;
  /** a file that receives all of the server's output too (the test files read the demo SMS codes there) */
  logFile?: string;
};

/** An unused TCP port on 127.0.0.1, chosen by the kernel. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the port of a probe socket'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/**
 * Starts the real server as `npm start` does (`node apps/server/dist/main.js`) on a free port with an embedded
 * PGlite database in a fresh temporary directory, serving the built web app, and waits until /readyz is 200.
 * Build both first: `npm run build`.
 */
export async function startPortal(options: StartPortalOptions = {}): Promise<Portal> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${path.relative(REPO_ROOT, WEB_DIST)}/index.html is missing: run \`npm run build\` before the e2e tests`);
  }
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` before the e2e tests`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // a PostgreSQL of the caller's shell must not leak in: the default is a private embedded database
  delete env.DATABASE_URL;
  // SESSION_MAX_PER_USER=0: a file signs the same demo user in far more often than a person would (every
  // test, every API helper), and the tenth sign-in would end the first page's session in the middle of a walk;
  // the limit itself is tested in the API tests (test/api/auth/sessions.test.ts)
  // PUSH_ALLOW_PRIVATE_TARGETS: the open-API walk's webhook receiver is on 127.0.0.1, as in the README's walk-through
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST, SESSION_MAX_PER_USER: '0', PUSH_ALLOW_PRIVATE_TARGETS: 'true' }, options.env);

  // PORTAL_PROF=<dir>: the portal writes a V8 CPU profile there when it stops (where a browser file's server time goes)
  const child = spawn(process.execPath, [...(process.env.PORTAL_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PORTAL_PROF] : []), SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    log?.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await terminate(child, exited);
      await new Promise<void>((resolve) => (log ? log.end(resolve) : resolve()));
      await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => output, stop };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready after ${READY_TIMEOUT_MS / 1000} s (last: ${last}):\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_GRACE_MS).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink and V8 without the desktop
 * browser, what Playwright runs headless by default), driven by playwright-core (no browser download is possible
 * here). It does an eighth less work than `/usr/bin/chromium` for the same walk (decision 0034);
 * CHROMIUM_PATH=/usr/bin/chromium runs the tests on the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/*
 * Chromium's own windows draw an address bar whose suggestions are a web page of their own (WebUI), built
 * again with every new window, that is every browser context: a second renderer and a third of the CPU of
 * loading the portal's home (2026-11-29, decision 0034). Chromium reads only the last --disable-features,
 * so this one repeats Playwright's own list (playwright-core chromiumSwitches.ts) before adding those.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints',
  'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      // the software compositor in the browser's process rather than a GPU process of its own: one process and its
      // messages fewer for every frame (two browser files 134 busy CPU-s against 139 and 143, 2026-11-29)
      '--in-process-gpu',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
    ],
  });
}
