/**
 * The server's rules for the public account forms, checked before sending so the user hears at once
 * what is wrong: the shared zod-free rules (packages/shared/src/account-rule.ts, password-rule.ts).
 * The server stays the judge.
 */
export { isPhone, USERNAME_PATTERN } from '@portal/shared/account-rule';

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
