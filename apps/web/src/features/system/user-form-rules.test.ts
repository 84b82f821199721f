import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// a test may import the server's rules themselves (the bundle may not: they come with zod)
import { normalisePhone, USERNAME_PATTERN as SERVER_USERNAME_PATTERN } from '@portal/shared/sys';
import { currentOrgCode, isPhone, passwordProblem, USERNAME_PATTERN, usernameProblem } from './user-form-rules.ts';

describe('the user form rules, the same as the server', () => {
  it('takes the usernames and phone numbers the server takes', () => {
    expect(USERNAME_PATTERN.source).toBe(SERVER_USERNAME_PATTERN.source);
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (text) => isPhone(text) === (normalisePhone(text) !== null)));
    for (const phone of ['0912 000 001', '+886912000001', '13800138000', '91234567']) expect(isPhone(phone), phone).toBe(normalisePhone(phone) !== null);
  });

  it('names the problem, and leaves an empty value to the required rule', () => {
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem('ab')).toBe('usernameInvalid');
    expect(passwordProblem('password')).toBe('passwordWeak');
    expect(passwordProblem('Welcome2026')).toBeNull();
  });

  it('keeps the current department while it is chosen, else takes the first chosen one', () => {
    const a = { orgCode: 'A01A01' };
    const b = { orgCode: 'A01A02' };
    expect(currentOrgCode([a, b], 'A01A02')).toBe('A01A02');
    expect(currentOrgCode([a], 'A01A02')).toBe('A01A01');
    expect(currentOrgCode([], 'A01A02')).toBeUndefined();
  });
});
