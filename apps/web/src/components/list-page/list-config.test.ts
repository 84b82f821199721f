import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { datePresetRange } from '../../lib/format.ts';
import { columnKeyOf, toFilters, type QueryField } from './list-config.ts';

const FIELDS: QueryField[] = [
  { name: 'title', label: 'dashboard.announcement.title', type: 'input' },
  { name: 'weight', label: 'dashboard.tenant', type: 'number' },
  { name: 'priority', label: 'dashboard.announcement.priority', type: 'select', options: [] },
  { name: 'status', label: 'dashboard.department', type: 'dict', dict: 'LOGOrderStateEnum', hidden: true },
  { name: 'sendTime', label: 'dashboard.announcement.sendTime', type: 'date-range' },
];

describe('toFilters', () => {
  it('trims text, keeps numbers (zero too) and leaves out empty values and unknown names', () => {
    expect(toFilters(FIELDS, { title: '  abc ', weight: 0, priority: undefined, status: '', other: 'x' })).toEqual({ title: 'abc', weight: 0 });
    expect(toFilters(FIELDS, { title: '   ', weight: Number.NaN, status: null })).toEqual({});
  });

  it('sends a date range as <name>_begin / <name>_end from the first day 00:00:00 to the last 23:59:59', () => {
    const [begin, end] = datePresetRange('lastMonth', dayjs('2026-03-15T10:00:00'));
    const filters = toFilters(FIELDS, { sendTime: [begin, end] });
    expect(Object.keys(filters)).toEqual(['sendTime_begin', 'sendTime_end']);
    expect(dayjs(String(filters.sendTime_begin)).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-01 00:00:00');
    expect(dayjs(String(filters.sendTime_end)).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-28 23:59:59');
    // with the offset: the server reads the user's days wherever it runs
    expect(String(filters.sendTime_begin)).toMatch(/T00:00:00[+-]\d{2}:\d{2}$/);
    // a date picked without a time still covers the whole day
    const picked = toFilters(FIELDS, { sendTime: [dayjs('2026-05-04T13:14:15'), dayjs('2026-05-06T01:02:03')] });
    expect(dayjs(String(picked.sendTime_begin)).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-05-04 00:00:00');
    expect(dayjs(String(picked.sendTime_end)).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-05-06 23:59:59');
    // one end only
    expect(Object.keys(toFilters(FIELDS, { sendTime: [null, dayjs('2026-05-06')] }))).toEqual(['sendTime_end']);
  });

  it('keys columns by dataIndex, action columns by key', () => {
    expect(columnKeyOf<{ a: string }>({ dataIndex: 'a', title: 'dashboard.tenant' })).toBe('a');
    expect(columnKeyOf<{ a: string }>({ key: 'ops', title: 'dashboard.tenant', render: () => null })).toBe('ops');
  });
});
