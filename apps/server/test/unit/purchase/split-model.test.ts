import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, defaultSplit, planSplit, type SplitLine } from '../../../src/modules/purchase/queue/model.ts';

/* Sharing a pre-order into purchase orders (modules/purchase/queue/model.ts). */

const line = (id: number, sellerId: string, quantity: number, unitPrice = 1000n, expressFee = 0n): SplitLine => ({ id, lineNo: id, title: `L${id}`, sellerId, storeName: sellerId, unitPrice, expressFee, quantity });

describe('apportion', () => {
  it('shares exactly, whatever the weights', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 8 }), (total, weights) => {
        const shares = apportion(total, weights);
        expect(shares).toHaveLength(weights.length);
        expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(total);
        expect(shares.every((share) => share >= 0n)).toBe(true);
      }),
    );
  });

  it('follows the weights, the remainder to the last', () => {
    expect(apportion(1000n, [1n, 1n, 1n])).toEqual([333n, 333n, 334n]);
    expect(apportion(1800n, [800n, 1000n])).toEqual([800n, 1000n]);
    expect(apportion(10n, [0n, 0n])).toEqual([5n, 5n]);
  });
});

describe('planSplit', () => {
  const lines = [line(1, 'A', 2, 1990n, 800n), line(2, 'B', 1, 4550n, 1000n), line(3, 'A', 3, 350n, 600n)];

  it('makes one order per seller by default, the express fee shared exactly', () => {
    const plan = planSplit(lines, 1800n, defaultSplit(lines));
    expect(Array.isArray(plan) && plan.map((order) => [order.sellerId, order.purchaseAmount, order.estimatedExpressFee])).toEqual([
      ['A', 5030n, 800n],
      ['B', 4550n, 1000n],
    ]);
  });

  it('names what is wrong with a split', () => {
    expect(planSplit(lines, 1800n, [[{ lineId: 1, quantity: 2 }], [{ lineId: 2, quantity: 1 }]])).toMatchObject({ key: 'purchasingSplitCoverage', params: { lineNo: 3, expected: 3, given: 0 } });
    expect(planSplit(lines, 1800n, [[{ lineId: 1, quantity: 2 }, { lineId: 2, quantity: 1 }, { lineId: 3, quantity: 3 }]])).toMatchObject({ key: 'purchasingSplitMixedSellers' });
    expect(planSplit(lines, 1800n, [[{ lineId: 9, quantity: 1 }]])).toMatchObject({ key: 'purchasingSplitLineUnknown', params: { lineId: 9 } });
    expect(planSplit(lines, 1800n, [[{ lineId: 1, quantity: 1 }, { lineId: 1, quantity: 1 }]])).toMatchObject({ key: 'purchasingSplitLineRepeated' });
  });
});
