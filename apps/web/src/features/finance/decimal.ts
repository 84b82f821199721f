import { CURRENCY_EXPONENTS, type CurrencyCode } from '@portal/shared/money';
import { RATE_SCALE } from '@portal/shared/finance';

/**
 * Money and rates stay decimal strings on this side too (DESIGN §3): checked with patterns, added and
 * compared as BigInt at a common scale, and turned into text only by lib/format.ts.
 */

const SIGNED = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** The number of decimals a decimal string carries ("12.50" -> 2), or null when it is not one. */
export function scaleOf(value: string): number | null {
  const match = SIGNED.exec(value.trim());
  return match ? (match[3] ?? '').length : null;
}

/** "-12.5" at scale 2 -> -1250n; null when it is not a decimal or has more decimals than `scale`. */
export function toUnits(value: string, scale: number): bigint | null {
  const match = SIGNED.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

/** Units back to a decimal string with `scale` decimals. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The scale at which every one of these decimals is exact, or null if one is not a decimal. */
export function commonScale(values: readonly string[]): number | null {
  let scale = 0;
  for (const value of values) {
    const own = scaleOf(value);
    if (own === null) return null;
    scale = Math.max(scale, own);
  }
  return scale;
}

/** A positive amount the currency can hold: at most its decimals (JPY none), at most 15 whole digits. */
export type AmountCheck = 'ok' | 'invalid' | 'tooManyDecimals';
export function checkAmount(value: string, currency: CurrencyCode | undefined): AmountCheck {
  const text = value.trim();
  if (!/^\d{1,15}(\.\d+)?$/.test(text) || !/[1-9]/.test(text)) return 'invalid';
  const decimals = (text.split('.')[1] ?? '').length;
  if (decimals > 2) return 'invalid';
  if (currency && decimals > CURRENCY_EXPONENTS[currency] && /[1-9]/.test(text.split('.')[1] ?? '')) return 'tooManyDecimals';
  return 'ok';
}

/** A positive rate as the contract takes it: up to 14 whole digits and RATE_SCALE decimals. */
const RATE = new RegExp(`^\\d{1,14}(\\.\\d{1,${RATE_SCALE}})?$`);
export const isRate = (value: string): boolean => RATE.test(value.trim()) && /[1-9]/.test(value);

/**
 * A statement's check: opening + money in − money out = closing, exact. Money out may come signed
 * ("-300.00") or as a positive figure; either way it is taken out. The movements, when given, must add
 * up to money in − money out as well.
 */
export type Reconciliation = { computed: string; reconciled: boolean; linesNet: string | null; linesMatch: boolean };
export function reconcile(figures: { opening: string; credits: string; debits: string; closing: string }, lineAmounts?: readonly string[]): Reconciliation | null {
  const all = [figures.opening, figures.credits, figures.debits, figures.closing, ...(lineAmounts ?? [])];
  const scale = commonScale(all);
  if (scale === null) return null;
  const units = (value: string) => toUnits(value, scale) ?? 0n;
  const out = units(figures.debits);
  const net = units(figures.credits) - (out < 0n ? -out : out);
  const computed = units(figures.opening) + net;
  const linesSum = lineAmounts ? lineAmounts.reduce((sum, amount) => sum + units(amount), 0n) : null;
  return {
    computed: fromUnits(computed, scale),
    reconciled: computed === units(figures.closing),
    linesNet: linesSum === null ? null : fromUnits(linesSum, scale),
    linesMatch: linesSum === null || linesSum === net,
  };
}

/** The absolute value of a decimal string, as text ("-300.00" -> "300.00"). */
export const absDecimal = (value: string): string => value.trim().replace(/^[+-]/, '');
