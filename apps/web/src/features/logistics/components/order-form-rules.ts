import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { checkText, checkUnitPrice, type RuleError } from '../order-rules.ts';

/** Numbers of a message with thousands separators (spec §9). */
const formatted = (values: RuleError['values'] = {}) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? formatCount(value) : value]));

export type OrderFormRules = ReturnType<typeof useOrderFormRules>;

/** The order form's antd rules, built from order-rules' checks, in the user's language. */
export function useOrderFormRules() {
  const { t } = useTranslation('logistics');
  const message = (error: RuleError, label: string) => t(`rules.${error.key}`, { label, ...formatted(error.values) });
  /** An antd rule from one of order-rules' checks. */
  const check =
    (label: string, test: (value: unknown) => RuleError | null, selectKey = false): Rule =>
    () => ({
      validator: (_rule, value: unknown) => {
        const problem = test(value);
        if (!problem) return Promise.resolve();
        return Promise.reject(new Error(message(selectKey && problem.key === 'required' ? { key: 'select' } : problem, label)));
      },
    });
  const text = (label: string, max: number, required: boolean) => check(label, (value) => checkText(value, max, required));
  const selected = (label: string) => check(label, (value) => (value ? null : { key: 'required' }), true);
  const price = (value: unknown, currency: unknown, label: string): Promise<void> => {
    const problem = checkUnitPrice(value, currency);
    return problem ? Promise.reject(new Error(message(problem, label))) : Promise.resolve();
  };
  return { message, check, text, selected, price };
}
