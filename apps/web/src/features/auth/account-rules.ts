/**
 * The server's rules for the public account forms, checked before sending so the user hears at once
 * what is wrong. They repeat packages/shared/src/sys.ts (USERNAME_PATTERN, normalisePhone) because
 * the web must not bundle zod, which sys.ts imports; account-rules.test.ts keeps the copies in step.
 * The password rule is shared as it is (packages/shared/src/password-rule.ts). The server stays the judge.
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;

/** Mainland China, Taiwan, Hong Kong / Macau, or international with its country code. */
const PHONE_PATTERNS = [/^1[3-9]\d{9}$/, /^09\d{8}$/, /^[2-9]\d{7}$/, /^\+[1-9]\d{6,14}$/];

/** Whether the server accepts this as a phone number (spaces and dashes are ignored, +86 / +886 read as local). */
export function isPhone(input: string): boolean {
  let phone = input.replace(/[\s-]/g, '');
  if (/^\+861[3-9]\d{9}$/.test(phone)) phone = phone.slice(3);
  else if (/^\+8869\d{8}$/.test(phone)) phone = `0${phone.slice(4)}`;
  return PHONE_PATTERNS.some((pattern) => pattern.test(phone));
}

/** The SMS codes the server sends have 6 digits. */
export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Where to go after signing in: the redirect query if it is a page of this portal (never another site, never back to a public page). */
export function safeRedirect(value: string | null, home: string, origin: string = window.location.origin): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return home;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return home;
  }
  if (url.origin !== origin || url.pathname.startsWith('/user/') || url.pathname === '/user') return home;
  return url.pathname + url.search + url.hash;
}
