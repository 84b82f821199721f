import { describe, expect, test } from 'vitest';
import dayjs from 'dayjs';
import { toEventInput, type EventFormValues } from './event-input.ts';
import { mergeOrderNumbers, parseOrderNumbers } from './order-numbers.ts';
import { withRangeNames } from './range-params.ts';

describe('withRangeNames', () => {
  test("renames the toolkit's <name>_begin / _end to the server's <name>From / To and drops empty values", () => {
    expect(withRangeNames({ pageNo: 2, pageSize: 20, storage_begin: '2026-01-01T00:00:00+08:00', storage_end: '2026-01-31T23:59:59+08:00', status: 'IN_WAREHOUSE', orderNo: '', column: 'storageTime', order: 'desc' })).toEqual({
      pageNo: 2,
      pageSize: 20,
      storageFrom: '2026-01-01T00:00:00+08:00',
      storageTo: '2026-01-31T23:59:59+08:00',
      status: 'IN_WAREHOUSE',
      column: 'storageTime',
      order: 'desc',
    });
  });
});

describe('order numbers pasted or scanned', () => {
  test('one per line or separated by commas, each once; the ticked ones first', () => {
    expect(parseOrderNumbers('LO1\nLO2,LO3， LO1\n\n')).toEqual(['LO1', 'LO2', 'LO3']);
    expect(mergeOrderNumbers(['LO9', 'LO2'], ['LO1', 'LO2'])).toEqual(['LO9', 'LO2', 'LO1']);
  });
});

describe('toEventInput', () => {
  const base: EventFormValues = { orderNo: ' LO26011500000001 ', occurredAt: dayjs('2026-01-15T10:20:30.456+08:00'), mode: 'ours', source: 'MANUAL', status: '' };

  test('a scan that moves nothing: no status, trimmed texts, the three descriptions, the time with its offset and no milliseconds', () => {
    const input = toEventInput({ ...base, location: ' HKG ', descriptionEnUs: ' Arrived at hub ', carrierCode: ' ' });
    expect(input).toEqual({ orderNo: 'LO26011500000001', occurredAt: dayjs('2026-01-15T10:20:30+08:00').format(), location: 'HKG', source: 'MANUAL', description: { 'zh-TW': '', 'zh-CN': '', 'en-US': 'Arrived at hub' } });
    expect(input.occurredAt).toMatch(/^2026-01-15T\d\d:20:30[+-]\d\d:\d\d$/);
    expect(dayjs(input.occurredAt).valueOf()).toBe(dayjs('2026-01-15T10:20:30+08:00').valueOf());
  });

  test("a move with the carrier's own text sends the status, the code and the raw text, and none of our descriptions", () => {
    const input = toEventInput({ ...base, status: 'CROSS_BORDER', mode: 'raw', rawText: ' Departed HKG ', descriptionZhTw: 'ignored', carrierCode: 'DEP', source: 'CARRIER' });
    expect(input).toMatchObject({ status: 'CROSS_BORDER', rawText: 'Departed HKG', carrierCode: 'DEP', source: 'CARRIER' });
    expect(input.description).toBeUndefined();
  });

  test('no description at all when every language is left empty (the server uses the status text)', () => {
    expect(toEventInput({ ...base, status: 'WHOUT' }).description).toBeUndefined();
  });
});
