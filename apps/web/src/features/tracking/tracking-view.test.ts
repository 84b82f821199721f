import { describe, expect, test } from 'vitest';
import type { TrackResult } from '@portal/shared/logistics-schemas';
import { countFound, groupByDay, milestonesOf, newestFirst, parseNumbers, type TrackEvent } from './tracking-view.ts';

const event = (occurredAt: string, status: TrackEvent['status'] = null, description = ''): TrackEvent => ({ occurredAt, status, location: '', description });
const states = (milestones: ReturnType<typeof milestonesOf>) => milestones.map((milestone) => `${milestone.status}:${milestone.state}`);

describe('parseNumbers', () => {
  test('splits on lines, commas of either width, semicolons and spaces, keeps each number once in the order given', () => {
    expect(parseNumbers(' LO1\nLO2, LO3，LO4;LO5  LO1\r\n\n')).toEqual(['LO1', 'LO2', 'LO3', 'LO4', 'LO5']);
    expect(parseNumbers(' \n , ')).toEqual([]);
  });
});

describe('milestonesOf', () => {
  test('on the normal path: the steps before the status reached, the status current, the rest ahead', () => {
    expect(states(milestonesOf('CROSS_BORDER', []))).toEqual([
      'CREATED:reached',
      'WAIT_COLLECT:reached',
      'WHIN:reached',
      'WHOUT:reached',
      'CROSS_BORDER:current',
      'OVERSEA_WH:ahead',
      'END_DELIVERY:ahead',
      'DONE:ahead',
    ]);
    expect(states(milestonesOf('CREATED', [])).slice(0, 2)).toEqual(['CREATED:current', 'WAIT_COLLECT:ahead']);
    expect(states(milestonesOf('DONE', [])).at(-1)).toBe('DONE:current');
  });

  test('off the path: reached up to the last normal status of its events, nothing current', () => {
    const events = [event('2026-01-03T10:00:00Z', 'LOST'), event('2026-01-02T10:00:00Z', 'OVERSEA_WH'), event('2026-01-01T10:00:00Z', 'WHIN')];
    const milestones = milestonesOf('LOST', events);
    expect(milestones.filter((m) => m.state === 'current')).toEqual([]);
    expect(states(milestones).slice(4)).toEqual(['CROSS_BORDER:reached', 'OVERSEA_WH:reached', 'END_DELIVERY:ahead', 'DONE:ahead']);
  });

  test('off the path without telling events: where that exit can happen (cancel before warehouse-in, return from it)', () => {
    expect(states(milestonesOf('CANCEL', [])).slice(0, 2)).toEqual(['CREATED:reached', 'WAIT_COLLECT:ahead']);
    expect(states(milestonesOf('RETURN', [event('2026-01-01T00:00:00Z', null, 'scan')])).slice(2, 4)).toEqual(['WHIN:reached', 'WHOUT:ahead']);
  });
});

describe('the timeline', () => {
  test('newest first whatever the order received; the same moment keeps the order given', () => {
    const a = event('2026-01-01T08:00:00Z', null, 'a');
    const b = event('2026-01-02T08:00:00Z', null, 'b');
    const c1 = event('2026-01-03T08:00:00Z', null, 'c1');
    const c2 = event('2026-01-03T08:00:00Z', null, 'c2');
    expect(newestFirst([a, c1, c2, b]).map((e) => e.description)).toEqual(['c1', 'c2', 'b', 'a']);
  });

  test('grouped by the calendar day of the time zone, newest day first', () => {
    const events = [
      event('2026-01-01T15:30:00Z', null, 'late on Jan 1 UTC, Jan 1 23:30 in Taipei'),
      event('2026-01-01T16:30:00Z', null, 'Jan 2 00:30 in Taipei'),
      event('2026-01-02T01:00:00Z', null, 'Jan 2 09:00 in Taipei'),
      event('2025-12-31T02:00:00Z', null, 'Dec 31'),
    ];
    const taipei = groupByDay(events, 'Asia/Taipei');
    expect(taipei.map((day) => [day.day, day.events.length])).toEqual([
      ['2026-01-02', 2],
      ['2026-01-01', 1],
      ['2025-12-31', 1],
    ]);
    expect(taipei[0]!.events.map((e) => e.description)).toEqual(['Jan 2 09:00 in Taipei', 'Jan 2 00:30 in Taipei']);
    // the same instants in New York fall on other days
    expect(groupByDay(events, 'America/New_York').map((day) => day.day)).toEqual(['2026-01-01', '2025-12-30']);
  });
});

test('countFound counts numbers, not answers (a waybill answers once per order)', () => {
  const result = (number: string, found: boolean): TrackResult => ({ number, found, orderNo: found ? `LO-${number}` : null, status: found ? 'WHOUT' : null, destinationCountry: null, events: [] });
  expect(countFound([result('WB1', true), result('WB1', true), result('WB1', true), result('X', false), result('LO1', true)])).toEqual({ numbers: 3, found: 2 });
});
