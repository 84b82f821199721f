import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { datePresetRange, ellipsis, formatBytes, formatDateTime, formatDecimal, formatMoney, formatWeight, greetingOf, signOf } from './format.ts';

describe('format', () => {
  it('reads the sign of a decimal string, 0 for what is not one', () => {
    expect([signOf('-0.01'), signOf('0.00'), signOf('+3'), signOf(null)]).toEqual([-1, 0, 1, 0]);
  });

  it.each([
    ['1234567.891', 2, '1,234,567.89'],
    ['1234567.895', 2, '1,234,567.90'],
    ['0.005', 2, '0.01'],
    ['-0.004', 2, '0.00'],
    ['-1234.5', 2, '-1,234.50'],
    ['999.9995', 3, '1,000.000'],
    ['12', 3, '12.000'],
    ['.5', 2, '0.50'],
    ['90071992547409931234.125', 2, '90,071,992,547,409,931,234.13'],
    ['abc', 2, 'abc'],
  ])('formatDecimal(%s, %i) = %s', (value, decimals, expected) => {
    expect(formatDecimal(value, decimals)).toBe(expected);
  });

  it('gives a size in bytes below 1 KB and with one decimal above, up to GB', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 * 1024), formatBytes(3 * 1024 ** 4)]).toEqual(['0 B', '1023 B', '1.5 KB', '5.0 MB', '3072.0 GB']);
  });

  it('formats money with 2 and weight with 3 decimals', () => {
    expect(formatMoney('100')).toBe('100.00');
    expect(formatWeight('1.2345')).toBe('1.235');
    expect(formatMoney(null)).toBe('');
  });

  it('formats dates as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 9, 5, 7))).toBe('2026-11-21 09:05:07');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('cuts at 25 characters by default, counting Chinese characters as one', () => {
    expect(ellipsis('國'.repeat(25))).toBe('國'.repeat(25));
    expect(ellipsis('國'.repeat(26))).toBe(`${'國'.repeat(25)}...`);
  });

  it('gives date presets from 00:00:00 to 23:59:59', () => {
    const now = dayjs('2026-03-15T10:00:00');
    const fmt = ([a, b]: [dayjs.Dayjs, dayjs.Dayjs]) => [a.format('YYYY-MM-DD HH:mm:ss'), b.format('YYYY-MM-DD HH:mm:ss')];
    expect(fmt(datePresetRange('today', now))).toEqual(['2026-03-15 00:00:00', '2026-03-15 23:59:59']);
    expect(fmt(datePresetRange('yesterday', now))).toEqual(['2026-03-14 00:00:00', '2026-03-14 23:59:59']);
    expect(fmt(datePresetRange('thisMonth', now))).toEqual(['2026-03-01 00:00:00', '2026-03-31 23:59:59']);
    expect(fmt(datePresetRange('lastMonth', now))).toEqual(['2026-02-01 00:00:00', '2026-02-28 23:59:59']);
  });

  it('greets by the hour as the spec says', () => {
    expect([0, 8, 9, 11, 12, 13, 14, 19, 20, 23].map(greetingOf)).toEqual(['morning', 'morning', 'forenoon', 'forenoon', 'noon', 'noon', 'afternoon', 'afternoon', 'evening', 'evening']);
  });
});
