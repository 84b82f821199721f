// The production build of the server: one ES module, dist/main.js, so that a start runs JavaScript and compiles
// nothing (the sources run through tsx only in development and tests). The workspace's own packages are
// TypeScript and go into the bundle; every installed package stays where npm put it. The migrations are
// read at start from beside the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const dependenciesOf = async (file) => Object.keys(JSON.parse(await readFile(file, 'utf8')).dependencies ?? {});
const installed = [...(await dependenciesOf(path.join(root, 'package.json'))), ...(await dependenciesOf(path.join(root, '../../packages/shared/package.json')))];

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: installed.filter((name) => !name.startsWith('@portal/')),
  logLevel: 'warning',
});
await cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), path.join(dist, 'main.js'))}`);
