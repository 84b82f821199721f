import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * What the first screens carry (docs/decisions/0006, 0036): the modules each one imports statically, read from the
 * sources (a dynamic import() starts a chunk of its own and is not followed). The public pages and the home page
 * after sign-in must not reach zod (a shared module that builds schemas at its top level brings all of zod and
 * the server's message catalogue), nor the antd parts and libraries that only other pages or a click need.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const SHARED = path.resolve(SRC, '../../../packages/shared/src');

/** The entry, the pieces it imports one after the other (main.tsx), and what a visitor of a public page loads with them (app/routes.tsx). */
const PUBLIC_ROOTS = [
  'main.tsx',
  'lib/i18n.ts',
  'app/app.tsx',
  'app/router.ts',
  'layouts/user-layout.tsx',
  'features/auth/pages/login-page.tsx',
  'features/auth/pages/register-page.tsx',
  'features/auth/pages/alteration-page.tsx',
  'features/tracking/pages/tracking-page.tsx',
];

/** The home page after sign-in: the main layout in the antd shell with the page registry (app/main-shell.tsx), and the home page. */
const HOME_ROOTS = [...PUBLIC_ROOTS, 'app/main-shell.tsx', 'features/dashboard/pages/analysis-page.tsx'];

/** antd components the home page does not show until asked (a popover, a refusal, a page of its own). */
const NOT_ON_HOME_ANTD = ['Result', 'List', 'Typography', 'Select', 'Pagination', 'Drawer', 'Table', 'Form', 'Upload', 'DatePicker', 'Tree', 'TreeSelect', 'Cascader', 'Transfer'];
/** Libraries of other pages: charts, the rich-text editor, the schemas. */
const NOT_ON_HOME_PACKAGES = ['zod', 'echarts', 'zrender', '@tiptap/react', '@tiptap/starter-kit', '@tiptap/pm'];

type Reached = {
  /** each source file reached, with the file that imported it first */
  files: Map<string, string | null>;
  /** each package reached, with the file that imported it first */
  packages: Map<string, string>;
  /** the names imported from antd, with the file that imported each first */
  antd: Map<string, string>;
};

/** `import ... from '...'`, `export ... from '...'` and `import '...'`, with what they import. */
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*'([^']+)'|^\s*import\s+'([^']+)'/gm;

function resolveSource(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@portal/shared/') ? path.join(SHARED, specifier.slice('@portal/shared/'.length)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  // a stylesheet, an image: no imports of its own
  return null;
}

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

function reach(roots: readonly string[]): Reached {
  const reached: Reached = { files: new Map(), packages: new Map(), antd: new Map() };
  const queue = roots.map((root) => path.join(SRC, root));
  for (const root of queue) reached.files.set(root, null);
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const [, , typeOnly, what = '', from, bare] = match;
      // `import type` goes away; `import { type A }` stays as an import of the module (verbatimModuleSyntax)
      if (typeOnly) continue;
      const specifier = (from ?? bare)!;
      if (specifier.startsWith('.') || specifier.startsWith('@portal/shared/')) {
        const target = resolveSource(file, specifier);
        if (target && !reached.files.has(target)) {
          reached.files.set(target, file);
          queue.push(target);
        }
        continue;
      }
      // a package's stylesheet (antd's reset) is CSS, not its code
      if (specifier.endsWith('.css')) continue;
      const name = packageOf(specifier);
      if (!reached.packages.has(name)) reached.packages.set(name, file);
      if (specifier === 'antd') {
        for (const imported of /\{([^}]*)\}/.exec(what)?.[1]?.split(',') ?? []) {
          const component = imported.trim().split(/\s+as\s+/)[0]!;
          if (component && !component.startsWith('type ') && !reached.antd.has(component)) reached.antd.set(component, file);
        }
      }
    }
  }
  return reached;
}

/** How `file` was reached from a root, for a readable failure. */
function trail(reached: Reached, file: string): string {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = reached.files.get(at)) steps.unshift(path.relative(SRC, at));
  return steps.join(' -> ');
}

const offending = (reached: Reached, found: Map<string, string>, names: readonly string[]) =>
  names.filter((name) => found.has(name)).map((name) => `${name}: ${trail(reached, found.get(name)!)}`);

describe('what the first screens import', () => {
  it('reads the imports (the public pages reach React, the router and the texts)', () => {
    const reached = reach(PUBLIC_ROOTS);
    expect([...reached.packages.keys()]).toEqual(expect.arrayContaining(['react', 'react-router', 'i18next']));
    expect(reached.files.has(path.join(SRC, 'lib/i18n.ts'))).toBe(true);
    // a shared module is read from its source
    expect([...reached.files.keys()].some((file) => file.startsWith(SHARED))).toBe(true);
  });

  it('gives the public pages neither zod nor antd', () => {
    const reached = reach(PUBLIC_ROOTS);
    expect(offending(reached, reached.packages, ['zod', 'antd', '@ant-design/icons', '@tanstack/react-query'])).toEqual([]);
  });

  it('gives the home page after sign-in none of what other pages or a click need', () => {
    const reached = reach(HOME_ROOTS);
    expect(offending(reached, reached.packages, NOT_ON_HOME_PACKAGES)).toEqual([]);
    expect(offending(reached, reached.antd, NOT_ON_HOME_ANTD)).toEqual([]);
    // the shell is there: the check reads antd's imports
    expect(reached.antd.has('Layout')).toBe(true);
  });
});
