import { describe, expect, it } from 'vitest';
import { currentOrgCode, passwordProblem, phoneProblem, usernameProblem } from './user-form-rules.ts';

describe('the user form rules', () => {
  it('names the problem, and leaves an empty value to the required rule', () => {
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem('ab')).toBe('usernameInvalid');
    expect(phoneProblem('0912 000 001')).toBeNull();
    expect(phoneProblem('12345')).toBe('phoneInvalid');
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
