import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

type T = TFunction<'exceptions'>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The forms' rules: the server trims, so a value of spaces is empty here too. */
export function exceptionRules(t: T) {
  const check =
    (test: (value: string) => string | null): FormRule =>
    ({
      validator: (_rule, value: unknown) => {
        const problem = test(text(value).trim());
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });
  const required = (label: string) => check((value) => (value === '' ? t('rules.required', { label }) : null));
  const maxLength = (label: string, max: number) => check((value) => (value.length > max ? t('rules.tooLong', { label, max }) : null));
  return {
    requiredText: (label: string, max: number): FormRule[] => [required(label), maxLength(label, max)],
    optionalText: (label: string, max: number): FormRule[] => [maxLength(label, max)],
    select: (label: string): FormRule[] => [{ required: true, message: t('rules.selectRequired', { label }) }],
  };
}
