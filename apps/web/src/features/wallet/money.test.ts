import { describe, expect, it } from 'vitest';
import { amountAbove, amountLess, amountProblem, amountSum, convertedAmount } from './money.ts';
import { listBodyOf, exportParamsOf } from './list-body.ts';

describe('wallet amounts', () => {
  it('checks a typed amount against the contract and the currency', () => {
    expect(amountProblem('  ', 'CNY')).toBe('required');
    expect(amountProblem('12,5', 'CNY')).toBe('format');
    expect(amountProblem('-1', 'CNY')).toBe('positive');
    expect(amountProblem('1.234', 'CNY')).toBe('scale');
    expect(amountProblem('12.5', 'JPY')).toBe('scale');
    expect(amountProblem('0.00', 'CNY')).toBe('positive');
    expect(amountProblem('-5', 'CNY')).toBe('positive');
    expect(amountProblem('-5.5x', 'CNY')).toBe('format');
    expect(amountProblem(' 1234.50 ', 'CNY')).toBeNull();
    expect(amountProblem('98000', 'JPY')).toBeNull();
  });

  it('compares, subtracts and sums exactly, whatever the decimals', () => {
    expect(amountAbove('100.01', '100')).toBe(true);
    expect(amountAbove('100.00', '100')).toBe(false);
    expect(amountAbove('0.1', '-5.00')).toBe(true);
    expect(amountLess('300.00', '120.50', 'CNY')).toBe('179.50');
    expect(amountLess('120.50', '300', 'CNY')).toBe('0.00');
    expect(amountLess('1000', '250', 'JPY')).toBe('750');
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004
    expect(amountSum(['0.10', '0.20', '1234567890123.45'], 'CNY')).toBe('1234567890123.75');
  });

  it('estimates a conversion half to even in the target currency', () => {
    expect(convertedAmount('1000', 'HKD', 'CNY', '0.9215')).toBe('921.50');
    expect(convertedAmount('0.05', 'CNY', 'USD', '0.1')).toBe('0.00');
    expect(convertedAmount('0.15', 'CNY', 'USD', '0.1')).toBe('0.02');
    expect(convertedAmount('100', 'USD', 'JPY', '151.235')).toBe('15124');
  });
});

describe('wallet list bodies', () => {
  it('sends the toolkit parameters with numeric filters as numbers, without the sort column', () => {
    expect(listBodyOf({ pageNo: 2, pageSize: 20, column: 'createdAt', order: 'asc', createdBy: '4', rechargeNo: 'RC1', transferCurrency: '' }, { status: 'DRAFT' })).toEqual({
      pageNo: 2,
      pageSize: 20,
      order: 'asc',
      createdBy: 4,
      rechargeNo: 'RC1',
      status: 'DRAFT',
    });
    expect(listBodyOf({ pageNo: 1, pageSize: 10, createdBy: 'x' }, { status: undefined })).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('exports the filters and the tab without paging', () => {
    const params = exportParamsOf({ pageNo: 3, pageSize: 10, column: 'createdAt', order: 'desc', createdBy: '4' }, { status: 'PAID' });
    expect(params).toMatchObject({ createdBy: '4', status: 'PAID' });
    expect(Object.keys(params).filter((name) => name !== 'timeZone').sort()).toEqual(['createdBy', 'status']);
  });
});
