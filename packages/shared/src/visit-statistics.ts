import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * Visit statistics (docs/decisions/0019): a visit is a page view of the signed-in web
 * app, reported by the client when a menu page opens; a range is whole days (00:00:00 to 23:59:59 in the
 * server's time zone), given as a preset of spec §9 or as a start and an end day.
 */

export const VISIT_PRESETS = ['today', 'yesterday', 'thisMonth', 'lastMonth'] as const;
export type VisitPreset = (typeof VISIT_PRESETS)[number];
/** The longest range one request may ask for: a year, leap day included. */
export const VISIT_RANGE_MAX_DAYS = 366;
/** The longest page path a visit may carry. */
export const VISIT_PATH_MAX = 200;

export type DayRange = { begin: string; end: string };

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `begin` to `end`, both included (1 for a single day). */
export const daysIn = (range: DayRange): number => dayNumber(range.end) - dayNumber(range.begin) + 1;

/** A preset's days, counted from `today` (YYYY-MM-DD in the server's time zone, or the reader's on the web). */
export function presetRange(preset: VisitPreset, today: string): DayRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthStart = (y: number, m: number) => dayOf(Date.UTC(y, m - 1, 1) / DAY_MS);
  switch (preset) {
    case 'today':
      return { begin: today, end: today };
    case 'yesterday': {
      const day = dayOf(dayNumber(today) - 1);
      return { begin: day, end: day };
    }
    case 'thisMonth':
      return { begin: monthStart(year, month), end: today };
    case 'lastMonth': {
      const begin = month === 1 ? monthStart(year - 1, 12) : monthStart(year, month - 1);
      return { begin, end: dayOf(dayNumber(monthStart(year, month)) - 1) };
    }
  }
}

/** The last seven days to `today`: what the statistics answer when no range is given (the home page's). */
export const lastSevenDays = (today: string): DayRange => ({ begin: dayOf(dayNumber(today) - 6), end: today });

/** Why a range is refused, as a message key; undefined when it is a good one. */
export function rangeProblem(range: DayRange): 'visitRangeOrder' | 'visitRangeTooLong' | undefined {
  if (range.end < range.begin) return 'visitRangeOrder';
  if (daysIn(range) > VISIT_RANGE_MAX_DAYS) return 'visitRangeTooLong';
  return undefined;
}

const day = z.iso.date().refine((value) => value >= '2000-01-01' && value <= '9999-12-31');

/** `?preset=` or `?begin=&end=` (neither: the last seven days), and for the platform `?tenantId=`. */
export const visitRangeQuery = {
  preset: z.enum(VISIT_PRESETS).optional(),
  begin: day.optional(),
  end: day.optional(),
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
};

/** One day of the statistics. `visit` and `ip` keep the home page's meaning: successful sign-ins, distinct addresses. */
export const visitDayRecord = z.object({
  date: z.string(),
  pageViews: z.number().int(),
  visitors: z.number().int(),
  signIns: z.number().int(),
  failedSignIns: z.number().int(),
  ip: z.number().int(),
  visit: z.number().int(),
});
export type VisitDayRecord = z.infer<typeof visitDayRecord>;

/** One tenant's totals over the range (the platform's breakdown). */
export const visitTenantRecord = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  pageViews: z.number().int(),
  visitors: z.number().int(),
  signIns: z.number().int(),
  failedSignIns: z.number().int(),
  ip: z.number().int(),
});
export type VisitTenantRecord = z.infer<typeof visitTenantRecord>;

/** What the web reports when a menu page opens. */
export const visitInput = z.strictObject({
  path: z
    .string()
    .max(VISIT_PATH_MAX, { error: msg('visitPathFormat') })
    .regex(/^\/[^\s]*$/, { error: msg('visitPathFormat') }),
});
export type VisitInput = z.infer<typeof visitInput>;
