import type { PermissionCode } from '@portal/shared/permissions';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useAuth } from '../lib/auth.ts';
import { Access } from './access.tsx';

const entry = (action: string, status = '1') => ({ action, describe: action, type: '1', status });

function grant(auth: string[], allAuth: { action: string; status: string }[] = []) {
  useAuth.setState({ permissions: { menu: [], auth: auth.map((a) => entry(a)), allAuth: allAuth.map((a) => entry(a.action, a.status)) } });
}

describe('<Access> (spec §6)', () => {
  afterEach(() => useAuth.setState({ permissions: null }));

  it('shows its children when the code is granted, also within a comma-separated action', () => {
    grant(['order:add', 'order:edit,order:print']);
    render(
      <>
        <Access code={'order:add' as PermissionCode}>
          <button>add</button>
        </Access>
        <Access code={'order:print' as PermissionCode}>
          <button>print</button>
        </Access>
      </>,
    );
    expect(screen.getByRole('button', { name: 'add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'print' })).toBeTruthy();
  });

  it('removes them (or shows the fallback) when the code is not granted', () => {
    grant(['order:add'], [{ action: 'order:cancel', status: '1' }]);
    render(
      <>
        <Access code={'order:cancel' as PermissionCode}>
          <button>cancel</button>
        </Access>
        <Access code={'order:export' as PermissionCode} fallback={<span>no export</span>}>
          <button>export</button>
        </Access>
        <Access code={'order:ad' as PermissionCode}>
          <button>prefix</button>
        </Access>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'export' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'prefix' })).toBeNull();
    expect(screen.getByText('no export')).toBeTruthy();
  });

  it('lets everyone through an all-auth entry with status 0 (a rule switched off)', () => {
    grant([], [{ action: 'order:label', status: '0' }, { action: 'order:delete', status: '1' }]);
    render(
      <>
        <Access code={'order:label' as PermissionCode}>
          <button>label</button>
        </Access>
        <Access code={'order:delete' as PermissionCode}>
          <button>delete</button>
        </Access>
      </>,
    );
    expect(screen.getByRole('button', { name: 'label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull();
  });

  it('shows nothing before the permissions are loaded', () => {
    useAuth.setState({ permissions: null });
    render(
      <Access code={'order:add' as PermissionCode} fallback="-">
        <button>add</button>
      </Access>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
