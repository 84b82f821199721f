import { convertMinor, currencyFromMinor, CURRENCY_EXPONENTS, decimalPattern, toMinor, type CurrencyCode } from '@portal/shared/money';

/**
 * Amounts as people type them and as the contract takes them (finance-schemas.ts amountField): digits
 * with at most the currency's decimals, more than 0. Compared and converted as bigint minor units: no
 * float ever sees money.
 */

export type AmountProblem = 'required' | 'format' | 'scale' | 'positive';

/** Every contract amount has at most 2 decimals: minor units at scale 2 compare any two of them. */
const SCALE = 2;

/** What is wrong with a typed amount of `currency`, or null. */
export function amountProblem(value: string, currency: CurrencyCode | undefined): AmountProblem | null {
  const text = value.trim();
  if (text === '') return 'required';
  // a negative number is a number: what is wrong with it is its sign
  if (/^-\s*\d+(\.\d+)?$/.test(text)) return 'positive';
  if (!decimalPattern(SCALE).test(text)) return decimalPattern(15).test(text) ? 'scale' : 'format';
  if (currency && !decimalPattern(CURRENCY_EXPONENTS[currency]).test(text)) return 'scale';
  if (!/[1-9]/.test(text)) return 'positive';
  return null;
}

/** a > b for two valid decimal amounts (server answers and typed values alike). */
export function amountAbove(a: string, b: string): boolean {
  return units(a) > units(b);
}

/** a - b, floored at 0, as a decimal of `currency`. */
export function amountLess(a: string, b: string, currency: CurrencyCode): string {
  const rest = units(a) - units(b);
  return currencyFromMinor(rest > 0n ? rest / 10n ** BigInt(SCALE - CURRENCY_EXPONENTS[currency]) : 0n, currency);
}

/** The sum of decimal amounts of one currency. */
export function amountSum(amounts: readonly string[], currency: CurrencyCode): string {
  const total = amounts.reduce((sum, amount) => sum + units(amount), 0n);
  return currencyFromMinor(total / 10n ** BigInt(SCALE - CURRENCY_EXPONENTS[currency]), currency);
}

/** Server amounts may carry a sign ("-12.50") or fewer decimals than 2 ("1234" for JPY). */
function units(value: string): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const magnitude = toMinor(negative ? text.slice(1) : text, SCALE);
  return negative ? -magnitude : magnitude;
}

/**
 * What `amount` of `from` becomes in `to` at `rate` ("1 from = rate to"), rounded half to even to the
 * target's minor unit as the server does on confirmation: the estimate the recharge form shows.
 */
export function convertedAmount(amount: string, from: CurrencyCode, to: CurrencyCode, rate: string): string {
  const minor = toMinor(amount.trim(), CURRENCY_EXPONENTS[from]);
  return currencyFromMinor(convertMinor(minor, CURRENCY_EXPONENTS[from], CURRENCY_EXPONENTS[to], rate).amount, to);
}
