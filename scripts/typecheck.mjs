// npm run typecheck: each workspace's tsconfig, checked by TypeScript 7 (the native compiler, installed as
// `typescript-native`; decision 0034). The `typescript` 5.9 package stays for typescript-eslint's parser,
// which needs the compiler's JavaScript API. Extra arguments (test-quick's --incremental ...) pass through.
//   node scripts/typecheck.mjs [workspace ...] [-- tsc arguments]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const WORKSPACES = ['packages/shared', 'packages/open-api-client', 'apps/server', 'apps/web'];
// the package exports no subpath: its bin is found beside its package.json
const TSC = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

const args = process.argv.slice(2);
const split = args.indexOf('--');
const named = split < 0 ? args : args.slice(0, split);
const extra = split < 0 ? [] : args.slice(split + 1);

let failed = false;
for (const folder of named.length ? named : WORKSPACES) {
  const flags = extra.map((arg) => arg.replaceAll('{workspace}', folder.replace('/', '-')));
  // one type checker: TypeScript 7 starts four by default, each building its own picture of the same
  // declarations (React's, antd's, Node's): 34 CPU-s for the three workspaces against 61, and no slower on
  // two cores (2026-11-29)
  const { status } = spawnSync(process.execPath, [TSC, '--noEmit', '--checkers', '1', '-p', folder, ...flags], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck of ${folder} failed`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
