import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { AuditLogDrawer } from './audit-log-drawer.tsx';

const line = {
  id: 7,
  username: 'merchant',
  resource: 'user',
  resourceId: '12',
  action: 'update',
  label: 'auditee',
  ip: '203.0.113.7',
  createdAt: '2026-11-27T08:00:00.000Z',
  before: { username: 'auditee', realname: 'Before Name', roles: [{ id: 1, name: 'Staff' }] },
  after: { username: 'auditee', realname: 'After Name', roles: [{ id: 1, name: 'Staff' }], email: 'a@b.c' },
};

describe('the audit log drawer: before and after side by side, changed fields marked', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-logs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows who changed what, every field, and only the changed ones on request', async () => {
    signIn(['system:audit-log:list']);
    const calls = stubFetch(() => line);
    renderUi(<AuditLogDrawer id={7} onClose={vi.fn()} />);
    expect(await screen.findByText('After Name')).toBeTruthy();
    expect(calls[0]!.url.pathname).toMatch(/\/sys\/auditLog\/queryById$/);
    expect(calls[0]!.url.searchParams.get('id')).toBe('7');
    const drawer = screen.getByTestId('audit-log-drawer');
    // the resource and action in the reader's language
    expect(within(drawer).getByText('User')).toBeTruthy();
    expect(within(drawer).getByText('Edit')).toBeTruthy();
    const rows = () => [...drawer.querySelectorAll('tr[data-changed]')].map((row) => [row.querySelector('td')?.textContent, row.getAttribute('data-changed')]);
    expect(rows()).toEqual([
      ['username', 'false'],
      ['realname', 'true'],
      ['roles', 'false'],
      ['email', 'true'],
    ]);
    // a field only the after has: "(none)" before it
    expect(within(drawer).getByText('(none)')).toBeTruthy();
    expect(screen.getByTestId('audit-changed-count').textContent).toBe('Changed fields: 2');
    await userEvent.click(screen.getByTestId('audit-only-changed'));
    expect(rows().map(([key]) => key)).toEqual(['realname', 'email']);
  });
});
