import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isCurrency } from '@portal/shared/money';
import { formatCount } from '../../lib/format.ts';
import { check, formRules } from '../../lib/form-rules.ts';
import { currencyDecimals, isAmount, isLengthCm, isWeightKg, lengthAbove, PLATE_MAX, PLATE_PATTERN, REFERENCE_MAX, REFERENCE_PATTERN, weightAbove } from './value-rules.ts';

/**
 * The forms' rules, with translated messages naming the field; they follow the contract
 * (logistics-schemas.ts) so that what passes here passes the server.
 */
export function shippingRules(t: TFunction<'shipping'>) {
  const rules = formRules(t);
  const { required, maxLength } = rules;
  return {
    ...rules,
    /** tracking numbers and other typed references: letters, digits, - and _ */
    reference: (label: string): FormRule[] => [
      required(label),
      maxLength(label, REFERENCE_MAX),
      check((value) => (value && !REFERENCE_PATTERN.test(value) ? t('rules.reference', { label }) : null)),
    ],
    /** kg, more than 0, 3 decimals at most, up to `max` kg */
    weight: (label: string, { optional = false, max }: { optional?: boolean; max: number }): FormRule[] => [
      ...(optional ? [] : [required(label)]),
      check((value) => {
        if (!value) return null;
        if (!isWeightKg(value)) return t('rules.weight', { label });
        return weightAbove(value, max) ? t('rules.weightMax', { label, max: formatCount(max) }) : null;
      }),
    ],
    /** cm, more than 0, 1 decimal at most, up to `max` cm */
    length: (label: string, { optional = false, max }: { optional?: boolean; max: number }): FormRule[] => [
      ...(optional ? [] : [required(label)]),
      check((value) => {
        if (!value) return null;
        if (!isLengthCm(value)) return t('rules.length', { label });
        return lengthAbove(value, max) ? t('rules.lengthMax', { label, max: formatCount(max) }) : null;
      }),
    ],
    plate: (label: string, { optional = false } = {}): FormRule[] => [
      ...(optional ? [] : [required(label)]),
      maxLength(label, PLATE_MAX),
      check((value) => (value && !PLATE_PATTERN.test(value) ? t('rules.plate', { label }) : null)),
    ],
    /** money of the currency the form holds now: JPY and KRW without decimals, the others with up to 2 */
    amount: (label: string, currency: () => unknown): FormRule[] => [
      required(label),
      check((value) => {
        if (!value) return null;
        const code = currency();
        const known = typeof code === 'string' && isCurrency(code) ? code : undefined;
        if (isAmount(value, known)) return null;
        const decimals = known ? currencyDecimals(known) : 2;
        return known && decimals === 0 ? t('rules.amountWhole', { label, currency: known }) : t('rules.amount', { label, decimals });
      }),
    ],
    /** a contact phone as the pick-up batch takes it: 5 to 32 characters */
    phone: (label: string): FormRule[] => [required(label), check((value) => (value && (value.length < 5 || value.length > 32) ? t('rules.phone', { label }) : null))],
  };
}
