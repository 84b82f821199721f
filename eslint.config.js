// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { portalPlugin } from './eslint-rules/no-sql-text.js';
import domainFloors from './apps/server/domain-floors.json' with { type: 'json' };

/** Test code: vitest suites of every workspace and the browser specs. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'apps/web/e2e/**/*.ts'];

/**
 * The web's layers, in order (docs/web-anatomy.md): shared -> lib -> components -> entities -> features ->
 * layouts -> app. A layer imports only from the layers before it and from itself; a feature imports no other
 * feature, an entity no other entity. Imports are relative, so a rule names the folder an import climbs
 * into: `(../)+layouts/` from a feature reaches src/layouts. Inside a feature only its anatomy's folders
 * (api, pages, components, test) and the src folders before it (lib, components, entities, locales, test)
 * can stand after the climb: any other name is a neighbouring feature. An entity is one flat folder, so
 * after its climb only lib, components, locales and test can stand: any other name is a neighbouring
 * entity. Tests obey the rules of the folder they sit in; src/test is open to all.
 */
const climbsInto = (folders, message) => ({ regex: `^(\\.\\./)+(${folders})(/|$)`, message });
const layer = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', '.tmp/', 'coverage/', 'apps/server/src/db/migrations/', 'packages/open-api-client/src/open-api-schema.ts']),

  {
    // the config files of the root (this one, plain ESM) run in Node
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },

  {
    files: ['**/*.{ts,tsx}'],
    // not the type-checked presets: lint stays fast, `tsc` does the type work
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-eval': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Function']", message: 'new Function() is eval: build the behaviour from data instead.' },
        { selector: "CallExpression[callee.name='Function']", message: 'Function() is eval: build the behaviour from data instead.' },
      ],
    },
  },

  {
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts', 'packages/open-api-client/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', '**/*.config.ts', 'apps/web/e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },

  {
    // checks: nothing builds SQL text from strings in the server, its seeds and scripts (decision 0033)
    files: ['apps/server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { portal: portalPlugin },
    rules: { 'portal/no-sql-text': 'error' },
  },

  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },

  {
    files: ['apps/web/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },

  layer(['packages/shared/**/*.ts'], { regex: '^(@portal/(web|server)(/|$)|(\\.\\./)+apps/)', message: 'The shared package is the first layer: it imports neither app.' }),
  layer(['apps/web/src/lib/**/*.{ts,tsx}'], climbsInto('components|entities|features|layouts|app', 'lib is the web\'s first layer: it imports only the shared package and itself.')),
  layer(['apps/web/src/components/**/*.{ts,tsx}'], climbsInto('entities|features|layouts|app', 'components import only lib and the shared package: move what a component needs down a layer.')),
  layer(
    ['apps/web/src/entities/**/*.{ts,tsx}'],
    climbsInto('features|layouts|app', 'An entity (a server resource\'s statuses, keys and fetchers) imports only components, lib and the shared package.'),
    {
      regex: '^(\\.\\./)+(?!(lib|components|locales|test|features|layouts|app)(/|$))[^./][^/]*/',
      message: 'An entity imports no other entity: what two resources share belongs in components/ or lib/.',
    },
  ),
  layer(
    ['apps/web/src/features/**/*.{ts,tsx}'],
    climbsInto('layouts|app', 'A feature imports only entities, components, lib and the shared package.'),
    {
      regex: '^(\\.\\./)+(?!(api|pages|components|test|lib|entities|locales|layouts|app)(/|$))[^./][^/]*/',
      message: 'A feature imports no other feature (and keeps to api/, pages/, components/, test/): move what two features share to entities/ (a server resource), components/ or lib/.',
    },
  ),
  layer(['apps/web/src/layouts/**/*.{ts,tsx}'], climbsInto('app', 'layouts import features, entities, components and lib, never app: shared constants belong in lib.')),
  // app is the last layer: it may import every other one

  // the server's domains, floor by floor (docs/domains.md): a domain climbs into no domain above it
  ...domainFloors.floors.slice(0, -1).map((floor, index) =>
    layer(
      floor.map((domain) => `apps/server/src/modules/${domain}/**/*.ts`),
      climbsInto(
        domainFloors.floors.slice(index + 1).flat().join('|'),
        `A domain imports only its floor and those below (apps/server/domain-floors.json): a domain above learns of this one through a hook it registers or an event.`,
      ),
    ),
  ),
);
