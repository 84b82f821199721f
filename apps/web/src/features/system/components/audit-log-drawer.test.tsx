import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditFieldRow, AuditLogDetail } from '@portal/shared/system-sessions';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { AuditLogDrawer } from './audit-log-drawer.tsx';

const field = (key: string, label: string, before: AuditFieldRow['before'], after: AuditFieldRow['after'], more: Partial<AuditFieldRow> = {}): AuditFieldRow => ({
  key,
  label,
  before,
  after,
  changed: false,
  gained: [],
  lost: [],
  ...more,
});

/** A user's edit as the server names it for the reader (the raw before and after are the server's to read). */
const line = (lang: string): AuditLogDetail => ({
  id: 7,
  username: 'merchant',
  resource: 'user',
  resourceId: '12',
  action: 'update',
  label: 'auditee',
  ip: '203.0.113.7',
  createdAt: '2026-11-27T08:00:00.000Z',
  before: { orgCode: 'A01A01', roles: [{ id: 1, name: 'Staff' }] },
  after: { orgCode: 'A01A02', roles: [{ id: 1, name: 'Staff' }, { id: 4, name: 'Auditors' }] },
  changes: [],
  fields: [
    field('username', lang === 'en-US' ? 'Username' : '用户名', 'auditee', 'auditee'),
    field('orgCode', lang === 'en-US' ? 'Current department' : '当前部门', '營運部 Operations', '財務部 Finance', { changed: true }),
    field('roles', lang === 'en-US' ? 'Roles' : '角色', ['Staff', 'Closed (deleted)'], ['Staff', 'Auditors'], { changed: true, gained: ['Auditors'], lost: ['Closed (deleted)'] }),
    field('email', lang === 'en-US' ? 'Email' : '电子邮件', null, 'a@b.c', { changed: true }),
  ],
});

describe('the audit log drawer: every field by its name, values as the server named them, changes marked', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-logs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it("shows the fields by their names, a list's added and removed items marked, and only the changed ones on request", async () => {
    signIn(['system:audit-log:list']);
    const calls = stubFetch((call) => line(call.headers['accept-language'] ?? ''));
    renderUi(<AuditLogDrawer id={7} onClose={vi.fn()} />);
    expect(await screen.findByText('財務部 Finance')).toBeTruthy();
    expect(calls[0]!.url.pathname).toMatch(/\/sys\/auditLog\/queryById$/);
    expect(calls[0]!.url.searchParams.get('id')).toBe('7');
    // the reader's time zone goes with the request: the server writes the line's times in it
    expect(calls[0]!.url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const drawer = screen.getByTestId('audit-log-drawer');
    expect(within(drawer).getByText('User')).toBeTruthy();
    expect(within(drawer).getByText('Edit')).toBeTruthy();
    const rows = () => [...drawer.querySelectorAll('tr[data-changed]')].map((row) => [row.querySelector('td')?.textContent, row.getAttribute('data-changed')]);
    expect(rows()).toEqual([
      ['Username', 'false'],
      ['Current department', 'true'],
      ['Roles', 'true'],
      ['Email', 'true'],
    ]);
    // the raw code is not what the reader reads
    expect(within(drawer).queryByText('A01A02')).toBeNull();
    const roles = drawer.querySelector('tr[data-field="roles"]')!;
    const moved = [...roles.querySelectorAll('[data-moved="true"]')].map((tag) => tag.textContent);
    expect(moved).toEqual(['− Closed (deleted)', '+ Auditors']);
    // a field only the after has: "(none)" before it
    expect(within(drawer).getByText('(none)')).toBeTruthy();
    expect(screen.getByTestId('audit-changed-count').textContent).toBe('Changed fields: 3');
    await userEvent.click(screen.getByTestId('audit-only-changed'));
    expect(rows().map(([label]) => label)).toEqual(['Current department', 'Roles', 'Email']);
  });

  it('asks again in the language the reader switches to', async () => {
    signIn(['system:audit-log:list']);
    const calls = stubFetch((call) => line(call.headers['accept-language'] ?? ''));
    renderUi(<AuditLogDrawer id={7} onClose={vi.fn()} />);
    await screen.findByText('Current department');
    await changeLanguage('zh-CN');
    await i18n.loadNamespaces('system-logs');
    expect(await screen.findByText('当前部门')).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.headers['accept-language'])).toEqual(['en-US', 'zh-CN']));
    await changeLanguage('en-US');
  });
});
