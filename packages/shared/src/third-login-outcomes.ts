/*
 * What the single sign-on callback tells the login page (docs/decisions/0020-single-sign-on.md). No zod here:
 * the login page imports it, and a module that builds schemas brings all of zod and the message catalogue
 * with it (third-login.ts holds the schemas and re-exports these).
 */

/**
 * What the callback tells the login page when it cannot sign the browser in (`/user/login?thirdError=`):
 * pending (waits for an administrator), rejected, failed (the provider or the exchange failed, a stale or
 * forged state), unavailable (the provider cannot be reached or is not configured).
 */
export const THIRD_LOGIN_ERRORS = ['pending', 'rejected', 'failed', 'unavailable'] as const;
export type ThirdLoginError = (typeof THIRD_LOGIN_ERRORS)[number];
