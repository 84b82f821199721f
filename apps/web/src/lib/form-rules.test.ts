import { describe, expect, test } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { LANGUAGES, type Language } from '@portal/shared/languages';
import { formatMessage, type MessageKey } from '@portal/shared/messages';
import { formRules, numberRules, type NumberRuleTexts, type RuleTexts } from './form-rules.ts';

/*
 * The forms say what the server says: one wording per language for a
 * missing value in every area's `rules.*`, and the number limits in the words of the server's refusal.
 */

type Rules = Record<string, string>;
const AREAS = ['logistics', 'finance', 'shipping', 'exceptions', 'wallet'] as const;
const rulesOf = async (lang: Language, area: (typeof AREAS)[number]): Promise<Rules> =>
  ((await import(`../locales/${lang}/ns/${area}.ts`)) as { resources: { rules: Rules } }).resources.rules;

/** i18next's interpolation, enough for these texts. */
const translator =
  (rules: Rules) =>
  (key: string, options: Record<string, unknown>): string =>
    (rules[key.replace(/^rules\./, '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));

/** The server's message for a field labelled `label`. */
const server = (lang: Language, key: MessageKey, label: string, params: Record<string, string> = {}) => formatMessage(lang, key, { ...params, field: label });

async function problem(rule: unknown, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject;
  try {
    await validator?.({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the forms and the server word a refusal alike', () => {
  test.each(LANGUAGES)('a missing value has one wording in every area (%s)', async (lang) => {
    for (const area of AREAS) {
      const rules = await rulesOf(lang, area);
      const t = translator(rules) as RuleTexts;
      expect(await problem(formRules(t).required('X'), '  '), `${lang} ${area}`).toBe(server(lang, 'validationRequired', 'X'));
      expect(t('rules.tooLong', { label: 'X', max: 5 }), `${lang} ${area}`).toBe(server(lang, 'validationTooLong', 'X', { max: '5' }));
      const choose = rules.selectRequired ?? rules.select;
      expect(choose?.replace('{{label}}', 'X'), `${lang} ${area}`).toBe(server(lang, 'validationChoose', 'X'));
    }
  });

  test.each(LANGUAGES)('number limits are checked before sending, in the words of the server (%s)', async (lang) => {
    for (const area of AREAS) {
      const { positiveDecimal, wholeNumber } = numberRules(translator(await rulesOf(lang, area)) as NumberRuleTexts);
      const weight = positiveDecimal('W', { scale: 3, max: 1000 });
      for (const bad of ['-1', '0', '0.000', '1.2345', 'abc']) expect(await problem(weight, bad), `${area} ${bad}`).toBe(server(lang, 'validationWeight', 'W'));
      expect(await problem(weight, '1000.001')).toBe(server(lang, 'validationTooBig', 'W', { max: '1,000' }));
      for (const good of ['', '0.001', '1000', ' 2.5 ']) expect(await problem(weight, good), `${area} ${good}`).toBeNull();
      expect(await problem(positiveDecimal('L', { scale: 1, max: 500 }), '10.25')).toBe(server(lang, 'validationLength', 'L'));
      expect(await problem(positiveDecimal('L', { scale: 1, max: 500 }), '500.1')).toBe(server(lang, 'validationTooBig', 'L', { max: '500' }));
      expect(await problem(positiveDecimal('A', { scale: 2 }), '-5')).toBe(server(lang, 'validationAmount', 'A'));
      const quantity = wholeNumber('Q', { min: 1, max: 100_000 });
      for (const bad of ['0', '1.5', '100001', 'x']) expect(await problem(quantity, bad), `${area} ${bad}`).not.toBeNull();
      for (const good of [1, '100000', '']) expect(await problem(quantity, good)).toBeNull();
    }
  });
});
