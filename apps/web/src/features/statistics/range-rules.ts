import { presetRange, rangeProblem, VISIT_PRESETS, VISIT_RANGE_MAX_DAYS, type DayRange, type VisitPreset } from '@portal/shared/visit-statistics';

/*
 * The range rules of the visit statistics: the same presets and limits as the server's (shared), counted
 * from the reader's today; a range the server would refuse is never sent.
 */

export { VISIT_PRESETS, VISIT_RANGE_MAX_DAYS };
export type { DayRange, VisitPreset };

/** Today where the reader is (YYYY-MM-DD). */
export const localToday = (now: Date = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const rangeOfPreset = (preset: VisitPreset, today: string = localToday()): DayRange => presetRange(preset, today);

/** The screen's text key for a range it refuses, or undefined. */
export function rangeErrorKey(range: DayRange): 'visit.rangeOrder' | 'visit.rangeTooLong' | undefined {
  const problem = rangeProblem(range);
  return problem === 'visitRangeOrder' ? 'visit.rangeOrder' : problem === 'visitRangeTooLong' ? 'visit.rangeTooLong' : undefined;
}

/** Which preset a range is, to light its button; undefined for a custom one. */
export function presetOf(range: DayRange, today: string = localToday()): VisitPreset | undefined {
  return VISIT_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.begin === range.begin && candidate.end === range.end;
  });
}
