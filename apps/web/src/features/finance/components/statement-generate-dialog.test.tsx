import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { businessMonth, isFutureMonth } from './statement-generate-dialog.tsx';

describe('statement months are Asia/Shanghai months', () => {
  it('knows the month has turned in Shanghai before it turns in the browser', () => {
    // 30 November 17:00 UTC is 1 December 01:00 in Shanghai
    const now = new Date('2026-11-30T17:00:00Z');
    expect(businessMonth(now)).toBe('2026-12');
    expect(isFutureMonth(dayjs('2026-12-01'), now)).toBe(false);
    expect(isFutureMonth(dayjs('2027-01-01'), now)).toBe(true);
  });

  it('keeps the month until midnight in Shanghai', () => {
    const now = new Date('2026-11-30T15:59:59Z');
    expect(businessMonth(now)).toBe('2026-11');
    expect(isFutureMonth(dayjs('2026-12-01'), now)).toBe(true);
    expect(isFutureMonth(dayjs('2026-11-01'), now)).toBe(false);
  });
});
