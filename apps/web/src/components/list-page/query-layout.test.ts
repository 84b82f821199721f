import { describe, expect, it } from 'vitest';
import { columnWidth, LABEL_CHROME, MAX_QUERY_COLUMNS, MIN_CONTROL_WIDTH, queryLayout } from './query-layout.ts';

describe('the query form layout', () => {
  it('puts as many fields a row as the widest one leaves room for, and no more than the maximum', () => {
    // short Chinese texts in a page's full width: the most a row takes
    expect(queryLayout(950, [{ label: 42, control: 120 }, { label: 56, control: 150 }]).columns).toBe(MAX_QUERY_COLUMNS);
    // the same fields in English: a label and a placeholder twice as long
    const english = queryLayout(950, [{ label: 106, control: 190 }, { label: 150, control: 230 }]);
    expect(english.columns).toBe(2);
    for (const need of english.widths) expect(need).toBeLessThanOrEqual(columnWidth(950, english.columns));
  });

  it('gives a narrow form one field a row, as wide as its label and control, and puts the label above only where even that is too narrow', () => {
    const card = queryLayout(650, [{ label: 120, control: 200 }]);
    expect(card).toEqual({ columns: 1, widths: [120 + LABEL_CHROME + 200], spans: [1], vertical: false });
    expect(queryLayout(300, [{ label: 120, control: 200 }]).vertical).toBe(true);
  });

  it('keeps a control no narrower than the minimum, whatever its placeholder', () => {
    expect(queryLayout(950, [{ label: 40, control: 20 }]).widths).toEqual([40 + LABEL_CHROME + MIN_CONTROL_WIDTH]);
  });

  it('lets a date range span the columns it needs, without taking columns from the other fields', () => {
    const layout = queryLayout(950, [
      { label: 60, control: 140 },
      { label: 60, control: 300, wide: true },
    ]);
    expect(layout.columns).toBe(4);
    expect(layout.spans).toEqual([1, 2]);
  });
});
