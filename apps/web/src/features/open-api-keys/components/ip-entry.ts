/*
 * The form's check of an IP allow-list entry, said before the server has to (the server checks again
 * with node:net and names the wrong entry the same way).
 */

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isV6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1) ?? '';
  const tail = V4.test(last) ? 2 : 0;
  const hex = tail ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  const count = hex.length + tail;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether a line is an IPv4 or IPv6 address or CIDR range. */
export function isIpEntry(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const family = V4.test(address) ? 4 : isV6(address) ? 6 : 0;
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^(0|[1-9]\d{0,2})$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The textarea's lines: trimmed, blank ones dropped. */
export const ipLines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
