import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AuditFieldRow } from '@portal/shared/system-sessions';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish } from '../../../test/fixtures.ts';
import { AuditChanges, changeText } from './audit-changes.tsx';

const english = { empty: '(empty)', colon: ': ', comma: ', ' };

const row = (more: Partial<AuditFieldRow> & Pick<AuditFieldRow, 'key' | 'label' | 'before' | 'after'>): AuditFieldRow => ({ changed: true, gained: [], lost: [], ...more });

describe("a line's changes in the list", () => {
  beforeAll(() => inEnglish('system-logs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(cleanup);

  it('reads a value as before → after, and a list as what it gained and lost', () => {
    expect(changeText(row({ key: 'orgCode', label: 'Current department', before: '財務部', after: '倉庫部' }), english)).toBe('Current department: 財務部 → 倉庫部');
    expect(changeText(row({ key: 'disabledReason', label: 'Why it is off', before: '', after: 'Turned off by hand' }), english)).toBe('Why it is off: (empty) → Turned off by hand');
    const grant = row({ key: 'permissionIds', label: 'Permissions', before: ['部門管理'], after: ['使用者管理', '角色管理'], gained: ['使用者管理', '角色管理'], lost: ['部門管理'] });
    expect(changeText(grant, english)).toBe('Permissions: + 使用者管理, 角色管理 − 部門管理');
    // only the order changed: both orders
    expect(changeText(row({ key: 'order', label: 'Order of the items', before: ['a', 'b'], after: ['b', 'a'] }), english)).toBe('Order of the items: a, b → b, a');
    expect(changeText(grant, { empty: '（空）', colon: '：', comma: '、' })).toBe('Permissions：+ 使用者管理、角色管理 − 部門管理');
  });

  it('shows the first three changed fields and how many more there are', () => {
    const changes = ['a', 'b', 'c', 'd', 'e'].map((key) => row({ key, label: key.toUpperCase(), before: '1', after: '2' }));
    render(<AuditChanges changes={changes} />);
    const cell = screen.getByTestId('audit-changes');
    expect(cell.textContent).toBe('A: 1 → 2B: 1 → 2C: 1 → 2and 2 more');
  });
});
