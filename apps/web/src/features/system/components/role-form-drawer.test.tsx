import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { RoleFormDrawer } from './role-form-drawer.tsx';

const type = async (label: string, value: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), value);
};
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/** 'merchant_admin' is taken in the tenant. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/role/checkRoleCode')) return call.url.searchParams.get('roleCode') !== 'merchant_admin';
  if (path.endsWith('/sys/role/add')) return { id: 9, roleCode: 'clerk', roleName: 'Clerk', description: '', createdAt: '2026-01-01T00:00:00Z' };
  return new Response(null, { status: 404 });
}

describe('the role form: the code checked by its rule and against the tenant as it is typed', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-roles'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says an empty code is required once, with its rule as the hint and not a second time as an error', async () => {
    signIn(['system:role:add']);
    stubFetch(server);
    renderUi(<RoleFormDrawer open role={null} onClose={vi.fn()} />);
    await screen.findByTestId('role-form-code');
    await type('Role name', 'Clerk');
    await userEvent.click(screen.getByTestId('role-form-save'));
    expect(await screen.findByText('Role code is required')).toBeTruthy();
    expect(screen.getAllByText('Starts with a letter; letters, digits, underscores and dashes only')).toHaveLength(1);
  });

  it('refuses a code against the rule or taken, and adds once it is free', async () => {
    signIn(['system:role:add']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<RoleFormDrawer open role={null} onClose={onClose} />);
    await screen.findByTestId('role-form-code');
    await type('Role code', '1clerk');
    await type('Role name', 'Clerk');
    await userEvent.click(screen.getByTestId('role-form-save'));
    expect(await screen.findAllByText('Starts with a letter; letters, digits, underscores and dashes only')).toHaveLength(2);

    await type('Role code', 'merchant_admin');
    expect(await screen.findByText('This role code is taken', undefined, { timeout: 3000 })).toBeTruthy();
    await userEvent.click(screen.getByTestId('role-form-save'));
    expect(writes(calls)).toEqual([]);

    await type('Role code', 'clerk');
    await waitFor(() => expect(screen.queryByText('This role code is taken')).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('roleCode') === 'clerk')).toBe(true), { timeout: 3000 });
    await userEvent.click(screen.getByTestId('role-form-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ roleCode: 'clerk', roleName: 'Clerk', description: '' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
