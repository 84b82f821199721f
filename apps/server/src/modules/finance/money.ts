import { CURRENCY_EXPONENTS, currencyFromMinor, toMinor, type CurrencyCode } from '@portal/shared/money';
import type { Page } from '@portal/shared/api';
import type { Language } from '@portal/shared/languages';
import { PLATFORM_PAYEE_NAMES } from '@portal/shared/messages-payment';
import { badRequest } from '../../lib/errors.ts';

/* Amounts in and out of the finance calls: minor units in the database, decimal strings in JSON. */

/** A validated decimal amount ("12.50") as minor units of `currency`; more decimals than it has is 400. */
export function minorOf(field: string, amount: string, currency: CurrencyCode): bigint {
  const scale = CURRENCY_EXPONENTS[currency];
  const [whole = '0', fraction = ''] = amount.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw badRequest('amountScaleInvalid', { field, currency, scale });
  return toMinor(significant ? `${whole}.${significant}` : whole, scale);
}

/** Minor units as the decimal string JSON carries ("1234.50"; JPY "1234"). */
export const amountText = (minor: bigint | number | string, currency: CurrencyCode): string => currencyFromMinor(minor, currency);

/**
 * An amount as a spreadsheet cell: a number shown with two decimals, like every finance export (exact to
 * the cent: below 10^13 a two-decimal amount round-trips through a double), so sums and filters work.
 */
export const EXPORT_AMOUNT_FORMAT = '#,##0.00';
export const exportAmount = (minor: bigint | number | string | null, currency: CurrencyCode): number | null => (minor === null ? null : Number(amountText(minor, currency)));

/** The platform company a payment goes to (the spec's "payee"); answers name it in the caller's language (payeeIn). */
export const PLATFORM_PAYEE = PLATFORM_PAYEE_NAMES['en-US'];

/** A payment as the caller reads it: the payee named in the caller's language. */
export const payeeIn = <T extends { payee: string }>(record: T, lang: Language): T => ({ ...record, payee: PLATFORM_PAYEE_NAMES[lang] });

/** A page of payments as the caller reads them. */
export const payeesIn = <T extends { payee: string }>(page: Page<T>, lang: Language): Page<T> => ({ ...page, records: page.records.map((record) => payeeIn(record, lang)) });
