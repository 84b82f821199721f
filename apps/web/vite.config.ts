import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, transformWithOxc, type Manifest, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import type { prerenderPage as PrerenderPage } from './src/app/prerender.tsx';

/** Where `npm start -w @portal/server` listens by default. */
const SERVER_ORIGIN = 'http://127.0.0.1:8080';

/** Paths the server answers; everything else is the SPA. */
const SERVER_PATHS = ['/api', '/platform-api', '/healthz', '/readyz'] as const;

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  // `^/api(/|$)` rather than the bare prefix, so that a route such as /api-keys stays in the SPA
  SERVER_PATHS.map((path) => [`^${path}(/|$|\\?)`, { target: SERVER_ORIGIN }]),
);

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The public pages drawn at build time (docs/decisions/0009), each with the modules of its route
 * (app/routes.tsx), whose styles and scripts its HTML names. The server serves dist/prerendered/<path>.html
 * for <path>.
 */
const PRERENDERED_PAGES = [
  { path: '/user/login', modules: ['src/features/auth/pages/login-page.tsx'] },
  { path: '/user/register', modules: ['src/features/auth/pages/register-page.tsx'] },
  { path: '/user/alteration', modules: ['src/features/auth/pages/alteration-page.tsx'] },
  { path: '/track', modules: ['src/features/tracking/pages/tracking-page.tsx'] },
] as const;
const PUBLIC_LAYOUT = 'src/layouts/user-layout.tsx';

/** The first script of every page (app/session-gate.ts), compiled on its own: a classic script, no imports. */
const GATE_FILE = 'session-gate.js';

/** A chunk of the manifest and the chunks it imports statically, each once. */
function chunksOf(manifest: Manifest, keys: readonly string[]): Manifest[string][] {
  const seen = new Set<string>();
  const visit = (key: string): Manifest[string][] => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    return [chunk, ...(chunk.imports ?? []).flatMap(visit)];
  };
  return keys.flatMap(visit);
}

/** Draws each public page into a copy of the built index.html (app/prerender.tsx renders it). */
async function prerenderPublicPages(html: string, outDir: string, gate: (viewport: string, preloads: string[]) => string): Promise<void> {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const styles = readFileSync(path.join(outDir, manifest['index.html']?.css?.[0] ?? 'missing.css'), 'utf8');
  // the portal's modules read the browser's globals when they load (<html lang>, storage): a document without a session
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost/' });
  const globals = globalThis as Record<string, unknown>;
  Object.assign(globals, { window, document: window.document });
  const server = await createServer({
    root: ROOT,
    configFile: false,
    plugins: [react()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    // published as ES modules without "type": "module": Node cannot load them as they are
    ssr: { noExternal: ['@ant-design/icons-svg'] },
  });
  try {
    const { prerenderPage } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { prerenderPage: typeof PrerenderPage };
    for (const page of PRERENDERED_PAGES) {
      const drawn = await prerenderPage(`http://localhost${page.path}`);
      // React puts the preloads of the images it drew in front of the page: they belong in <head>, and
      // #root must start with what the browser's first render draws
      const hints = /^(?:<link [^>]*>)*/.exec(drawn)?.[0] ?? '';
      const body = drawn.slice(hints.length);
      const chunks = chunksOf(manifest, [PUBLIC_LAYOUT, ...page.modules]);
      const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
      const cssText = styles + css.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
      // a class of a CSS module missing from the built styles would be a page drawn without them
      for (const [, name] of body.matchAll(/class="[^"]*?\b(_[\w-]+_[\w-]{5}_\d+)\b/g)) {
        if (name && !cssText.includes(`.${name}`)) throw new Error(`${page.path}: class ${name} of the prerender is not in the built styles`);
      }
      const named = (file: string) => html.includes(`"/${file}"`);
      const links = [...css.filter((file) => !named(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`), ...(hints ? [hints] : [])];
      const viewport = /<meta name="viewport"[^>]*>/.exec(html)?.[0] ?? '';
      const out = html
        .replace(viewport, gate(viewport, chunks.map((chunk) => `/${chunk.file}`)))
        .replace('<html lang="zh-TW">', `<html lang="zh-TW" data-prerendered="${page.path}">`)
        .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
      if (!out.includes(body) || !out.includes('data-prerendered')) throw new Error('index.html no longer has <html lang="zh-TW"> and an empty #root');
      const file = path.join(outDir, 'prerendered', `${page.path}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, out);
    }
    // the root has no page of its own: a visitor without a session is shown the sign-in page (app/session-gate.ts)
    copyFileSync(path.join(outDir, 'prerendered/user/login.html'), path.join(outDir, 'prerendered/index.html'));
  } finally {
    await server.close();
    await window.happyDOM.close();
    delete globals.window;
    delete globals.document;
    rmSync(path.dirname(manifestFile), { recursive: true, force: true });
  }
}

/** The session gate's tag, after the viewport: the entry and the chunks to preload are its to load. */
const gateTag = (viewport: string, entry: string, preloads: readonly string[]) =>
  `${viewport}\n    <script src="/${GATE_FILE}" data-entry="${entry}" data-preload="${[...new Set(preloads)].join(' ')}"></script>`;

/** gzip and brotli copies of what the server sends, which it serves to a browser that accepts them (apps/server/src/app.ts). */
function compressForTheServer(outDir: string): void {
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|css|html|svg)$/.test(file));
  for (const file of files) {
    const full = path.join(outDir, file);
    const content = readFileSync(full);
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  }
}

