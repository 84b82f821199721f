import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { PUSH_SECRET_PREFIX } from '@portal/shared/open-api';
import { isBlockedAddress } from '../delivery/address-guard.ts';

/*
 * The pure parts of an endpoint (decision 0029): its signing secret and the address rules that need no
 * network. The address a host name resolves to is checked at send time by the delivery (modules/push/delivery).
 */

/** Standard Webhooks: "whsec_" and base64 of 32 random bytes. */
export const newPushSecret = () => PUSH_SECRET_PREFIX + randomBytes(32).toString('base64');

/** The secret-box slot of an endpoint's secrets (current and previous): a value copied to another endpoint does not decrypt. */
export const pushSecretSlot = (endpointId: number) => `push:${endpointId}`;

/** The host of an http(s) URL as the WHATWG parser reads it (brackets of IPv6 removed), or null when it does not parse. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

/** "localhost" and its subdomains are the loopback address, whatever a resolver would say. */
export function literalAddressOf(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return '127.0.0.1';
  return isIP(name) === 0 ? null : name;
}

/** Whether a host is, literally, an address no merchant's receiver should be at (or "localhost"). */
export function isPrivateHost(host: string): boolean {
  const address = literalAddressOf(host);
  return address !== null && isBlockedAddress(address);
}

/** The port an http(s) URL reaches. */
export function portOf(url: string): number {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
}
