/*
 * The username and phone rules, free of zod so that the web imports them as they are (like
 * password-rule.ts): the registration, the user form and the server judge by the same patterns.
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;

/** Mainland China, Taiwan, Hong Kong / Macau, or international with its country code. */
const PHONE_PATTERNS = [/^1[3-9]\d{9}$/, /^09\d{8}$/, /^[2-9]\d{7}$/, /^\+[1-9]\d{6,14}$/];

/**
 * The canonical form of a phone number, or null when it is not one we accept. Spaces and dashes are
 * removed; +86 (mainland) and +886 (Taiwan) numbers are written in their local form, so that one
 * phone has one spelling. Hong Kong / Macau numbers are kept as typed (8 digits or +852/+853...).
 */
export function normalisePhone(input: string): string | null {
  let phone = input.replace(/[\s-]/g, '');
  if (/^\+861[3-9]\d{9}$/.test(phone)) phone = phone.slice(3);
  else if (/^\+8869\d{8}$/.test(phone)) phone = `0${phone.slice(4)}`;
  return PHONE_PATTERNS.some((pattern) => pattern.test(phone)) ? phone : null;
}

/** Whether the server accepts this as a phone number. */
export const isPhone = (input: string): boolean => normalisePhone(input) !== null;
