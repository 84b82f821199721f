import { describe, expect, it } from 'vitest';
import { exampleFreight, type RateCardDraft } from './freight-example.ts';

/** The seed's Taiwan card: 18.00 CNY the first 0.5 kg, 6.00 each further 0.5 kg begun, L x W x H / 6000. */
const CNY_CARD: RateCardDraft = { currency: 'CNY', firstWeight: '0.5', firstPrice: '18.00', stepWeight: '0.5', stepPrice: '6.00', volumetricDivisor: 6000 };
const JPY_CARD: RateCardDraft = { currency: 'JPY', firstWeight: '1', firstPrice: '1200', stepWeight: '0.5', stepPrice: '300', volumetricDivisor: 5000 };

describe('the rate card example price (the server formula, copied)', () => {
  it('charges the first price up to the first weight and a whole step for each step begun', () => {
    expect(exampleFreight(CNY_CARD, '0.3')).toEqual({ chargeableKg: '0.300', volumetricKg: null, price: '18.00' });
    expect(exampleFreight(CNY_CARD, '0.5')?.price).toBe('18.00');
    // one gram over the first weight starts a step
    expect(exampleFreight(CNY_CARD, '0.501')?.price).toBe('24.00');
    expect(exampleFreight(CNY_CARD, '1')?.price).toBe('24.00');
    expect(exampleFreight(CNY_CARD, '2.5')?.price).toBe('42.00');
  });

  it('charges the greater of actual and volumetric weight, the volume rounded up to the gram', () => {
    // 40 x 30 x 20 cm / 6000 = 4 kg: heavier than the 2.5 kg the scale shows
    expect(exampleFreight(CNY_CARD, '2.5', { length: '40', width: '30', height: '20' })).toEqual({ chargeableKg: '4.000', volumetricKg: '4.000', price: '60.00' });
    // a small box: the actual weight wins
    expect(exampleFreight(CNY_CARD, '2.5', { length: '10', width: '10', height: '10' })).toEqual({ chargeableKg: '2.500', volumetricKg: '0.167', price: '42.00' });
    // 10.1 x 10.1 x 10.1 cm = 1030.301 cm³ / 6000 = 0.171716... kg, rounded up to 0.172
    expect(exampleFreight(CNY_CARD, '0.1', { length: '10.1', width: '10.1', height: '10.1' })?.volumetricKg).toBe('0.172');
  });

  it('prices in the currency’s own decimals: JPY has none', () => {
    expect(exampleFreight(JPY_CARD, '1')?.price).toBe('1200');
    expect(exampleFreight(JPY_CARD, '2.5')?.price).toBe('2100');
  });

  it('is exact where floats are not', () => {
    // 0.07 x 3 is 0.21000000000000002 in floating point
    const card: RateCardDraft = { currency: 'USD', firstWeight: '0.001', firstPrice: '0.07', stepWeight: '0.001', stepPrice: '0.07', volumetricDivisor: 6000 };
    expect(exampleFreight(card, '0.003')?.price).toBe('0.21');
    // a large card stays exact past 2^53 minor units
    const large: RateCardDraft = { currency: 'KRW', firstWeight: '0.001', firstPrice: '999999999999999', stepWeight: '0.001', stepPrice: '999999999999999', volumetricDivisor: 6000 };
    expect(exampleFreight(large, '0.002')?.price).toBe('1999999999999998');
  });

  it('gives nothing while the card or the weight is not valid', () => {
    expect(exampleFreight({ ...JPY_CARD, firstPrice: '1200.5' }, '1')).toBeNull();
    expect(exampleFreight({ ...CNY_CARD, stepPrice: '6.005' }, '1')).toBeNull();
    expect(exampleFreight({ ...CNY_CARD, stepWeight: '0' }, '1')).toBeNull();
    expect(exampleFreight({ ...CNY_CARD, firstWeight: '' }, '1')).toBeNull();
    expect(exampleFreight({ ...CNY_CARD, volumetricDivisor: 999 }, '1')).toBeNull();
    expect(exampleFreight(CNY_CARD, '1.0001')).toBeNull();
    expect(exampleFreight(CNY_CARD, '1', { length: '40', width: '', height: '20' })).toBeNull();
  });
});
