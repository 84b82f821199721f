import type { PurchasePlatform } from '@portal/shared/purchase';
import type { ProductDetail } from '../platform/types.ts';

/*
 * The demo catalogue's pictures, drawn here (DESIGN §6: no image enters or leaves the machine): a tile
 * coloured by the item id with the first characters of the product's kind, so that results tell apart
 * at a glance and the same item always looks the same.
 */

/** FNV-1a: a stable number from the item id. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The demo titles read "<adjective> <adjective> <kind> <english kind>": the kind is the third word. */
export function kindOf(title: string): string {
  const words = title.split(' ');
  return words[2] ?? words[0] ?? '';
}

export function demoImageSvg(product: Pick<ProductDetail, 'itemId' | 'title' | 'platform'>): string {
  const seed = hash(product.itemId);
  const hue = seed % 360;
  const label = escapeXml([...kindOf(product.title)].slice(0, 2).join(''));
  const badge: Record<PurchasePlatform, string> = { TAOBAO: 'TAOBAO', '1688': '1688' };
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">',
    `<rect width="240" height="240" fill="hsl(${hue},55%,88%)"/>`,
    `<circle cx="120" cy="108" r="${56 + (seed % 17)}" fill="hsl(${hue},60%,62%)"/>`,
    `<text x="120" y="126" font-family="sans-serif" font-size="48" font-weight="bold" text-anchor="middle" fill="#fff">${label}</text>`,
    `<text x="120" y="214" font-family="sans-serif" font-size="14" text-anchor="middle" fill="hsl(${hue},40%,30%)">DEMO ${badge[product.platform]} ${escapeXml(product.itemId.slice(-6))}</text>`,
    '</svg>',
  ].join('');
}
