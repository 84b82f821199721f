import { describe, expect, it } from 'vitest';
import { hasPermission } from './permissions.ts';

const entry = (action: string, status = '1') => ({ action, describe: action, type: '1', status });

describe('hasPermission (spec §6)', () => {
  const all = [entry('order:add'), entry('order:cancel'), entry('order:print', '0'), entry('a:x,a:y')];
  it('grants what the user has, including comma-separated actions', () => {
    expect(hasPermission('order:add', [entry('order:add')], all)).toBe(true);
    expect(hasPermission('a:y', [entry('a:x,a:y')], all)).toBe(true);
  });
  it('refuses what the user lacks', () => {
    expect(hasPermission('order:cancel', [entry('order:add')], all)).toBe(false);
    expect(hasPermission('order:ad', [entry('order:add')], all)).toBe(false);
  });
  it('lets everyone through a rule switched off (status 0)', () => {
    expect(hasPermission('order:print', [], all)).toBe(true);
  });
});
