import { describe, expect, it } from 'vitest';
import { envelope, immutable, serialize } from '../../src/lib/envelope.ts';

describe('serialize', () => {
  it('splices the JSON of an immutable result exactly as JSON.stringify would write the envelope', () => {
    const result = immutable({ menu: [{ path: '/a', title: '引號 "quoted" \u2028' }], n: 1 });
    const answer = envelope(result, 'message with "quotes" 和中文');
    expect(serialize(answer).toString()).toBe(JSON.stringify(answer));
    const failure = envelope(result, 'x', false, 409);
    expect(serialize(failure).toString()).toBe(JSON.stringify(failure));
  });

  it('shares one assembled answer within a millisecond, and only between answers written alike', () => {
    const result = immutable({ menu: [{ path: '/b' }] });
    const at = (timestamp: number, message = 'ok') => ({ ...envelope(result, message), timestamp });
    const first = serialize(at(1_764_480_000_000));
    expect(serialize(at(1_764_480_000_000))).toBe(first);
    for (const other of [at(1_764_480_000_001), at(1_764_480_000_000, '成功')]) {
      const answer = serialize(other);
      expect(answer).not.toBe(first);
      expect(answer.toString()).toBe(JSON.stringify(other));
    }
    expect(first.toString()).toBe(JSON.stringify(at(1_764_480_000_000)));
  });

  it('serialises ordinary values as they are', () => {
    for (const value of [envelope(null, 'ok'), envelope([1, 2], 'ok'), { hello: 'world' }, [1], 'text']) {
      expect(serialize(value)).toBe(JSON.stringify(value));
    }
  });
});
