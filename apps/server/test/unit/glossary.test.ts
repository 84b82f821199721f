import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@portal/shared/languages';

/*
 * docs/glossary.md is the one list of the product's words; this holds every text to it: the web's locale
 * files, and every text written as { 'zh-TW': …, 'zh-CN': …, 'en-US': … } or t(zh-TW, zh-CN, en-US) in the
 * shared package, the server (messages, exports, seeds) and the web.
 */
const ROOT = join(import.meta.dirname, '../../../..');

type Glossary = { preferred: Record<Language, string[]>; avoid: Record<Language, string[]> };

function readGlossary(): Glossary {
  const rows = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('| ---'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  const words = (cell: string | undefined) => (cell ?? '').split(/[,、]/).map((word) => word.trim()).filter(Boolean);
  return {
    preferred: { 'zh-TW': rows.flatMap((row) => words(row[1])), 'zh-CN': rows.flatMap((row) => words(row[2])), 'en-US': [] },
    avoid: { 'zh-TW': rows.flatMap((row) => words(row[3])), 'zh-CN': rows.flatMap((row) => words(row[4])), 'en-US': rows.flatMap((row) => words(row[5])) },
  };
}

type Text = { where: string; language: Language; text: string };

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

const STRING = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|\x60((?:[^\x60\\]|\\.)*)\x60)`;
const literal = (match: RegExpMatchArray, from: number) => match[from] ?? match[from + 1] ?? match[from + 2] ?? '';

/** Every text of a language in the sources: the locale files' strings, the three-language objects' values. */
function collectTexts(): Text[] {
  const texts: Text[] = [];
  for (const language of LANGUAGES) {
    for (const file of sourceFiles(join(ROOT, 'apps/web/src/locales', language))) {
      for (const match of readFileSync(file, 'utf8').matchAll(new RegExp(`:\\s*${STRING}`, 'g'))) texts.push({ where: file, language, text: literal(match, 1) });
    }
  }
  const elsewhere = ['packages/shared/src', 'apps/server/src', 'apps/web/src'].flatMap((dir) => sourceFiles(join(ROOT, dir))).filter((file) => !file.includes('/locales/'));
  const three = new RegExp(`\\b\\w+\\(\\s*${STRING},\\s*${STRING},\\s*${STRING}\\s*\\)`, 'g');
  for (const file of elsewhere) {
    const source = readFileSync(file, 'utf8');
    for (const language of LANGUAGES) {
      for (const match of source.matchAll(new RegExp(`'${language}':\\s*${STRING}`, 'g'))) texts.push({ where: file, language, text: literal(match, 1) });
    }
    for (const match of source.matchAll(three)) {
      // only the three-language helpers: Chinese in the first two
      if (!/\p{Script=Han}/u.test(literal(match, 1))) continue;
      LANGUAGES.forEach((language, at) => texts.push({ where: file, language, text: literal(match, 1 + at * 3) }));
    }
  }
  return texts;
}

function offences(texts: Text[], glossary: Glossary): string[] {
  const found: string[] = [];
  for (const { where, language, text } of texts) {
    // a preferred word is taken out first: 用戶端 (client) holds 用戶 (avoided for "user")
    let rest = text;
    for (const word of [...glossary.preferred[language]].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('\u0000');
    for (const word of glossary.avoid[language]) {
      const hit = language === 'en-US' ? new RegExp(`\\b${word}\\b`, 'i').test(rest) : rest.includes(word);
      if (hit) found.push(`${where.slice(ROOT.length + 1)} (${language}): "${text}" uses ${word}`);
    }
  }
  return found;
}

describe('the glossary', () => {
  const glossary = readGlossary();
  const texts = collectTexts();

  it('is read whole: avoided words in the three languages, texts from every source', () => {
    expect(glossary.avoid['zh-TW']).toEqual(expect.arrayContaining(['用戶', '職位', '集貨']));
    expect(glossary.avoid['en-US']).toContain('Log in');
    for (const language of LANGUAGES) expect(texts.filter((text) => text.language === language).length).toBeGreaterThan(2_000);
    expect(texts.some((text) => text.where.endsWith('db/seed/dictionaries.ts'))).toBe(true);
  });

  it('finds an avoided word, and not one inside a preferred word', () => {
    const sample = (language: Language, text: string): Text => ({ where: `${ROOT}/sample.ts`, language, text });
    expect(offences([sample('zh-TW', '匯入用戶'), sample('zh-CN', '职位'), sample('en-US', 'Please log in')], glossary)).toHaveLength(3);
    expect(offences([sample('zh-TW', '用戶端錯誤 (4xx)'), sample('en-US', 'Sign in'), sample('en-US', 'Login history')], glossary)).toEqual([]);
  });

  it('is kept by every text of the interface, the server and the seed', () => {
    expect(offences(texts, glossary)).toEqual([]);
  });
});
