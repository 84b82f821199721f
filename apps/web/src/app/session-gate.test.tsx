import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/shared/languages';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n.ts';
import { LOGIN_PATH } from '../lib/paths.ts';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../lib/storage.ts';

// a component test (happy-dom) only because lib/i18n.ts reads the document when loaded
/*
 * The session gate is compiled on its own and imports nothing (docs/decisions/0009): it repeats a few
 * names of lib/. This keeps the copies equal to what they copy.
 */
const gate = readFileSync(path.join(import.meta.dirname, 'session-gate.ts'), 'utf8');
const literal = (name: string) => new RegExp(`const ${name} = ([^;]+);`).exec(gate)?.[1];

describe('the session gate names what lib/ names', () => {
  it('the storage prefix, the token key, the language key and the sign-in path', () => {
    expect(literal('STORAGE_PREFIX')).toBe(`'${STORAGE_PREFIX}'`);
    expect(literal('TOKEN_KEY')).toBe(`\`\${STORAGE_PREFIX}${STORAGE_KEYS.token}\``);
    expect(`${STORAGE_PREFIX}language`).toBe(LANGUAGE_STORAGE_KEY);
    expect(literal('LANGUAGE_KEY')).toBe('`${STORAGE_PREFIX}language`');
    expect(literal('LOGIN_PATH')).toBe(`'${LOGIN_PATH}'`);
  });

  it('the languages other than the prerendered default', () => {
    const others = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);
    expect(literal('OTHER_LANGUAGES')).toBe(`[${others.map((language) => `'${language}'`).join(', ')}]`);
  });
});
