import { describe, expect, it } from 'vitest';
import { isStrongPassword } from '@portal/shared/password-rule';
import { isPhone, safeRedirect, SMS_CODE_PATTERN, USERNAME_PATTERN } from './account-rules.ts';

const ORIGIN = 'https://portal.example.com';
const HOME = '/dashboard/analysis';

describe('account rules (the shared ones the server judges by)', () => {
  it('accepts the same usernames', () => {
    for (const ok of ['merchant', 'ab_1', 'A'.repeat(32)]) expect(USERNAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['abc', 'A'.repeat(33), 'has space', '名字名字', 'a-b-c']) expect(USERNAME_PATTERN.test(bad), bad).toBe(false);
  });

  it('accepts the same phone numbers', () => {
    for (const phone of ['0912000001', '0912 000 001', '+886912000001', '13800138000', '+8613800138000', '91234567', '+85291234567', '+14155550123']) {
      expect(isPhone(phone), phone).toBe(true);
    }
    for (const phone of ['', '12345', '0812000001', '+0123456789', '1380013800', 'phone']) expect(isPhone(phone), phone).toBe(false);
  });

  it('wants 8 to 64 characters with letters and digits in a password', () => {
    expect(isStrongPassword('Portal#2026')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdef1')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword(`a1${'x'.repeat(62)}`)).toBe(true);
    expect(isStrongPassword(`a1${'x'.repeat(63)}`)).toBe(false);
  });

  it('takes 6-digit SMS codes', () => {
    expect(SMS_CODE_PATTERN.test('012345')).toBe(true);
    expect(SMS_CODE_PATTERN.test('12345')).toBe(false);
    expect(SMS_CODE_PATTERN.test('12345a')).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('goes back to a page of the portal, query and hash included', () => {
    expect(safeRedirect('/system/user?tab=1#top', HOME, ORIGIN)).toBe('/system/user?tab=1#top');
    expect(safeRedirect('/dashboard/analysis', HOME, ORIGIN)).toBe('/dashboard/analysis');
  });

  it('never leaves the site and never goes back to a public page', () => {
    for (const value of [null, '', 'https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', '/\t/evil.example.com', 'javascript:alert(1)', 'dashboard', '/user/login', '/user/register', '/user']) {
      expect(safeRedirect(value, HOME, ORIGIN), String(value)).toBe(HOME);
    }
  });
});
