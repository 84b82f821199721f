/*
 * The password rule every form and the server share. Without zod, so that the web bundles it: a form
 * shows the rule before the user types and checks it before sending; the server stays the judge.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** 8 to 64 characters with at least one letter and one digit. */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && /[A-Za-z]/.test(password) && /\d/.test(password);
}
