import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, API_TYPES, PUSH_TYPES } from '@portal/shared/open-api';
import { dictionarySeeds } from '../../../src/db/seed/dictionaries.ts';
import { hashApiKey, isApiKeyText, newApiKey, shownPartOf } from '../../../src/modules/open-api/key/model.ts';
import { ipAllowed, presentedKey } from '../../../src/modules/open-api/access/service.ts';

const itemsOf = (code: string) => dictionarySeeds.find((seed) => seed.code === code)?.items.map((item) => item.value);

describe('the open API contract', () => {
  it('counts exactly the operations of the dictionary ApiTypeEnum and pushes exactly the types of PushTypeEnum', () => {
    expect(itemsOf('ApiTypeEnum')).toEqual([...API_TYPES]);
    expect(itemsOf('PushTypeEnum')).toEqual([...PUSH_TYPES]);
  });

  it('makes keys that are recognisable, distinct and hashed the same way every time', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(isApiKeyText(key)).toBe(true);
      expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(shownPartOf(keys[0] ?? '')).toHaveLength(12);
    expect(isApiKeyText(`${keys[0]}x`)).toBe(false);
    expect(isApiKeyText('sk_live_0123456789012345678901234567890123456789')).toBe(false);
  });

  it('reads the key from a Bearer header only', () => {
    const key = newApiKey();
    expect(presentedKey(`Bearer ${key}`)).toBe(key);
    expect(presentedKey(`bearer ${key}`)).toBe(key);
    expect(presentedKey(key)).toBeUndefined();
    expect(presentedKey(`Basic ${key}`)).toBeUndefined();
    expect(presentedKey(undefined)).toBeUndefined();
  });

  it('checks addresses against the allow-list, v4, v6 and v4 mapped into v6', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
    expect(ipAllowed('203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('::ffff:203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('198.51.100.1', ['203.0.113.0/24', '192.0.2.7'])).toBe(false);
    expect(ipAllowed('192.0.2.7', ['203.0.113.0/24', '192.0.2.7'])).toBe(true);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
  });
});
