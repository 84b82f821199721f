import { isStrongPassword } from '@portal/shared/password-rule';
import { isPhone, USERNAME_PATTERN } from '@portal/shared/account-rule';

/* The user form's checks before sending, in the server's words (modules/system/user/service.ts); the server stays the judge. */

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
