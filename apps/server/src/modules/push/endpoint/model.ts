import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { PUSH_SECRET_PREFIX } from '@portal/shared/open-api';

/*
 * The pure parts of an endpoint (decision 0029): its signing secret and the address rules that need no
 * network. The address a host name resolves to is checked at send time by the delivery (modules/push/delivery).
 */

/** Standard Webhooks: "whsec_" and base64 of 32 random bytes. */
export const newPushSecret = () => PUSH_SECRET_PREFIX + randomBytes(32).toString('base64');

/** The secret-box slot of an endpoint's secrets (current and previous): a value copied to another endpoint does not decrypt. */
export const pushSecretSlot = (endpointId: number) => `push:${endpointId}`;

// private, loopback, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The host of an http(s) URL as the WHATWG parser reads it (brackets of IPv6 removed), or null when it does not parse. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

/** Whether a host is, literally, an address no merchant's receiver should be at (or "localhost"). */
export function isPrivateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const kind = isIP(name);
  if (kind === 4) return blocked.check(name, 'ipv4');
  if (kind === 6) {
    // an IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(name);
    if (dotted?.[1]) return blocked.check(dotted[1], 'ipv4');
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(name);
    if (hex?.[1] && hex[2]) {
      const high = parseInt(hex[1], 16);
      const low = parseInt(hex[2], 16);
      return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
    }
    return blocked.check(name, 'ipv6');
  }
  return false;
}
