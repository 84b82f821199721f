import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ceilDiv, currencyFromMinor, currencyToMinor, fromMinor, gramsToKg, kgToGrams, toMinor, divideHalfEven, convertMinor, invertRate, parseRate } from '../src/money.ts';

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

describe("banker's rounding and conversions", () => {
  test.each([
    [5n, 2n, 2n], // 2.5 -> 2 (even)
    [7n, 2n, 4n], // 3.5 -> 4 (even)
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [26n, 10n, 3n], // 2.6 -> 3
    [24n, 10n, 2n],
    [25n, 10n, 2n],
    [35n, 10n, 4n],
    [0n, 3n, 0n],
  ])('divideHalfEven(%s, %s) = %s', (n, d, expected) => {
    expect(divideHalfEven(n, d)).toBe(expected);
  });

  test('converts exactly and rounds half to even in the target minor unit', () => {
    // 1000.00 TWD at 0.2283 CNY = 228.30 CNY exactly
    expect(convertMinor(100000n, 2, 2, '0.2283')).toEqual({ amount: 22830n, truncated: 22830n, exact: '22830' });
    // 10.05 CNY at 0.5 = 5.025 -> 5.02 (tie to even), truncated 5.02
    expect(convertMinor(1005n, 2, 2, '0.5')).toEqual({ amount: 502n, truncated: 502n, exact: '502.5' });
    // 10.15 CNY at 0.5 = 5.075 -> 5.08 (tie to even), truncated 5.07: rounding added one fen
    expect(convertMinor(1015n, 2, 2, '0.5')).toEqual({ amount: 508n, truncated: 507n, exact: '507.5' });
    // 100.00 CNY at 21.3456 JPY = 2134.56 JPY -> 2135 (exponent 0)
    expect(convertMinor(10000n, 2, 0, '21.3456')).toEqual({ amount: 2135n, truncated: 2134n, exact: '2134.56' });
    // 1234 JPY at 0.0468 CNY = 57.7512 CNY -> 57.75
    expect(convertMinor(1234n, 0, 2, '0.0468').amount).toBe(5775n);
  });

  test('inverts rates to 10 decimals, half to even, and refuses what is not a positive rate', () => {
    expect(invertRate('4')).toBe('0.25');
    expect(invertRate('3')).toBe('0.3333333333');
    expect(invertRate('0.2283')).toBe('4.3802014893');
    expect(invertRate('1')).toBe('1');
    expect(() => parseRate('0')).toThrow(RangeError);
    expect(() => parseRate('1.12345678901')).toThrow(RangeError);
    expect(() => parseRate('-1')).toThrow(RangeError);
    expect(() => parseRate('1e3')).toThrow(RangeError);
  });
});
