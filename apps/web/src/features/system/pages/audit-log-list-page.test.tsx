import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { AuditLogRecord } from '@portal/shared/system-sessions';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { AuditLogListPage } from './audit-log-list-page.tsx';

/** A role's grant as the server names it in the request's language. */
const grant = (lang: string): AuditLogRecord => {
  const english = lang === 'en-US';
  return {
    id: 3,
    username: 'merchant',
    resource: 'role',
    resourceId: '5',
    action: 'grant',
    label: 'auditors',
    ip: '203.0.113.7',
    createdAt: '2026-11-27T08:00:00.000Z',
    changes: [
      {
        key: 'permissionIds',
        label: english ? 'Permissions' : '权限',
        before: [],
        after: english ? ['User Management', 'Role Management'] : ['用户管理', '角色管理'],
        changed: true,
        gained: english ? ['User Management', 'Role Management'] : ['用户管理', '角色管理'],
        lost: [],
      },
    ],
  };
};

describe('the audit log list: what each line changed, in the reader\'s language', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-logs'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the changed fields by name in a column, and asks again when the language changes', async () => {
    signIn(['system:audit-log:list']);
    const calls = stubFetch((call) => pageOf([grant(call.headers['accept-language'] ?? '')]));
    renderUi(<AuditLogListPage />);
    expect((await screen.findByTestId('audit-changes')).textContent).toBe('Permissions: + User Management, Role Management');
    expect(calls[0]!.url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await changeLanguage('zh-CN');
    await i18n.loadNamespaces('system-logs');
    await waitFor(() => expect(screen.getByTestId('audit-changes').textContent).toBe('权限：+ 用户管理、角色管理'));
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['en-US', 'zh-CN']);
    await changeLanguage('en-US');
  });
});
