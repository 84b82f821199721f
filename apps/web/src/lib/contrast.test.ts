import { describe, expect, it } from 'vitest';
import { contrast, readableFill, readableText } from './contrast.ts';

/** The settings drawer's eight presets (spec §2). */
const PRESETS = ['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#1890FF', '#2F54EB', '#722ED1'];

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
  it('gives every preset fills that white text reads on, in every state, and keeps a fill that already reads', () => {
    for (const preset of PRESETS) {
      const { fill, hover, active } = readableFill(preset);
      for (const state of [fill, hover, active]) expect(contrast('#ffffff', state), `${preset} ${state}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast('#ffffff', '#1890ff')).toBeLessThan(4.5);
    expect(readableFill('#722ED1').fill).toBe('#722ed1');
  });
});
