import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleRecord } from '@portal/shared/system-roles';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { RoleUsersDrawer } from './role-users-drawer.tsx';

const ROLE: RoleRecord = { id: 7, roleCode: 'clerk', roleName: 'Clerk', description: '', createdAt: '2026-01-01T00:00:00Z' };
const BEYOND = 'You cannot give or take away a role that holds permissions you do not hold';
const user = (id: number, username: string) => ({ id, username, realname: username, phone: null, status: 1, avatar: '', mainAccount: false, departs: [], positions: [], roles: [] });

/** The role has 'ann'; the tenant has 'ann' and 'bob'; giving the role is refused. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/user/userRoleList')) return pageOf([user(1, 'ann')]);
  if (path.endsWith('/sys/user/list')) return pageOf([user(1, 'ann'), user(2, 'bob')]);
  if (path.endsWith('/sys/user/addSysUserRole')) return refuse(403, BEYOND);
  return new Response(null, { status: 404 });
}

describe("a role's users: picked from the tenant's, the server's refusal shown", { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-roles'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('sends the picked users and shows a refusal in the picker', async () => {
    signIn(['system:role:list', 'system:role:edit', 'system:user:list']);
    const calls = stubFetch(server);
    renderUi(<RoleUsersDrawer role={ROLE} onClose={vi.fn()} />);
    await screen.findByTestId('role-user-row-ann');
    expect(calls.find((call) => call.url.pathname.endsWith('/sys/user/userRoleList'))?.url.searchParams.get('roleId')).toBe('7');
    await userEvent.click(screen.getByTestId('role-users-add'));
    const row = (await screen.findByTestId('role-users-pick-row-bob')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('role-users-pick-ok'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ roleId: 7, userIdList: [2] });
    expect((await screen.findByTestId('server-error')).textContent).toContain(BEYOND);
    expect(screen.getByTestId('role-users-pick-row-bob')).toBeTruthy();
  });
});
