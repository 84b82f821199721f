import { png } from '../../../server/test/helpers/png.ts';

/*
 * What the finance journey needs besides the browser: a real image to upload as a bank voucher, and
 * money worked as the portal works it (exact cents as bigint, banker's rounding, spec §9 formatting),
 * so that the figures on screen are checked against arithmetic of the test's own.
 */

/** A blue receipt with a white band, 96 × 64. */
export const voucherPng = (): Buffer => png(96, 64, (_, y) => (y > 64 / 3 && y < 128 / 3 ? [250, 250, 250] : [22, 119, 255]));

/** "1,234.50", "-42.00", "+10.00" (as the screens show them) in cents. */
export function centsOf(text: string): bigint {
  const match = /^([+-]?)([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount with 2 decimals: "${text}"`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction);
  return sign === '-' ? -cents : cents;
}

/** Cents as the screens show them: thousands separators, 2 decimals, "-" when negative. */
export function moneyOf(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}${whole}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** `cents` of one currency at `rate` ("1 from = rate to"), half to even to the cent, as the ledger converts. */
export function convertCents(cents: bigint, rate: string): bigint {
  const [whole = '', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const product = cents * BigInt(`${whole}${fraction}`);
  const quotient = product / scale;
  const remainder = product % scale;
  if (remainder * 2n > scale || (remainder * 2n === scale && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** The month Asia/Shanghai is in now ("2026-11"): the months statements are made of. */
export function shanghaiMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}
