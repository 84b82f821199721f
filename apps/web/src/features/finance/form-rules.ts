import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isCurrency } from '@portal/shared/money';
import { check, formRules } from '../../lib/form-rules.ts';
import { checkAmount, isRate } from './decimal.ts';

/** The finance forms' rules: the shared ones, and rates, amounts and currency pairs. */
export function financeRules(t: TFunction<'finance'>) {
  const rules = formRules(t);
  return {
    ...rules,
    /** a decimal string, never a float: up to 10 decimals */
    rate: (label: string): FormRule[] => [rules.required(label), check((value) => (value === '' || isRate(value) ? null : t('rules.rate', { label })))],
    /** a positive amount in the currency of another field (JPY has no decimals) */
    amount: (label: string, currencyField: string): FormRule[] => [
      rules.required(label),
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => {
          const amount = typeof value === 'string' ? value.trim() : '';
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
      ...rules.select(label),
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => (value && value === getFieldValue(otherField) ? Promise.reject(new Error(t('rules.sameCurrency'))) : Promise.resolve()),
      }),
    ],
  };
}
