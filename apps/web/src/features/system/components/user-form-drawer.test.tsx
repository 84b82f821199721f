import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import type { UserRecord } from '@portal/shared/system-users';
import { UserFormDrawer } from './user-form-drawer.tsx';

const TAKEN = 'This username is already taken';
const PHONE_TAKEN = 'This value is not available: it already exists';
const duplicateChecks = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname.endsWith('/sys/duplicate/check'));
const type = async (label: string, value: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), value);
};
const save = () => userEvent.click(screen.getByTestId('user-form-save'));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/** The server as the form meets it: one department, no positions or roles, 'merchant' taken. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/user/departIdTree')) return [{ key: 7, value: 7, title: 'Sales', orgCode: 'A01A01', children: [] }];
  if (path.endsWith('/sys/position/list')) return { records: [], total: 0, current: 1, size: 200, pages: 0 };
  if (path.endsWith('/sys/role/queryall')) return [];
  if (path.endsWith('/sys/user/checkOnlyUser')) {
    const taken = call.url.searchParams.get('username')?.toLowerCase() === 'merchant';
    return new Response(JSON.stringify({ success: !taken, message: taken ? TAKEN : 'ok', code: taken ? 409 : 200, result: null, timestamp: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }
  if (path.endsWith('/sys/duplicate/check')) {
    // phone 0912000003 and merchant@example.com belong to someone else (the server's words when taken)
    const value = call.url.searchParams.get('fieldVal');
    return value === '0912000003' || value === 'merchant@example.com' ? refuse(200, PHONE_TAKEN) : null;
  }
  if (path.endsWith('/sys/user/add')) return { id: 99 };
  return new Response(null, { status: 404 });
}

describe('the user form: the rules before sending, the username checked as it is typed', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-users'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses a bad username, a weak password, a bad phone and a bad email in the server\'s words, and sends nothing', async () => {
    signIn(['system:user:add']);
    const calls = stubFetch(server);
    renderUi(<UserFormDrawer open user={null} onClose={vi.fn()} />);
    await screen.findByTestId('user-form-username');
    await type('Username', 'ab');
    await type('Password', 'password');
    await type('Real name', 'Someone');
    await type('Mobile number', '12345');
    await type('Email', 'not-an-email');
    await save();
    expect(await screen.findByText('The username needs 4 to 32 characters: letters, digits and underscores only')).toBeTruthy();
    expect(screen.getByText('The password needs 8 to 64 characters with both letters and digits')).toBeTruthy();
    // the phone and e-mail are validated after a pause in typing (the duplicate check's debounce): their words come a moment later
    expect(await screen.findByText(/^Invalid phone number/)).toBeTruthy();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('says a taken username as the user types it, and adds once the name is free', async () => {
    signIn(['system:user:add']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<UserFormDrawer open user={null} onClose={onClose} />);
    await screen.findByTestId('user-form-username');
    await type('Username', 'Merchant');
    expect(await screen.findByText(TAKEN, undefined, { timeout: 3000 })).toBeTruthy();
    await type('Password', 'Welcome2026');
    await type('Real name', 'Someone');
    await save();
    expect(writes(calls)).toEqual([]);

    await type('Username', 'newcomer');
    await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('username') === 'newcomer')).toBe(true), { timeout: 3000 });
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    // the administrator chose the password: by default its user changes it at the next sign-in
    expect(writes(calls)[0]?.body).toMatchObject({ username: 'newcomer', password: 'Welcome2026', passwordChangeRequired: true, realname: 'Someone', departIds: [], roleIds: [], positionIds: [] });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('leaves the password as it is at the next sign-in when the administrator says so', async () => {
    signIn(['system:user:add']);
    const calls = stubFetch(server);
    renderUi(<UserFormDrawer open user={null} onClose={vi.fn()} />);
    await screen.findByTestId('user-form-username');
    await type('Username', 'kiosk_user');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('username') === 'kiosk_user')).toBe(true), { timeout: 3000 });
    await type('Password', 'Welcome2026');
    await type('Real name', 'Kiosk');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Must change this password at the next sign-in' }));
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({ username: 'kiosk_user', passwordChangeRequired: false });
  });

  it('checks a phone and an email with the server only once they are given and valid, showing its message', async () => {
    signIn(['system:user:add']);
    const calls = stubFetch(server);
    renderUi(<UserFormDrawer open user={null} onClose={vi.fn()} />);
    await screen.findByTestId('user-form-username');
    await type('Username', 'newcomer');
    await type('Password', 'secret123');
    await type('Real name', 'Someone');
    await save();
    // empty phone and email: no duplicate check at all
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/sys/user/add'))).toBe(true), { timeout: 3000 });
    expect(duplicateChecks(calls)).toEqual([]);
    await type('Mobile number', '12345');
    expect(await screen.findByText(/^Invalid phone number/)).toBeTruthy();
    // the form's own rule refused it first: the server was not asked
    expect(duplicateChecks(calls)).toEqual([]);
    await type('Mobile number', '0912000003');
    expect(await screen.findByText(PHONE_TAKEN, undefined, { timeout: 3000 })).toBeTruthy();
    const asked = duplicateChecks(calls).map((call) => Object.fromEntries(call.url.searchParams));
    expect(asked.at(-1)).toMatchObject({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '0912000003' });
    // typing is debounced: far fewer requests than keystrokes
    expect(asked.length).toBeLessThan(4);
    await type('Email', 'merchant@example.com');
    await waitFor(() => expect(screen.getAllByText(PHONE_TAKEN)).toHaveLength(2), { timeout: 3000 });
  });

  it('saves an unchanged user as they are: the current department stays the second of two, and every other field', async () => {
    signIn(['system:user:edit']);
    const calls = stubFetch((call) => {
      if (call.url.pathname.endsWith('/sys/user/departIdTree')) {
        return [{ key: 7, value: 7, title: 'Sales', orgCode: 'A01A01', children: [{ key: 9, value: 9, title: 'Support', orgCode: 'A01A03', children: [] }] }];
      }
      if (call.url.pathname.endsWith('/sys/position/list')) return { records: [{ id: 3, code: 'clerk', name: 'Clerk', rank: 1, createdAt: '2026-01-01 00:00:00' }], total: 1, current: 1, size: 200, pages: 1 };
      if (call.url.pathname.endsWith('/sys/role/queryall')) return [{ id: 21, roleCode: 'warehouse_clerk', roleName: 'Warehouse clerk', description: '', createdAt: '2026-01-01 00:00:00' }];
      if (call.url.pathname.endsWith('/sys/user/edit')) return null;
      return server(call);
    });
    const user: UserRecord = {
      id: 5, username: 'staff', realname: 'Staff', avatar: '/sys/common/static/avatar/5.png', phone: '0912000005', email: 'staff@example.com', workNo: 'W5', status: 1, top: false, mainAccount: false,
      orgCode: 'A01A03', departs: [{ id: 7, name: 'Sales', orgCode: 'A01A01' }, { id: 9, name: 'Support', orgCode: 'A01A03' }],
      // a role of another department's administrator, not in this caller's list: it stays
      positions: [{ id: 3, name: 'Clerk' }], roles: [{ id: 21, name: 'Warehouse clerk' }, { id: 30, name: 'Auditor' }], createdAt: '2026-01-01 00:00:00',
    };
    renderUi(<UserFormDrawer open user={user} onClose={vi.fn()} />);
    // the departments are known (the current department's select is enabled by them): the form has settled
    await waitFor(() => expect(screen.getByTestId('user-form-org-code').closest('.ant-select')?.classList.contains('ant-select-disabled')).toBe(false));
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({
      id: 5, realname: 'Staff', phone: '0912000005', email: 'staff@example.com', workNo: 'W5', avatar: user.avatar,
      departIds: [7, 9], orgCode: 'A01A03', positionIds: [3], roleIds: [21, 30],
    });
  });
});
