import { randomBytes } from 'node:crypto';
import { VOUCHER_TYPES, type VoucherType } from '@portal/shared/finance';
import { CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';

/*
 * The pure part of recharges: what a bank voucher may be, judged by its bytes (a name or a declared type
 * is the sender's claim), the names it is kept and shown under; and the arithmetic of a conversion.
 */

const startsWith = (content: Buffer, bytes: number[], at = 0) => content.length >= at + bytes.length && bytes.every((byte, index) => content[at + index] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the content's magic bytes show, or null for anything else (an empty file too). */
export function voucherTypeOf(content: Buffer): VoucherType | null {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(content, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** A random name with the extension of the type: what the file is stored and downloaded under. */
export const storedNameOf = (type: VoucherType) => `${randomBytes(16).toString('hex')}.${VOUCHER_TYPES[type]}`;

/** The uploader's name for display only: its last path part, without control characters, at most 200 characters. */
export function displayNameOf(filename: string | undefined, fallback: string): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // characters, not UTF-16 units: a cut never splits a surrogate pair (the column counts characters)
  return Array.from(clean).slice(0, 200).join('') || fallback;
}

/** `minor` of `from` converted at `rate` into minor units of `to`, half to even. */
export const converted = (minor: bigint, from: CurrencyCode, to: CurrencyCode, rate: string): bigint => convertMinor(minor, CURRENCY_EXPONENTS[from], CURRENCY_EXPONENTS[to], rate).amount;
