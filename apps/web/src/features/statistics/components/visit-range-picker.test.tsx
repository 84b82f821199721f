import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish } from '../../../test/fixtures.ts';
import { renderUi } from '../../../test/render-ui.tsx';
import { localToday, presetOf, rangeErrorKey, rangeOfPreset } from '../range-rules.ts';
import { VisitRangePicker } from './visit-range-picker.tsx';

describe('the range rules of the visit statistics', () => {
  it('counts the presets from today, months whole, January back to December', () => {
    expect(rangeOfPreset('today', '2026-03-15')).toEqual({ begin: '2026-03-15', end: '2026-03-15' });
    expect(rangeOfPreset('yesterday', '2026-03-01')).toEqual({ begin: '2026-02-28', end: '2026-02-28' });
    expect(rangeOfPreset('yesterday', '2024-03-01')).toEqual({ begin: '2024-02-29', end: '2024-02-29' });
    expect(rangeOfPreset('thisMonth', '2026-03-15')).toEqual({ begin: '2026-03-01', end: '2026-03-15' });
    expect(rangeOfPreset('lastMonth', '2026-03-15')).toEqual({ begin: '2026-02-01', end: '2026-02-28' });
    expect(rangeOfPreset('lastMonth', '2026-01-10')).toEqual({ begin: '2025-12-01', end: '2025-12-31' });
    expect(rangeOfPreset('yesterday', '2026-01-01')).toEqual({ begin: '2025-12-31', end: '2025-12-31' });
  });

  it('refuses an end before the start and more than 366 days', () => {
    expect(rangeErrorKey({ begin: '2026-01-02', end: '2026-01-01' })).toBe('visit.rangeOrder');
    expect(rangeErrorKey({ begin: '2024-01-01', end: '2024-12-31' })).toBeUndefined();
    expect(rangeErrorKey({ begin: '2024-01-01', end: '2025-01-01' })).toBe('visit.rangeTooLong');
    expect(rangeErrorKey({ begin: '2026-01-01', end: '2026-01-01' })).toBeUndefined();
  });

  it('names the preset a range is, and none for a custom one', () => {
    expect(presetOf({ begin: '2026-03-01', end: '2026-03-15' }, '2026-03-15')).toBe('thisMonth');
    expect(presetOf({ begin: '2026-03-02', end: '2026-03-15' }, '2026-03-15')).toBeUndefined();
    // on the first of a month "today" and "this month" are the same days: the first preset wins
    expect(presetOf({ begin: '2026-03-01', end: '2026-03-01' }, '2026-03-01')).toBe('today');
    expect(localToday(new Date(2026, 0, 5, 23, 59, 59))).toBe('2026-01-05');
  });
});

describe('the range picker', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('statistics'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(cleanup);

  it('applies each preset, counted from today, and lights the one in force', async () => {
    const onChange = vi.fn();
    renderUi(<VisitRangePicker value={{ begin: '2026-03-01', end: '2026-03-15' }} onChange={onChange} today="2026-03-15" />);
    expect((await screen.findByTestId('preset-thisMonth')).className).toContain('primary');
    expect(screen.getByTestId('preset-today').className).not.toContain('primary');
    expect(screen.getByTestId('preset-lastMonth').textContent).toBe('Last month');
    await userEvent.click(screen.getByTestId('preset-lastMonth'));
    expect(onChange).toHaveBeenLastCalledWith({ begin: '2026-02-01', end: '2026-02-28' });
    await userEvent.click(screen.getByTestId('preset-yesterday'));
    expect(onChange).toHaveBeenLastCalledWith({ begin: '2026-03-14', end: '2026-03-14' });
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('does not apply typed days past 366, and says why', async () => {
    const onChange = vi.fn();
    renderUi(<VisitRangePicker value={{ begin: '2026-03-01', end: '2026-03-15' }} onChange={onChange} today="2026-03-15" />);
    const [start, end] = screen.getAllByRole('textbox') as [HTMLInputElement, HTMLInputElement];
    await userEvent.click(start);
    fireEvent.change(start, { target: { value: '2024-01-01' } });
    await userEvent.click(end);
    fireEvent.change(end, { target: { value: '2026-03-15' } });
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
    expect((await screen.findByTestId('range-error')).textContent).toContain('A range covers at most 366 days');
    expect(onChange).not.toHaveBeenCalled();
  });
});
