import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache.ts';
import { isStrongPassword } from '@portal/shared/password-rule';
import { findDuplicateTarget } from '../../src/modules/check/repository.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets entries after their time', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string, number>(1000);
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its bound by dropping the oldest entry', () => {
    const cache = new TtlCache<number, number>(60_000, 3);
    for (let i = 0; i < 5; i++) cache.set(i, i);
    expect([0, 1, 2, 3, 4].map((i) => cache.get(i))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('deletes by predicate', () => {
    const cache = new TtlCache<string, number>(60_000);
    cache.set('1:0', 1);
    cache.set('1:1', 2);
    cache.set('2:1', 3);
    cache.deleteWhere((key) => key.startsWith('1:'));
    expect([cache.get('1:0'), cache.get('1:1'), cache.get('2:1')]).toEqual([undefined, undefined, 3]);
  });
});

describe('password policy', () => {
  it.each([
    ['Portal#2026', true],
    ['abcdefg1', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['a1', false],
    [`a1${'x'.repeat(63)}`, false],
  ])('%s -> %s', (password, strong) => expect(isStrongPassword(password)).toBe(strong));
});

describe('duplicate-check allow-list', () => {
  it('knows listed pairs in both spellings and nothing else', () => {
    expect(findDuplicateTarget('sys_role', 'roleCode')).toBe(findDuplicateTarget('sys_role', 'role_code'));
    expect(findDuplicateTarget('sys_user', 'username')).toBeDefined();
    expect(findDuplicateTarget('sys_user', 'password_hash')).toBeUndefined();
    expect(findDuplicateTarget('sys_user', 'constructor')).toBeUndefined();
    expect(findDuplicateTarget('__proto__', 'x')).toBeUndefined();
  });
});
