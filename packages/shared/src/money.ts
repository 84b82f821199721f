/**
 * Money is exact (DESIGN.md §3): integers of the currency's minor unit in the database (bigint), decimal
 * strings in JSON, and only bigint arithmetic in code; never a JavaScript float.
 */

/** ISO 4217 minor-unit exponents of the currencies the portal lists (the Currency dictionary). */
export const CURRENCY_EXPONENTS = {
  CNY: 2,
  TWD: 2,
  HKD: 2,
  USD: 2,
  MOP: 2,
  SGD: 2,
  MYR: 2,
  JPY: 0,
  KRW: 0,
  EUR: 2,
  GBP: 2,
  AUD: 2,
  CAD: 2,
} as const;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;
export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS) as [CurrencyCode, ...CurrencyCode[]];

export const isCurrency = (value: unknown): value is CurrencyCode => typeof value === 'string' && Object.hasOwn(CURRENCY_EXPONENTS, value);

/** A non-negative decimal with at most `scale` decimals, as JSON carries amounts: "12", "12.5", "0.05". */
export const decimalPattern = (scale: number) => new RegExp(scale === 0 ? '^\\d{1,15}$' : `^\\d{1,15}(\\.\\d{1,${scale}})?$`);

/** "12.5" with 2 decimals -> 1250n. Throws on anything that is not such a decimal (callers validate first). */
export function toMinor(decimal: string, scale: number): bigint {
  if (!decimalPattern(scale).test(decimal)) throw new RangeError(`not a decimal with at most ${scale} places: ${decimal}`);
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/** 1250n with 2 decimals -> "12.50"; negative amounts keep their sign. */
export function fromMinor(minor: bigint | number | string, scale: number): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

export const currencyToMinor = (decimal: string, currency: CurrencyCode) => toMinor(decimal, CURRENCY_EXPONENTS[currency]);
export const currencyFromMinor = (minor: bigint | number | string, currency: CurrencyCode) => fromMinor(minor, CURRENCY_EXPONENTS[currency]);

/** Weights travel as kilograms with 3 decimals ("1.250") and are stored as grams. */
export const WEIGHT_SCALE = 3;
export const kgToGrams = (kg: string): number => Number(toMinor(kg, WEIGHT_SCALE));
export const gramsToKg = (grams: number | bigint): string => fromMinor(grams, WEIGHT_SCALE);

/** Lengths travel as centimetres with 1 decimal ("30.5") and are stored as millimetres. */
export const LENGTH_SCALE = 1;
export const cmToMm = (cm: string): number => Number(toMinor(cm, LENGTH_SCALE));
export const mmToCm = (mm: number | bigint): string => fromMinor(mm, LENGTH_SCALE);

/** a * b / c rounded up (freight: a started step is charged whole), all non-negative bigints. */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** n / d rounded half to even (banker's rounding); d > 0. */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d; // truncates toward zero
  const r = n % d;
  if (r === 0n) return q;
  const twice = 2n * (r < 0n ? -r : r);
  const away = n < 0n ? q - 1n : q + 1n;
  if (twice > d) return away;
  if (twice < d) return q;
  return q % 2n === 0n ? q : away;
}

/** A positive decimal rate ("4.3825", up to `scale` decimals) as numerator / 10^places. */
export function parseRate(rate: string, scale = 10): { numerator: bigint; places: number } {
  const match = /^(\d{1,14})(?:\.(\d+))?$/.exec(rate);
  if (!match || (match[2]?.length ?? 0) > scale) throw new RangeError(`not a rate with at most ${scale} decimals: ${rate}`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const numerator = BigInt((match[1] ?? '0') + fraction);
  if (numerator === 0n) throw new RangeError('a rate must be positive');
  return { numerator, places: fraction.length };
}

export type Conversion = {
  /** the converted amount in the target's minor units, rounded half to even */
  amount: bigint;
  /** the exact value truncated toward zero: amount - truncated is what rounding added (0 or ±1) */
  truncated: bigint;
  /** the exact value in the target's minor units as a decimal ("22834.56") */
  exact: string;
};

/**
 * `amount` minor units of a currency with `fromExponent`, times `rate`, in minor units of a currency with
 * `toExponent`. Exact bigint arithmetic: no float ever sees money.
 */
export function convertMinor(amount: bigint, fromExponent: number, toExponent: number, rate: string): Conversion {
  const { numerator, places } = parseRate(rate);
  const n = amount * numerator * 10n ** BigInt(toExponent);
  const d = 10n ** BigInt(places + fromExponent);
  return { amount: divideHalfEven(n, d), truncated: n / d, exact: trimDecimal(fromMinor(n, places + fromExponent)) };
}

/** 1 / rate with `scale` decimals, half to even: the rate in the other direction. */
export function invertRate(rate: string, scale = 10): string {
  const { numerator, places } = parseRate(rate);
  const inverted = divideHalfEven(10n ** BigInt(places + scale), numerator);
  return trimDecimal(fromMinor(inverted, scale));
}

/** "4.3800000000" -> "4.38"; "5.000" -> "5". */
export const trimDecimal = (decimal: string): string => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);
