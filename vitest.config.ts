import { defineConfig } from 'vitest/config';

/**
 * Three projects, run by scripts/test.sh in turn:
 * - unit: pure functions of shared, server and web;
 * - server: the HTTP API through app.inject on a real database (TEST_DB=pglite or postgres);
 * - ledger: the finance proofs (fast-check, concurrency, a killed server) on PostgreSQL;
 * - e2e: the built portal in Chromium against a real server.
 */
export default defineConfig({
  test: {
    // vitest leaves a core for itself by default: on the two cores of CI that is one test file at a
    // time, while the main process mostly waits
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // the ledger's proofs (random concurrent money movements, a killed server) and the other crash tests
        // (message push through a killed server), on PostgreSQL only
        test: {
          name: 'ledger',
          include: ['apps/server/test/ledger/**/*.test.ts', 'apps/server/test/crash/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          // one portal for every file (starting one migrates and seeds a database: seconds each)
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          // a poll waits for what a server round trip brings (a drawer closing after its save): vitest's 1 s
          // default failed them on a loaded machine while the page was right a moment later
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
