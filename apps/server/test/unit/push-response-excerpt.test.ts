import { describe, expect, it } from 'vitest';
import { RESPONSE_EXCERPT_CHARS, responseExcerpt } from '../../src/modules/push/delivery/model.ts';

/* What a delivery attempt keeps of a receiver's answer: a short line of text, nothing else. */
describe("a receiver's answer in the delivery log", () => {
  it('keeps the start of a text answer on one line, without control characters', () => {
    expect(responseExcerpt(Buffer.from('{"error":\n  "database down"}\r\n\u0007'), 'application/json; charset=utf-8')).toBe('{"error": "database down"}');
    expect(responseExcerpt(Buffer.from('plain'), undefined)).toBe('plain');
    expect(responseExcerpt(Buffer.from('x'.repeat(5000)), 'text/html')).toHaveLength(RESPONSE_EXCERPT_CHARS);
    expect(RESPONSE_EXCERPT_CHARS).toBeLessThanOrEqual(200);
  });

  it('keeps nothing of an answer that is not text', () => {
    expect(responseExcerpt(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')).toBe('');
    expect(responseExcerpt(Buffer.from('PK'), 'application/zip')).toBe('');
    expect(responseExcerpt(Buffer.from('secret'), 'application/octet-stream')).toBe('');
  });
});
