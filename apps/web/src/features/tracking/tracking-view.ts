import { EXCEPTION_STATUSES, NORMAL_PATH, TRACKING_LOOKUP_MAX, type OrderStatus } from '@portal/shared/logistics';
import type { TrackResult } from '@portal/shared/logistics-schemas';

/** What the public page makes of a lookup: the numbers typed, the milestone bar, the timeline by day. Pure, so it is tested without a browser. */

export { TRACKING_LOOKUP_MAX };
/** A number longer than this is no number of ours (order numbers are 16, tracking and waybill numbers at most 64). */
export const TRACKING_NUMBER_MAX_LENGTH = 64;

/**
 * The numbers in what the visitor typed or pasted: one per line, or separated by commas (either
 * width), semicolons or spaces; each once, in the order given.
 */
export function parseNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,，;；、]+/)) {
    const number = part.trim();
    if (number) seen.add(number);
  }
  return [...seen];
}

/**
 * Where a search can be shared: the numbers in the address, as the page reads them on load. A page
 * opened as /yesstyleTrack/<number> keeps that form (the numbers joined by commas); /track takes them
 * in ?numbers=.
 */
export function searchPath(pathname: string, numbers: readonly string[]): string {
  const joined = numbers.map(encodeURIComponent).join(',');
  return pathname.startsWith('/yesstyleTrack') ? `/yesstyleTrack/${joined}` : `/track?numbers=${joined}`;
}

export type TrackEvent = TrackResult['events'][number];
export type MilestoneState = 'reached' | 'current' | 'ahead';
export type Milestone = { status: OrderStatus; state: MilestoneState };

export const isExceptionStatus = (status: OrderStatus | null): status is 'CANCEL' | 'RETURN' | 'LOST' => status !== null && EXCEPTION_STATUSES.includes(status);

/** Where an order that left the normal path had got to when it did, if its events do not say. */
const EXCEPTION_FALLBACK: Record<'CANCEL' | 'RETURN' | 'LOST', OrderStatus> = {
  // cancelled only before warehouse-in; returned or lost from warehouse-in on (docs/logistics-lifecycle.md)
  CANCEL: 'CREATED',
  RETURN: 'WHIN',
  LOST: 'WHIN',
};

const byTimeDesc = (a: { event: TrackEvent; index: number }, b: { event: TrackEvent; index: number }) => {
  const diff = Date.parse(b.event.occurredAt) - Date.parse(a.event.occurredAt);
  // events at the same moment keep the server's order (it lists them newest first)
  return diff !== 0 && !Number.isNaN(diff) ? diff : a.index - b.index;
};

/** The events newest first, whatever order they came in (the server's order breaks ties). */
export function newestFirst(events: readonly TrackEvent[]): TrackEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort(byTimeDesc)
    .map(({ event }) => event);
}

/**
 * The milestone bar over the normal path: the steps before the current status reached, the current
 * one current, the rest ahead. An order that left the path (cancelled, returned, lost) has no current
 * step: the steps up to the last one it reached are reached, the rest ahead.
 */
export function milestonesOf(status: OrderStatus, events: readonly TrackEvent[]): Milestone[] {
  let reachedUpTo: number;
  let current: number | null = null;
  if (isExceptionStatus(status)) {
    const last = newestFirst(events).find((event) => event.status !== null && NORMAL_PATH.includes(event.status));
    reachedUpTo = NORMAL_PATH.indexOf(last?.status ?? EXCEPTION_FALLBACK[status]);
  } else {
    current = NORMAL_PATH.indexOf(status);
    reachedUpTo = current - 1;
  }
  return NORMAL_PATH.map((step, index) => ({ status: step, state: index === current ? 'current' : index <= reachedUpTo ? 'reached' : 'ahead' }));
}

export type EventDay = { day: string; events: TrackEvent[] };

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (en-CA writes dates that way). */
function dayKey(instant: string, timeZone: string | undefined): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The timeline grouped by the visitor's calendar day, newest day first and newest event first within a day. */
export function groupByDay(events: readonly TrackEvent[], timeZone?: string): EventDay[] {
  const days: EventDay[] = [];
  for (const event of newestFirst(events)) {
    const day = dayKey(event.occurredAt, timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}

/**
 * How many of the numbers asked were found. A waybill covering several orders answers once per order,
 * so the answers are counted by number, not one by one.
 */
export function countFound(results: readonly TrackResult[]): { numbers: number; found: number } {
  const numbers = new Set(results.map((result) => result.number));
  const found = new Set(results.filter((result) => result.found).map((result) => result.number));
  return { numbers: numbers.size, found: found.size };
}
