import { describe, expect, it } from 'vitest';
import type { QueryField } from './list-config.ts';
import { optionValuesOf, valuesFromSearch } from './url-values.ts';

const FIELDS: readonly QueryField[] = [
  { name: 'orderNo', label: 'components.query.search', type: 'input' },
  { name: 'tenantId', label: 'components.query.search', type: 'number', min: 0, max: 99, precision: 0 },
  { name: 'weight', label: 'components.query.search', type: 'number', min: 0, precision: 3 },
  { name: 'priority', label: 'components.query.search', type: 'select', options: [{ value: 'H', label: 'dashboard.priority.H' }] },
  { name: 'status', label: 'components.query.search', type: 'dict', dict: 'Status', extraOptions: [{ value: 'OPEN', label: 'components.query.search' }] },
  { name: 'createdAt', label: 'components.query.search', type: 'date-range' },
  { name: 'merchant', label: 'components.query.search', type: 'remote', remote: { key: ['m'], fetch: () => Promise.resolve([]) } },
];
const DICTIONARY = [{ value: '0' }, { value: '2' }];
/** `null`: the dictionary is not loaded yet */
const read = (query: string, dictionary: readonly { value: string }[] | null = DICTIONARY) =>
  valuesFromSearch(FIELDS, new URLSearchParams(query), (field) => optionValuesOf(field, dictionary ?? undefined));

describe('valuesFromSearch: a list filters from its URL', () => {
  it('takes each declared field as the field takes it', () => {
    const values = read('orderNo=%20lo26%20&tenantId=7&weight=1.25&priority=H&status=OPEN&createdAt_begin=2026-03-01&createdAt_end=2026-03-31&pageNo=3');
    expect(values).toMatchObject({ orderNo: 'lo26', tenantId: 7, weight: 1.25, priority: 'H', status: 'OPEN' });
    const [begin, end] = values!.createdAt as [{ format(f: string): string }, { format(f: string): string }];
    expect([begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')]).toEqual(['2026-03-01', '2026-03-31']);
    expect(values).not.toHaveProperty('pageNo');
    expect(read('status=2')).toEqual({ status: '2' });
    // a remote field's id, whose name the field asks for when it shows it
    expect(read('merchant=12')).toEqual({ merchant: 12 });
    expect(read('createdAt_end=2026-03-31')!.createdAt).toEqual([null, expect.anything()]);
  });

  it('leaves out what a field does not take', () => {
    for (const query of ['tenantId=100', 'tenantId=-1', 'tenantId=1.5', 'tenantId=x', 'weight=0.0001', 'weight=Infinity', 'priority=L', 'status=4', 'status=open', 'orderNo=%20%20', 'createdAt_begin=2026-02-30', 'createdAt_begin=1%2F3%2F2026', 'createdAt_begin=2026-03-31&createdAt_end=2026-03-01', 'merchant=0', 'merchant=-3', 'merchant=1.5', 'merchant=Demo', 'merchant=99999999999999999']) {
      expect(read(query), query).toEqual({});
    }
  });

  it('waits for a dictionary that checks a value, and only then', () => {
    expect(read('status=0', null)).toBeNull();
    expect(read('orderNo=LO1', null)).toEqual({ orderNo: 'LO1' });
  });
});
