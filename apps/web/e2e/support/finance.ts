import { deflateSync } from 'node:zlib';

/*
 * What the finance journey needs besides the browser: a real image to upload as a bank voucher, and
 * money worked as the portal works it (exact cents as bigint, banker's rounding, spec §9 formatting),
 * so that the figures on screen are checked against arithmetic of the test's own.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small RGB PNG a browser draws (a blue receipt with a white band): Node 20 has no PNG encoder, and
 * the server judges a voucher by its bytes, so it has to be a real one.
 */
export function voucherPng(width = 96, height = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const band = y > height / 3 && y < (height * 2) / 3;
    for (let x = 0; x < width; x += 1) rows.set(band ? [250, 250, 250] : [22, 119, 255], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

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
