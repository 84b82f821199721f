import { describe, expect, it } from 'vitest';
import { checkAmount, isRate, reconcile, toUnits } from './decimal.ts';
import { exportQuery, listBody } from './list-body.ts';

describe('finance decimals on the web side', () => {
  it('reads decimal strings as exact units and refuses what is not one', () => {
    expect(toUnits('-12.5', 2)).toBe(-1250n);
    expect(toUnits('90071992547409.93', 2)).toBe(9007199254740993n);
    expect(toUnits('1.234', 2)).toBeNull();
    expect(toUnits('1e3', 2)).toBeNull();
  });

  it('checks amounts against the currency: JPY whole, others at most 2 decimals, always above 0', () => {
    expect(checkAmount('1200', 'JPY')).toBe('ok');
    expect(checkAmount('1200.00', 'JPY')).toBe('ok');
    expect(checkAmount('1200.5', 'JPY')).toBe('tooManyDecimals');
    expect(checkAmount('12.345', 'USD')).toBe('invalid');
    expect(checkAmount('0.00', 'USD')).toBe('invalid');
    expect(checkAmount('-5', 'USD')).toBe('invalid');
    expect(checkAmount('0.01', 'USD')).toBe('ok');
  });

  it('takes rates with up to 10 decimals, never 11, never 0', () => {
    expect(isRate('7.1234567890')).toBe(true);
    expect(isRate('7.12345678901')).toBe(false);
    expect(isRate('0.0000000000')).toBe(false);
    expect(isRate('1,5')).toBe(false);
  });

  it('reconciles a statement exactly, whichever sign money out comes with', () => {
    // one amount beyond a double's exact integers: a float sum would be off by one
    const big = { opening: '90071992547409.93', credits: '0.01', debits: '0.00', closing: '90071992547409.94' };
    expect(reconcile(big)).toMatchObject({ reconciled: true, computed: '90071992547409.94' });
    expect(reconcile({ opening: '100', credits: '50.5', debits: '-20.25', closing: '130.25' })).toMatchObject({ reconciled: true, computed: '130.25' });
    expect(reconcile({ opening: '100', credits: '50.5', debits: '20.25', closing: '130.25' })).toMatchObject({ reconciled: true });
    expect(reconcile({ opening: '100', credits: '50.5', debits: '20.25', closing: '130.26' })).toMatchObject({ reconciled: false, computed: '130.25' });
    expect(reconcile({ opening: '0', credits: '10', debits: '-4', closing: '6' }, ['10', '-3'])).toMatchObject({ reconciled: true, linesMatch: false, linesNet: '7' });
    expect(reconcile({ opening: 'x', credits: '0', debits: '0', closing: '0' })).toBeNull();
  });
});

describe('finance list bodies', () => {
  it('sends the toolkit’s page and filters as the POST body, numbers as numbers, no sort column', () => {
    expect(listBody({ pageNo: 2, pageSize: 20, column: 'createdAt', order: 'desc', tenantId: '12', rechargeNo: 'RC1', currency: '' }, { status: 'SUBMITTED' })).toEqual({
      pageNo: 2,
      pageSize: 20,
      order: 'desc',
      tenantId: 12,
      rechargeNo: 'RC1',
      status: 'SUBMITTED',
    });
    expect(listBody({ pageNo: 1, pageSize: 10, tenantId: 'abc' })).toEqual({ pageNo: 1, pageSize: 10 });
    expect(listBody({ pageNo: 1, pageSize: 10 }, { status: undefined })).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('exports the same filters without the page', () => {
    const query = exportQuery({ pageNo: 3, pageSize: 50, order: 'asc', tenantId: 4, kind: 'REFUND' }, { status: 'APPROVED' });
    expect(query).toMatchObject({ tenantId: 4, kind: 'REFUND', status: 'APPROVED' });
    expect(Object.keys(query).filter((name) => ['pageNo', 'pageSize', 'order'].includes(name))).toEqual([]);
  });
});
