import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CURRENCY_EXPONENTS, type CurrencyCode } from '@portal/shared/money';
import { formatMoney } from '../../lib/format.ts';
import { amountAbove, amountProblem } from './money.ts';

type T = TFunction<'wallet'>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The forms' rules, in the contract's terms (finance-schemas.ts), each message naming its field: the
 * server trims, so spaces alone are empty here too; the server checks everything again.
 */
export function walletRules(t: T) {
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
    /**
     * A positive amount with at most the currency's decimals (read when validating: the currency may
     * change after the amount was typed), and at most `max` when one applies.
     */
    amount: (label: string, currencyOf: () => CurrencyCode | undefined, maxOf: () => string | null = () => null): FormRule[] => [
      check((value) => {
        const currency = currencyOf();
        switch (amountProblem(value, currency)) {
          case 'required':
            return t('rules.required', { label });
          case 'format':
            return t('rules.amountFormat', { label });
          case 'scale':
            return currency && CURRENCY_EXPONENTS[currency] === 0 ? t('rules.amountWhole', { label, currency }) : t('rules.amountScale', { label });
          case 'positive':
            return t('rules.amountPositive', { label });
          case null: {
            const max = maxOf();
            return max !== null && amountAbove(value, max) ? t('rules.amountMax', { label, max: `${formatMoney(max)} ${currency ?? ''}`.trim() }) : null;
          }
        }
      }),
    ],
  };
}
