import { describe, expect, it } from 'vitest';
import { parcelsWeightKg } from './parcel-weight-pick.tsx';

describe("an order's weight from stored parcels (the parcel report's picker)", () => {
  it('adds the weighed parcels (grams) into kilograms, leaving out the ones not weighed yet', () => {
    expect(parcelsWeightKg([{ trackingNo: 'SF1', weightGrams: '1816' }, { trackingNo: 'SF2', weightGrams: '' }, { trackingNo: 'SF3', weightGrams: '370' }])).toEqual({ kg: '2.186', count: 2 });
    expect(parcelsWeightKg([{ trackingNo: 'SF1', weightGrams: '1000' }])).toEqual({ kg: '1', count: 1 });
  });

  it('has nothing to fill when no parcel picked was weighed', () => {
    expect(parcelsWeightKg([{ trackingNo: 'SF1', weightGrams: '' }, { trackingNo: 'SF2', weightGrams: '0' }])).toBeNull();
    expect(parcelsWeightKg([])).toBeNull();
  });
});
