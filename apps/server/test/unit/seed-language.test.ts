import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Texts } from '@portal/shared/languages';
import { menuTitles } from '@portal/shared/menu-titles';
import { dictionarySeeds } from '../../src/db/seed/dictionaries.ts';
import { categorySeeds, checkRuleSeeds } from '../../src/db/seed/reference-data.ts';
import { BUILT_IN_REPORTS } from '../../src/db/seed/online-reports.ts';
import { DEFAULT_PACKAGE_NAME } from '../../src/db/seed/catalogue.ts';
import { ROLE_NAMES } from '../../src/modules/auth/access/built-in-roles.ts';

/*
 * Every name and description the platform seeds is written in the three languages (docs/glossary.md,
 * "Seeded words"): those kept as one text are stored in their owner's language, so each must exist in all.
 */
const HAN = /\p{Script=Han}/u;

/** Why a seeded text is not one in three languages, or null. */
export function oneLanguageOnly(texts: Partial<Texts> | string | undefined): string | null {
  if (texts === undefined) return 'missing';
  if (typeof texts === 'string') return `one text for every language: "${texts}"`;
  for (const language of LANGUAGES) if (!texts[language]?.trim()) return `no ${language}`;
  if (HAN.test(texts['en-US'] ?? '')) return `Chinese in en-US: "${texts['en-US']}"`;
  // a name in letters alone is a code or a brand (DHL, ISO 4217) and reads the same everywhere
  const english = texts['en-US'] ?? '';
  for (const language of ['zh-TW', 'zh-CN'] as const) {
    if (!HAN.test(texts[language] ?? '') && texts[language] !== english) return `no Chinese in ${language}: "${texts[language]}"`;
    if (texts[language] === english && /\b[a-z]{3,}\b/.test(english)) return `${language} is the English text: "${english}"`;
  }
  return null;
}

const seeded: [string, Partial<Texts> | string | undefined][] = [
  ...dictionarySeeds.flatMap((dict): [string, Partial<Texts> | string | undefined][] => [
    [`dictionary ${dict.code}`, dict.name],
    [`dictionary ${dict.code} description`, dict.description],
    ...dict.items.map((item): [string, Texts] => [`dictionary ${dict.code} item ${item.value}`, item.text]),
  ]),
  ...categorySeeds.map((category): [string, Texts] => [`category ${category.code}`, category.name]),
  ...checkRuleSeeds.flatMap((rule): [string, Texts][] => [[`check rule ${rule.ruleCode}`, rule.ruleName], ...rule.rules.map((r): [string, Texts] => [`check rule ${rule.ruleCode} message`, r.message])]),
  ...BUILT_IN_REPORTS.flatMap((report): [string, Texts][] => [[`report ${report.code}`, report.titles], ...report.columns.map((column): [string, Texts] => [`report ${report.code} column ${column.field}`, column.titles])]),
  ...Object.entries(ROLE_NAMES).map(([code, names]): [string, Texts] => [`role ${code}`, names]),
  ['the default package', DEFAULT_PACKAGE_NAME],
  ...Object.entries(menuTitles).map(([key, titles]): [string, Texts] => [`menu ${key}`, titles]),
];

describe('the seeded names and descriptions', () => {
  it('tells a text in one language from one in three', () => {
    expect(oneLanguageOnly('Open-API operations counted in the API statistics')).toMatch(/one text/);
    expect(oneLanguageOnly({ 'zh-TW': '商家管理員', 'zh-CN': '商家管理员', 'en-US': '' })).toBe('no en-US');
    expect(oneLanguageOnly({ 'zh-TW': 'Merchant staff', 'zh-CN': '商家员工', 'en-US': 'Merchant staff' })).toMatch(/is the English text/);
    expect(oneLanguageOnly({ 'zh-TW': '營運部', 'zh-CN': '运营部', 'en-US': '營運部 Operations' })).toMatch(/Chinese in en-US/);
    expect(oneLanguageOnly({ 'zh-TW': '商家員工', 'zh-CN': '商家员工', 'en-US': 'Merchant staff' })).toBeNull();
    expect(oneLanguageOnly({ 'zh-TW': 'DHL', 'zh-CN': 'DHL', 'en-US': 'DHL' })).toBeNull();
  });

  it('are each written in zh-TW, zh-CN and en-US', () => {
    expect(seeded.length).toBeGreaterThan(300);
    const faults = seeded.flatMap(([what, texts]) => {
      const fault = oneLanguageOnly(texts);
      return fault ? [`${what}: ${fault}`] : [];
    });
    expect(faults).toEqual([]);
  });
});
