import { describe, expect, it } from 'vitest';
import { PASTE_MAX } from '@portal/shared/product-schemas';
import { parseProductLink } from '../../../src/modules/purchase/link/parse.ts';
import { LINK_CORPUS } from './link-corpus.ts';

describe('link parsing (the corpus)', () => {
  it('holds every shape in use, positive and negative, each once', () => {
    expect(LINK_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(LINK_CORPUS.map((c) => c.name)).size).toBe(LINK_CORPUS.length);
    const kinds = new Set(LINK_CORPUS.map((c) => c.expect.kind));
    expect([...kinds].sort()).toEqual(['item', 'none', 'share-code']);
  });

  it.each(LINK_CORPUS.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(parseProductLink(c.text)).toEqual(c.expect);
  });

  it('is deterministic and reads only the first PASTE_MAX characters', () => {
    const link = 'https://item.taobao.com/item.htm?id=640123456789';
    expect(parseProductLink(link)).toEqual(parseProductLink(link));
    expect(parseProductLink(`${' '.repeat(PASTE_MAX - 10)}${link}`)).toEqual({ kind: 'none' });
    expect(parseProductLink(`${' '.repeat(PASTE_MAX - link.length)}${link}`)).toMatchObject({ kind: 'item', itemId: '640123456789' });
  });

  it('stays fast on hostile input (no catastrophic backtracking)', () => {
    // measured as work done, not time: each of these must simply return
    for (const text of ['a'.repeat(PASTE_MAX), 'a.'.repeat(PASTE_MAX / 2), '('.repeat(PASTE_MAX), `${'¥Ab1'.repeat(500)}`, 'https://'.repeat(250)]) {
      expect(parseProductLink(text).kind).toBeTypeOf('string');
    }
  });
});
