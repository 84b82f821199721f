import { describe, expect, it } from 'vitest';
import { choose, chosenSku, initialSelection, quantityBounds, skuProperties, valueAvailable } from './sku-choice.ts';
import { SKUS } from './test/fixtures.ts';

describe('the SKU chooser rules', () => {
  it('lists the properties and their values in the order the SKUs name them', () => {
    expect(skuProperties(SKUS)).toEqual([
      { name: '颜色', values: ['白色', '黑色'] },
      { name: '尺码', values: ['S', 'M', 'L'] },
    ]);
  });

  it('offers only values some SKU in stock has with the other choices', () => {
    expect(valueAvailable(SKUS, {}, '尺码', 'S')).toBe(true);
    expect(valueAvailable(SKUS, { 颜色: '黑色' }, '尺码', 'S')).toBe(false);
    expect(valueAvailable(SKUS, { 颜色: '黑色' }, '尺码', 'L')).toBe(false);
    expect(valueAvailable(SKUS, { 颜色: '黑色' }, '尺码', 'M')).toBe(true);
    // a property's own choice does not restrict its other values
    expect(valueAvailable(SKUS, { 颜色: '黑色' }, '颜色', '白色')).toBe(true);
  });

  it('names the SKU once every property is chosen, and drops a choice that no longer fits', () => {
    expect(chosenSku(SKUS, { 颜色: '白色' })).toBeNull();
    expect(chosenSku(SKUS, { 颜色: '白色', 尺码: 'M' })?.skuId).toBe('2');
    expect(choose(SKUS, { 颜色: '白色', 尺码: 'L' }, '颜色', '黑色')).toEqual({ 颜色: '黑色' });
    expect(choose(SKUS, { 颜色: '白色', 尺码: 'M' }, '颜色', '黑色')).toEqual({ 颜色: '黑色', 尺码: 'M' });
    expect(choose(SKUS, { 颜色: '白色', 尺码: 'M' }, '尺码', null)).toEqual({ 颜色: '白色' });
  });

  it("starts from the SKU a link named, unless it is sold out", () => {
    expect(initialSelection(SKUS, '4')).toEqual({ 颜色: '黑色', 尺码: 'M' });
    expect(initialSelection(SKUS, '3')).toEqual({});
    expect(initialSelection(SKUS, null)).toEqual({});
    expect(initialSelection([SKUS[0]!], null)).toEqual({ 颜色: '白色', 尺码: 'S' });
  });

  it('bounds the quantity by the minimum order and the stock', () => {
    expect(quantityBounds(1, 10)).toEqual({ min: 1, max: 10, possible: true });
    expect(quantityBounds(5, 3)).toEqual({ min: 5, max: 3, possible: false });
    expect(quantityBounds(0, 3).min).toBe(1);
  });
});
