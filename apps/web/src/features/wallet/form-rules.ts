import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { CURRENCY_EXPONENTS, type CurrencyCode } from '@portal/shared/money';
import { formatMoney } from '../../lib/format.ts';
import { check, formRules } from '../../lib/form-rules.ts';
import { amountAbove, amountProblem } from './money.ts';

/**
 * The forms' rules, in the contract's terms (finance-schemas.ts), each message naming its field: the
 * shared ones and the amounts; the server checks everything again.
 */
export function walletRules(t: TFunction<'wallet'>) {
  const rules = formRules(t);
  return {
    ...rules,
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
