import { isStrongPassword } from '@portal/shared/password-rule';

/*
 * The user form's checks before sending, in the server's words (modules/system/user/service.ts). The
 * username and phone patterns repeat packages/shared/src/sys.ts, which imports zod (the web must not
 * bundle it); user-form-rules.test.ts keeps them in step with the shared ones. The server stays the judge.
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;

const PHONE_PATTERNS = [/^1[3-9]\d{9}$/, /^09\d{8}$/, /^[2-9]\d{7}$/, /^\+[1-9]\d{6,14}$/];

/** Whether the server accepts this as a phone number (spaces and dashes are ignored, +86 / +886 read as local). */
export function isPhone(input: string): boolean {
  let phone = input.replace(/[\s-]/g, '');
  if (/^\+861[3-9]\d{9}$/.test(phone)) phone = phone.slice(3);
  else if (/^\+8869\d{8}$/.test(phone)) phone = `0${phone.slice(4)}`;
  return PHONE_PATTERNS.some((pattern) => pattern.test(phone));
}

export const isEmail = (input: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input);

export type UserFormProblem = 'usernameInvalid' | 'phoneInvalid' | 'emailInvalid' | 'passwordWeak';

export const usernameProblem = (value: string): UserFormProblem | null => (value === '' || USERNAME_PATTERN.test(value) ? null : 'usernameInvalid');
export const phoneProblem = (value: string): UserFormProblem | null => (value === '' || isPhone(value) ? null : 'phoneInvalid');
export const emailProblem = (value: string): UserFormProblem | null => (value === '' || isEmail(value) ? null : 'emailInvalid');
export const passwordProblem = (value: string): UserFormProblem | null => (value === '' || isStrongPassword(value) ? null : 'passwordWeak');

/** The current department: kept when still among the chosen ones, else the first chosen one's (none without departments). */
export function currentOrgCode(chosen: readonly { orgCode: string }[], current: string | undefined): string | undefined {
  if (current && chosen.some((d) => d.orgCode === current)) return current;
  return chosen[0]?.orgCode;
}
