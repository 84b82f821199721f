import { describe, expect, it } from 'vitest';
import { contrast, readableText } from './contrast.ts';

describe('contrast', () => {
  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('#1890ff', '#ffffff')).toBeCloseTo(3.24, 1);
  });
  it('darkens a colour until it reads on every background, and keeps one that already does', () => {
    const text = readableText('#1890FF', ['#ffffff', '#e6f7ff']);
    expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, '#e6f7ff')).toBeGreaterThanOrEqual(4.5);
    expect(readableText('#003a8c', ['#ffffff'])).toBe('#003a8c');
  });
});
