import { describe, expect, test } from 'vitest';
import { chargeableGrams, freightFor, priceShipment, volumetricGrams } from '../../../src/modules/freight/model.ts';

// 0.5 kg for 30.00, then each 0.5 kg begun for 8.00 (minor units)
const rate = { firstWeight: 500, firstPrice: 3000n, stepWeight: 500, stepPrice: 800n, volumetricDivisor: 6000 };

describe('freight', () => {
  test('volumetric weight is L x W x H / 6000 in kg, rounded up to the gram', () => {
    // 40 x 30 x 20 cm = 24,000 cm³ / 6000 = 4 kg
    expect(volumetricGrams({ length: 400, width: 300, height: 200 }, 6000)).toBe(4000);
    // 10.1 x 10 x 10 cm = 1010 cm³ / 6000 = 0.16833 kg -> 169 g
    expect(volumetricGrams({ length: 101, width: 100, height: 100 }, 6000)).toBe(169);
  });

  test('the greater of actual and volumetric weight is charged', () => {
    expect(chargeableGrams(1200, { length: 400, width: 300, height: 200 }, 6000)).toBe(4000);
    expect(chargeableGrams(5000, { length: 400, width: 300, height: 200 }, 6000)).toBe(5000);
    expect(chargeableGrams(1200, null, 6000)).toBe(1200);
  });

  test('first step, then every further step begun', () => {
    expect(freightFor(rate, 1)).toBe(3000n);
    expect(freightFor(rate, 500)).toBe(3000n);
    expect(freightFor(rate, 501)).toBe(3800n);
    expect(freightFor(rate, 1000)).toBe(3800n);
    expect(freightFor(rate, 1001)).toBe(4600n);
    expect(priceShipment(rate, 1200, { length: 400, width: 300, height: 200 })).toEqual({ chargeableWeight: 4000, freight: 3000n + 7n * 800n });
  });
});
