import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ceilDiv, currencyFromMinor, currencyToMinor, fromMinor, gramsToKg, kgToGrams, toMinor } from '../src/money.ts';

describe('exact money', () => {
  test('decimal strings to minor units and back, without floats', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('0.05', 2)).toBe(5n);
    expect(toMinor('100', 2)).toBe(10000n);
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(5, 2)).toBe('0.05');
    expect(fromMinor(-5n, 2)).toBe('-0.05');
    expect(fromMinor(7n, 0)).toBe('7');
    // 0.1 + 0.2 is exactly 0.3 here
    expect(fromMinor(toMinor('0.1', 2) + toMinor('0.2', 2), 2)).toBe('0.30');
    expect(currencyToMinor('1500', 'JPY')).toBe(1500n);
    expect(currencyFromMinor(999999999999999n, 'CNY')).toBe('9999999999999.99');
  });

  test('refuses what is not a decimal of the right scale', () => {
    for (const bad of ['', '1.234', '-1', '1e3', ' 1', '1.', '.5', 'NaN', '1,5']) expect(() => toMinor(bad, 2)).toThrow(RangeError);
    expect(() => currencyToMinor('1.5', 'JPY')).toThrow(RangeError);
  });

  test('round-trips every amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 4 }), (minor, scale) => toMinor(fromMinor(minor, scale), scale) === minor));
  });

  test('weights in grams, steps rounded up', () => {
    expect(kgToGrams('1.25')).toBe(1250);
    expect(gramsToKg(1250)).toBe('1.250');
    expect(ceilDiv(1001n, 500n)).toBe(3n);
    expect(ceilDiv(1000n, 500n)).toBe(2n);
  });
});
