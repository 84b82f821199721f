// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Test code: vitest suites of every workspace and the browser specs. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'apps/web/e2e/**/*.ts'];

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', '.tmp/', 'coverage/', 'apps/server/src/db/migrations/']),

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
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', '**/*.config.ts', 'apps/web/e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
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
);
