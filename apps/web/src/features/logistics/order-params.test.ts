import { describe, expect, it } from 'vitest';
import { activeTabOf, exportQuery, filtersOnly, statusOf, toOrderQuery } from './order-params.ts';
import { serverFieldOf } from './server-field.ts';

describe('order list parameters', () => {
  it('names the date ranges as the contract does and drops empty values', () => {
    const params = { pageNo: 2, pageSize: 20, column: 'createdAt', order: 'desc' as const, orderNo: 'LO26', status: '', created_begin: '2026-03-01T00:00:00+08:00', created_end: '2026-03-31T23:59:59+08:00', statusUpdated_begin: 'a', statusUpdated_end: 'b' };
    expect(toOrderQuery(params)).toEqual({ pageNo: 2, pageSize: 20, column: 'createdAt', order: 'desc', orderNo: 'LO26', createdFrom: '2026-03-01T00:00:00+08:00', createdTo: '2026-03-31T23:59:59+08:00', statusUpdatedFrom: 'a', statusUpdatedTo: 'b' });
    expect(filtersOnly(params)).toEqual({ orderNo: 'LO26', createdFrom: '2026-03-01T00:00:00+08:00', createdTo: '2026-03-31T23:59:59+08:00', statusUpdatedFrom: 'a', statusUpdatedTo: 'b' });
    expect(exportQuery(params)).not.toHaveProperty('pageNo');
    expect(exportQuery(params)).toMatchObject({ column: 'createdAt', order: 'desc', orderNo: 'LO26' });
  });

  it('lets the query form’s status win over the tab, and shows "all" for a tab that does not apply', () => {
    expect(statusOf(undefined, 'ALL')).toBeUndefined();
    expect(statusOf(undefined, 'WHIN')).toBe('WHIN');
    expect(statusOf('DONE', 'ALL')).toBe('DONE');
    expect(statusOf('DONE', 'DONE')).toBe('DONE');
    expect(statusOf('DONE', 'WHIN')).toBe('DONE');
    expect(activeTabOf('DONE', 'WHIN')).toBe('ALL');
    expect(activeTabOf('DONE', 'DONE')).toBe('DONE');
    expect(activeTabOf(undefined, 'WHIN')).toBe('WHIN');
  });
});

describe('server refusals on the order form', () => {
  it('finds the field a message names, in any language, and only fields of the form', () => {
    expect(serverFieldOf('欄位 items[2].unitPrice 的小數位數過多：JPY 最多 0 位小數', 3)).toEqual(['items', 2, 'unitPrice']);
    expect(serverFieldOf('Field items[5].unitPrice has too many decimals', 3)).toBeNull();
    expect(serverFieldOf('Field recipient.phone is not in a valid format', 1)).toEqual(['recipient', 'phone']);
    expect(serverFieldOf('字段 merchantOrderNo 至少需要 1 个字符', 1)).toEqual(['merchantOrderNo']);
    // a plain word of the sentence loses to the field path it contains
    expect(serverFieldOf('Field height is required: give length, width and height together', 1)).toEqual(['height']);
    expect(serverFieldOf('Field weight must be at most 10000', 1)).toEqual(['weight']);
    expect(serverFieldOf('Merchant order number SO-1 already exists', 1)).toBeNull();
  });
});
