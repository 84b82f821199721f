import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isCurrency } from '@portal/shared/money';
import { checkAmount, isRate } from './decimal.ts';

type T = TFunction<'finance'>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The finance forms' rules: the server trims, so a value of spaces is empty here too. */
export function financeRules(t: T) {
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
    /** a decimal string, never a float: up to 10 decimals */
    rate: (label: string): FormRule[] => [required(label), check((value) => (value === '' || isRate(value) ? null : t('rules.rate', { label })))],
    /** a positive amount in the currency of another field (JPY has no decimals) */
    amount: (label: string, currencyField: string): FormRule[] => [
      required(label),
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => {
          const amount = text(value).trim();
          if (amount === '') return Promise.resolve();
          const currency: unknown = getFieldValue(currencyField);
          const result = checkAmount(amount, isCurrency(currency) ? currency : undefined);
          if (result === 'ok') return Promise.resolve();
          const message = result === 'tooManyDecimals' && isCurrency(currency) ? t('rules.amountWhole', { label, currency }) : t('rules.amount', { label, scale: 2 });
          return Promise.reject(new Error(message));
        },
      }),
    ],
    /** a currency other than the one in `otherField` */
    otherCurrency: (label: string, otherField: string): FormRule[] => [
      { required: true, message: t('rules.selectRequired', { label }) },
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => (value && value === getFieldValue(otherField) ? Promise.reject(new Error(t('rules.sameCurrency'))) : Promise.resolve()),
      }),
    ],
  };
}
