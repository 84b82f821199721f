import type { FormRule } from 'antd';

/** The texts the shared rules need, from the area's own namespace (each has these `rules.*` keys). */
export type RuleTexts = (key: 'rules.required' | 'rules.tooLong' | 'rules.selectRequired', options: { label: string; max?: number }) => string;

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
