import type { FormRule } from 'antd';
import { decimalPattern, toMinor } from '@portal/shared/money';
import { formatCount } from './format.ts';

/**
 * The texts the shared rules need, from the area's own namespace (each has these `rules.*` keys).
 * One wording per language in every form, the server's too: "請輸入X" / "請選擇X" / "X is required".
 */
export type RuleTexts = (key: 'rules.required' | 'rules.tooLong' | 'rules.selectRequired', options: { label: string; max?: number }) => string;

/** The texts of the number rules (`rules.*` keys of the namespaces whose forms take numbers). */
export type NumberRuleTexts = (
  key: 'rules.positiveDecimals' | 'rules.positiveOneDecimal' | 'rules.wholeNumber' | 'rules.atMost',
  options: { label: string; scale?: number; min?: string; max?: string },
) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** One check: the value (trimmed, as the server trims) is either fine or the message says why. */
export const check = (test: (value: string) => string | null): FormRule => ({
  validator: (_rule, value: unknown) => {
    const problem = test(text(value).trim());
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** The rules every area's forms share, with messages naming the field; a value of spaces is empty. */
export function formRules(t: RuleTexts) {
  const required = (label: string): FormRule => check((value) => (value === '' ? t('rules.required', { label }) : null));
  const maxLength = (label: string, max: number): FormRule => check((value) => (value.length > max ? t('rules.tooLong', { label, max }) : null));
  return {
    required,
    maxLength,
    /** text the server requires, trimmed, at most `max` characters */
    requiredText: (label: string, max: number): FormRule[] => [required(label), maxLength(label, max)],
    optionalText: (label: string, max: number): FormRule[] => [maxLength(label, max)],
    select: (label: string): FormRule[] => [{ required: true, message: t('rules.selectRequired', { label }) }],
  };
}

/**
 * The number limits the server checks (the shared schemas: weightKg, lengthCm, amounts; the services'
 * maxima), checked before sending with the same words as the server's refusal. An empty value passes:
 * pair these with `required` where the field is required.
 */
export function numberRules(t: NumberRuleTexts) {
  return {
    /** more than 0, at most `scale` decimals (weights 3, sizes 1, amounts 2), and at most `max` when given */
    positiveDecimal: (label: string, { scale, max }: { scale: number; max?: number }): FormRule =>
      check((value) => {
        if (value === '') return null;
        if (!decimalPattern(scale).test(value) || !/[1-9]/.test(value)) return t(scale === 1 ? 'rules.positiveOneDecimal' : 'rules.positiveDecimals', { label, scale });
        return max !== undefined && toMinor(value, scale) > toMinor(String(max), scale) ? t('rules.atMost', { label, max: formatCount(max) }) : null;
      }),
    /** a whole number from `min` to `max` */
    wholeNumber: (label: string, { min, max }: { min: number; max: number }): FormRule =>
      check((value) => {
        if (value === '') return null;
        const number = /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
        return Number.isSafeInteger(number) && number >= min && number <= max ? null : t('rules.wholeNumber', { label, min: formatCount(min), max: formatCount(max) });
      }),
  };
}
