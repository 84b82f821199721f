import { describe, expect, it } from 'vitest';
import { targetsQuery } from './announcements.ts';

describe('the announcement targets queries', () => {
  it('keep a search by name apart from the names of chosen ids, even none chosen', () => {
    const keys = [targetsQuery('TENANT', {}), targetsQuery('TENANT', { keyword: '' }), targetsQuery('TENANT', { ids: [] }), targetsQuery('TENANT', { keyword: 'Demox' }), targetsQuery('TENANT', { ids: [1, 2] })].map((query) => JSON.stringify(query.queryKey));
    // no keyword and an empty keyword are the same question; the rest are each their own
    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys.slice(1)).size).toBe(4);
  });
});
