// npm run test:quick [-- <base>]: the checks of what changed since <base> (default HEAD: the uncommitted
// and untracked files), in a few minutes; the whole `npm test` stays the gate before a commit lands.
//   typecheck of the touched workspaces and lint of the changed files, side by side;
//   the unit and component tests that import a changed file (vitest --changed);
//   the API tests of the touched server modules, on PostgreSQL (scripts/pg.sh) when it is installed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) => existsSync(file));
if (changed.length === 0) {
  console.log(`test:quick: nothing changed since ${base}`);
  process.exit(0);
}
console.log(`test:quick: ${changed.length} file(s) changed since ${base}`);

const API = 'apps/server/test/api';
/** Server modules whose tests live under another name. */
const TESTS_OF_MODULE = { role: ['system/roles.test.ts'], company: ['log/company-log.test.ts'], sms: ['account'], site: ['site.test.ts'], health: ['health.test.ts'] };
/** What a change below the modules (the kernel, the schema, the shared package) is checked by here: the safety nets and the schema. */
const KERNEL_TESTS = ['safety', 'schema', 'health.test.ts', 'seed.test.ts'];
const kernel = /^(apps\/server\/src\/(lib|plugins|db)\/|apps\/server\/src\/[^/]+\.ts$|packages\/shared\/src\/)/;

const apiTests = new Set();
for (const file of changed) {
  const module = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  if (module) for (const target of TESTS_OF_MODULE[module] ?? [module]) apiTests.add(target);
  else if (kernel.test(file)) for (const target of KERNEL_TESTS) apiTests.add(target);
  else if (file.startsWith(`${API}/`) && file.endsWith('.test.ts')) apiTests.add(file.slice(API.length + 1));
  else if (file.startsWith(`${API}/`) || file.startsWith('apps/server/test/helpers/')) for (const target of KERNEL_TESTS) apiTests.add(target);
}
const apiTargets = [...apiTests].map((target) => path.join(API, target)).filter((target) => existsSync(target));

const workspaces = new Set();
for (const file of changed) {
  if (file.startsWith('packages/shared/')) ['packages/shared', 'apps/server', 'apps/web'].forEach((folder) => workspaces.add(folder));
  else if (file.startsWith('apps/server/')) workspaces.add('apps/server');
  else if (file.startsWith('apps/web/')) workspaces.add('apps/web');
}
// incremental: the second run in a checkout reads what the first one kept under .tmp/tsc
const typecheck = (folder) => ['scripts/typecheck.mjs', folder, '--', '--incremental', '--tsBuildInfoFile', '.tmp/tsc/{workspace}.tsbuildinfo'];
const lintable = changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));

const run = (label, command, args, env = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`\n--- ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });

const results = [];
// tsc and eslint each keep one core busy: side by side
results.push(
  ...(await Promise.all([
    ...[...workspaces].map((folder) => run(`typecheck of ${folder}`, process.execPath, typecheck(folder))),
    lintable.length ? run(`lint of ${lintable.length} file(s)`, 'npx', ['eslint', '--max-warnings', '0', '--no-warn-ignored', ...lintable]) : true,
  ])),
);
results.push(await run('unit and component tests of the changed files', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'component', '--changed', base, '--passWithNoTests']));

if (apiTargets.length) {
  const postgres = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`));
  const env = postgres ? { TEST_DB: 'postgres', TEST_DATABASE_URL: execFileSync('bash', ['scripts/pg.sh', 'start'], { encoding: 'utf8' }).trim() } : { TEST_DB: 'pglite' };
  results.push(await run(`API tests on ${env.TEST_DB}: ${apiTargets.map((target) => path.relative(API, target)).join(' ')}`, 'npx', ['vitest', 'run', '--project', 'server', ...apiTargets], env));
}

const ok = results.every(Boolean);
console.log(`\ntest:quick: ${ok ? 'passed' : 'FAILED'}; the browser tests and the rest of the suite run in npm test`);
process.exit(ok ? 0 : 1);
