import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { messages } from '@portal/shared/messages';
import type { English } from './english.ts';

/*
 * "1 orders imported": an English text that counts with a plural noun needs its singular form beside it
 * (`<key>_one`, english.ts). The texts are the en-US locale files', read as modules.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./en-US/*.ts', './en-US/ns/*.ts', '!./**/*.test.ts'], { eager: true });

type Leaf = { path: string; key: string; text: string; siblings: Record<string, unknown> };

function leaves(node: Record<string, unknown>, path: string): Leaf[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [{ path: `${path}.${key}`, key, text: value, siblings: node }] : value && typeof value === 'object' ? leaves(value as Record<string, unknown>, `${path}.${key}`) : [],
  );
}

/** `{{count}}` before a plural noun, an adjective or a possessive between: "{{count}} orders", "{{count}} selected users", "{{count}} of its orders". */
const COUNTS_PLURAL = /\{\{count\}\}\s+(?:(?:[a-z-]+\s+){0,2})[a-z]+s\b(?!')/;

describe('English counts', () => {
  it('gives every text that counts with a plural noun its singular form', () => {
    const texts = Object.entries(modules).flatMap(([file, exports]) => Object.values(exports).flatMap((value) => (value && typeof value === 'object' ? leaves(value as Record<string, unknown>, file) : [])));
    expect(texts.length).toBeGreaterThan(1000);
    const missing = texts.filter((leaf) => !leaf.key.endsWith('_one') && !leaf.key.endsWith('_other') && COUNTS_PLURAL.test(leaf.text) && typeof leaf.siblings[`${leaf.key}_one`] !== 'string');
    expect(missing.map((leaf) => `${leaf.path}: ${leaf.text}`)).toEqual([]);
  });

  it("keeps the server's messages clear of it: they count as \"Orders imported: 2\" (one form for any number)", () => {
    const counting = Object.entries(messages).filter(([, texts]) => /\{count\}\s+(?:(?:[a-z-]+\s+){0,2})[a-z]+s\b/.test(texts['en-US']));
    // a statement is refused past its limit only, never for one movement
    expect(counting.map(([key]) => key)).toEqual(['statementTooManyLines']);
  });

  it('reads the singular for 1 and the key itself for any other count, in English; Chinese keeps its one form', async () => {
    const texts: English<{ lines: string }> = { lines: '{{count}} lines', lines_one: '{{count}} line' };
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: texts }, 'zh-TW': { translation: { lines: '{{count}} 項' } } } });
    // the portal's typed keys are not this instance's
    const t = i18n.t.bind(i18n) as unknown as (key: string, options: { count: number; lng?: string }) => string;
    expect([0, 1, 2].map((count) => t('lines', { count }))).toEqual(['0 lines', '1 line', '2 lines']);
    expect(t('lines', { count: 1, lng: 'zh-TW' })).toBe('1 項');
  });
});
