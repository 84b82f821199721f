import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The API test files that also run on the embedded PGlite (decision 0034): every API test runs on
 * PostgreSQL, the engine of production; PGlite is the same PostgreSQL in WebAssembly, so it runs again only
 * what can differ there: migrating and seeding an empty directory and the demo's start, its single
 * connection (transactions, locks and concurrent calls, the job queue, notifications and the in-process
 * fallbacks of the cache bus), the boot-time refusal of routes without access, and one pass of each safety
 * net (malformed input and the cross-tenant harness over every route).
 */
const PGLITE_API_FILES = [
  // start, migration, seeding, the demo; the boot-time refusal of a route without access
  'health', 'seed', 'logistics/demo',
  // one connection: concurrent payments and their locks, concurrent SMS codes, a statement's time limit
  'finance/payment', 'account/account-concurrency', 'lib/statement-limit',
  // the job queue (pg-boss on PGlite's connection) and its listen/notify relay
  'push/delivery', 'purchase/platform-token', 'log/visit-statistics',
  // the operators' metrics: the queue's jobs and the pushes read on PGlite's one connection, no pool
  'metrics',
  // the cache bus's in-process fallback (LISTEN/NOTIFY on PostgreSQL): two app servers, the live stream
  'auth/multi-instance', 'dict/dict-instances', 'announcement/stream',
  // what a key or an endpoint carries of its holder's rights, at the call and at the delivery
  'open-api/key-holder', 'push/endpoint-holder',
  // the safety nets, each over every route
  'safety/malformed-input', 'safety/tenant-isolation',
].map((file) => `apps/server/test/api/${file}.test.ts`);
// a renamed or deleted file would otherwise leave PGlite silently untested
for (const file of PGLITE_API_FILES) if (!existsSync(file)) throw new Error(`vitest.config.ts: ${file} (PGLITE_API_FILES) does not exist`);

/**
 * The projects, run by scripts/test.sh:
 * - unit: pure functions of shared, server and web;
 * - component: React components in happy-dom;
 * - server: the HTTP API through app.inject on PostgreSQL (TEST_DB=postgres);
 * - server-pglite: the files of PGLITE_API_FILES on the embedded PGlite (TEST_DB=pglite);
 * - ledger: the finance proofs (fast-check, concurrency, a killed server) on PostgreSQL;
 * - e2e: the built portal in Chromium against a real server.
 */
const serverProject = {
  globalSetup: ['apps/server/test/helpers/global-setup.ts'],
  // the server's modules are imported once per worker, not once per file (half of the project's time went to
  // imports): each file builds its own app on its own database, and no module keeps state of its own
  isolate: false,
  // a guard against a hang, not a measure of speed: npm test runs these beside the browser tests at a lower
  // priority, where a test of 3 s alone has taken ten times as long
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/*
 * The browser files, one after the other on one portal (a global setup). Two lanes side by side, each on a
 * portal of its own, measured no faster (11 minutes either way, 2026-11-29): Chromium and the portal keep
 * the two cores about three quarters busy already, and each file took twice as long beside another.
 */
const browserProject = {
  globalSetup: ['apps/web/e2e/support/global-setup.ts'],
  // Playwright and the support modules are imported once, not once per file; each file has its own browser
  isolate: false,
  // a poll waits for what a server round trip brings (a drawer closing after its save): vitest's 1 s
  // default failed them on a loaded machine while the page was right a moment later
  expect: { poll: { timeout: 10_000 } },
  testTimeout: 60_000,
  hookTimeout: 180_000,
  fileParallelism: false,
};

export default defineConfig({
  test: {
    // vitest leaves a core for itself by default: on the two cores of CI that is one test file at a
    // time, while the main process mostly waits
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // pure functions: the files share their worker's modules (10 CPU-s for the project against 27)
          isolate: false,
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'component',
          environment: 'happy-dom',
          // antd's and happy-dom's start is paid once per worker, not once per file (about 5 s each): the files
          // share a document, which setup.ts leaves as a new one would be after each file
          isolate: false,
          // React's development build and happy-dom make short-lived objects by the million: a larger young
          // generation collects less often (190 CPU-s for the project against 206, 2026-11-29)
          execArgv: ['--max-semi-space-size=64'],
          // antd under happy-dom takes seconds a test on a loaded machine (typecheck and lint run beside): a guard
          // against a hang, not a measure of speed
          testTimeout: 30_000,
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      { test: { name: 'server', include: ['apps/server/test/api/**/*.test.ts'], ...serverProject } },
      { test: { name: 'server-pglite', include: PGLITE_API_FILES, ...serverProject } },
      {
        // the ledger's proofs (random concurrent money movements, a killed server) and the other crash tests
        // (message push through a killed server), on PostgreSQL only
        test: {
          name: 'ledger',
          // each file builds its own servers and databases: the modules they import are shared
          isolate: false,
          include: ['apps/server/test/ledger/**/*.test.ts', 'apps/server/test/crash/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // two files at a time, each on its own database and servers: npm test runs this part last, when the
          // browser tests are done (63 s against 85 alone, 2026-11-29)
        },
      },
      { test: { ...browserProject, name: 'e2e', include: ['apps/web/e2e/**/*.test.ts'] } },
    ],
  },
});
