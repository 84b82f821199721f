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

/**
 * Whether an IPv6 address is one of the forms that carry an IPv4 address: IPv4-mapped (::ffff:0:0/96), NAT64
 * (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16). Through a translator they reach the IPv4
 * address inside, whichever it is, so they are never a merchant's receiver.
 */
function embedsIpv4(groups: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = groups;
  const mapped = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff;
  const nat64 = a === 0x64 && b === 0xff9b && ((c === 0 && d === 0 && e === 0 && f === 0) || c === 1);
  return mapped || nat64 || a === 0x2002;
}

/** Where the portal itself answers: loopback and "any" addresses, and the address it listens on. */
const OWN_ADDRESSES = new Set(['127.0.0.1', '::1', '0.0.0.0', '::']);

/** The deployment's rules on targets: private networks allowed or not, and the portal's own listening address. */
export type TargetRules = { allowPrivateTargets: boolean; own: { host: string; port: number } };

/**
 * Why a delivery may not go to `address` on `port`, or null: not an address, an IPv6 form carrying an IPv4
 * address (always), the portal's own listening address (always), the server's own networks (unless the
 * deployment allows private targets).
 */
export function targetRefusal(address: string, port: number, rules: TargetRules): 'not-an-address' | 'embedded-ipv4' | 'own-address' | 'private' | null {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not-an-address';
  if (family === 6) {
    const groups = groupsOf(bare);
    if (!groups) return 'not-an-address';
    if (embedsIpv4(groups)) return 'embedded-ipv4';
  }
  if (port === rules.own.port && (bare === rules.own.host || OWN_ADDRESSES.has(bare) || (family === 4 && bare.startsWith('127.')))) return 'own-address';
  if (rules.allowPrivateTargets) return null;
  return isBlockedAddress(bare) ? 'private' : null;
}

/** True for an address of the server's own networks (or one that is not an address at all). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return v4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const groups = groupsOf(bare);
  if (!groups || embedsIpv4(groups)) return true;
  return v6.check(bare, 'ipv6');
}
