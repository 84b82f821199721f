import { CURRENCY_EXPONENTS, decimalPattern, isCurrency, toMinor, type CurrencyCode } from '@portal/shared/money';

/**
 * The contract's rules for what people type (packages/shared/src/logistics-schemas.ts), as plain
 * predicates: the forms check them before sending, and the server checks them again.
 */

const WEIGHT_PATTERN = decimalPattern(3);
const LENGTH_PATTERN = decimalPattern(1);

/** kg with at most 3 decimals, greater than 0 ("1.250"). */
export const isWeightKg = (value: string): boolean => WEIGHT_PATTERN.test(value) && /[1-9]/.test(value);

/** cm with at most 1 decimal, greater than 0 ("30.5"). */
export const isLengthCm = (value: string): boolean => LENGTH_PATTERN.test(value) && /[1-9]/.test(value);

/** The server's bounds (apps/server/src/modules/pickup/list-support.ts and routes): grams and millimetres are kept in ints. */
export const PARCEL_KG_MAX = 10_000;
export const SIDE_CM_MAX = 1_000;
/** A lorry-load: what the warehouse may weigh when it confirms a pick-up. */
export const BATCH_KG_MAX = 100_000;
/** A rate card's first weight and step. */
export const STEP_KG_MAX = 10_000;

/** A valid weight (isWeightKg) above `maxKg`: compared in grams, exactly. */
export const weightAbove = (value: string, maxKg: number): boolean => toMinor(value, 3) > BigInt(maxKg) * 1000n;
/** A valid length (isLengthCm) above `maxCm`: compared in millimetres. */
export const lengthAbove = (value: string, maxCm: number): boolean => toMinor(value, 1) > BigInt(maxCm) * 10n;

/** A truck's plate as people write it (粤B·12345, ABC-1234), as the server takes it: at most 20 characters. */
export const PLATE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ·.-]*$/u;
export const PLATE_MAX = 20;

/** The decimals a currency's amounts may have: its minor-unit exponent (JPY and KRW none). */
export const currencyDecimals = (currency: CurrencyCode): number => CURRENCY_EXPONENTS[currency];

/**
 * An amount of the currency, 0 or more: digits with at most the currency's decimals. Without a known
 * currency, the contract's own limit of 2 decimals.
 */
export function isAmount(value: string, currency: string | undefined): boolean {
  return decimalPattern(isCurrency(currency) ? currencyDecimals(currency) : 2).test(value);
}

/** The contract's reference numbers: tracking numbers, merchant order numbers. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const REFERENCE_MAX = 64;

export const VOLUMETRIC_DIVISOR_MIN = 1000;
export const VOLUMETRIC_DIVISOR_MAX = 10_000;
export const VOLUMETRIC_DIVISOR_DEFAULT = 6000;
