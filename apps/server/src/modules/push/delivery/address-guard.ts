import { BlockList, isIP } from 'node:net';

/*
 * Where a delivery may not go unless the deployment allows private targets (PUSH_ALLOW_PRIVATE_TARGETS):
 * the server's own network. A merchant's URL pointing there would let anyone with an API key probe it
 * (SSRF), the cloud metadata service at 169.254.169.254 first of all. Checked on the address the name
 * resolves to at send time, and the connection goes to that very address (sender.ts).
 */

const v4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  v4.addSubnet(network, prefix, 'ipv4');
}

const v6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, the old IPv4-compatible forms
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const) {
  v6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with an IPv4 tail turned into two groups). */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const bytes = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16)}:${(((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(groups: number[]): string | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const mapped = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff;
  const nat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
  return mapped || nat64 ? `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}` : null;
}

/** True for an address of the server's own networks (or one that is not an address at all). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return v4.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = groupsOf(address);
  if (!groups) return true;
  const inner = embeddedIpv4(groups);
  if (inner) return v4.check(inner, 'ipv4');
  return v6.check(address.replace(/%.*$/, ''), 'ipv6');
}