/**
 * The first screen (docs/decisions/0009): every page starts with the session gate, which decides about
 * the session before the portal's scripts are requested, and the public pages come drawn in their HTML.
 */
function firstScreen(): Plugin {
  let builtHtml = '';
  let entryFile = '';
  let entryPreloads: string[] = [];
  let outDir = OUT_DIR;
  return {
    name: 'portal-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle() {
      const { code } = await transformWithOxc(readFileSync(path.join(ROOT, 'src/app/session-gate.ts'), 'utf8'), 'session-gate.ts', { lang: 'ts' });
      // its comments are for the source (it holds no string with a comment's marks)
      const source = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\n\s*\n/g, '\n');
      this.emitFile({ type: 'asset', fileName: GATE_FILE, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        // the entry and its preloads are named to the gate, which loads them when it has decided
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        const viewport = /<meta name="viewport"[^>]*>/.exec(html)?.[0];
        if (!entry?.[1] || !viewport || !bundle || !chunk) throw new Error('the built index.html has no module entry or no viewport');
        entryFile = entry[1];
        entryPreloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1] ?? '');
        // the entry imports the stack in pieces (main.tsx): those chunks are fetched with it, not one after the other
        const staticImports = (file: string): string[] => {
          const item = bundle[file];
          return item?.type === 'chunk' ? item.imports : [];
        };
        const pieces = new Set<string>();
        const queue = [...chunk.dynamicImports];
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          if (pieces.has(file) || file === chunk.fileName) continue;
          pieces.add(file);
          queue.push(...staticImports(file));
        }
        entryPreloads = [...new Set([...entryPreloads, ...[...pieces].map((file) => `/${file}`)])];
        builtHtml = html.replace(entry[0], '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        return builtHtml.replace(viewport, gateTag(viewport, entryFile, entryPreloads));
      },
    },
    async closeBundle() {
      await prerenderPublicPages(builtHtml, outDir, (viewport, preloads) => gateTag(viewport, entryFile, [...entryPreloads, ...preloads]));
      compressForTheServer(outDir);
    },
  };
}

/**
 * A dynamic import names the chunks to preload with it (vite's `__vite__mapDeps`). Those its importer imports
 * statically, at any depth, are loaded before the importer runs: they are left out of its lists.
 */
function preloadsNotYetLoaded() {
  const staticImports = new Map<string, readonly string[]>();
  const loadedBefore = new Map<string, ReadonlySet<string>>();
  const plugin: Plugin = {
    name: 'portal-preloads-not-yet-loaded',
    apply: 'build',
    generateBundle: {
      // before vite writes the preload lists (its import analysis, in this same hook)
      order: 'pre',
      handler(_options, bundle) {
        staticImports.clear();
        loadedBefore.clear();
        for (const [file, item] of Object.entries(bundle)) if (item.type === 'chunk') staticImports.set(file, item.imports);
      },
    },
  };
  const loaded = (host: string): ReadonlySet<string> => {
    const known = loadedBefore.get(host);
    if (known) return known;
    const seen = new Set<string>();
    const queue = [...(staticImports.get(host) ?? [])];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(staticImports.get(file) ?? []));
    }
    loadedBefore.set(host, seen);
    return seen;
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => deps.filter((dep) => !loaded(hostId).has(dep));
  return { plugin, resolveDependencies };
}

const preloads = preloadsNotYetLoaded();

export default defineConfig({
  root: ROOT,
  plugins: [react(), firstScreen(), preloads.plugin],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // the prerender reads which styles and scripts each public route has
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // no manual chunk groups: the login page must not load the main layout's components (the target:
    // <= 200 KB gzip of JavaScript for /user/login); each route's chunk pulls in just what it uses
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // the form library's index hangs Field, List and useForm on its default export at load: every antd
          // component that reads the form context (the ConfigProvider does) brought the whole form library and
          // its validator with FormProvider alone. Its own code is kept whenever its exports are used (antd's Form)
          { test: /[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false },
        ],
      },
    },
  },
});
