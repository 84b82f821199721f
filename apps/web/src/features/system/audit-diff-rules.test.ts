import { describe, expect, it } from 'vitest';
import { diffRows, shownValue } from './audit-diff-rules.ts';

describe('the audit diff', () => {
  it('marks the fields that changed, in both sides, lists included', () => {
    const rows = diffRows({ realname: 'A', phone: '1', roles: [1, 2] }, { realname: 'B', phone: '1', roles: [2, 1], email: 'x@y' });
    expect(rows.map((row) => [row.key, row.changed, row.added, row.removed])).toEqual([
      ['realname', true, false, false],
      ['phone', false, false, false],
      ['roles', true, false, false],
      ['email', true, true, false],
    ]);
  });

  it('shows a creation and a deletion as their fields, none of them a change', () => {
    expect(diffRows(null, { code: 'x', rank: 1 }).map((row) => [row.key, row.changed, row.added])).toEqual([
      ['code', false, true],
      ['rank', false, true],
    ]);
    expect(diffRows({ code: 'x' }, null).map((row) => [row.key, row.changed, row.removed])).toEqual([['code', false, true]]);
    expect(diffRows(null, null)).toEqual([]);
  });

  it('writes text as it is and anything else as JSON', () => {
    expect(shownValue('陳大文')).toBe('陳大文');
    expect(shownValue([1, 2])).toBe('[1,2]');
    expect(shownValue(null)).toBe('null');
    expect(shownValue(undefined)).toBe('');
  });
});
