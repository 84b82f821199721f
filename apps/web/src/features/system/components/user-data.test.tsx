import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/auth.ts';
import { pageOf, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { importFileProblem as userImportProblem } from '../../../components/import-dialog.tsx';
import { UserImportButton } from './user-import-button.tsx';
import { UserRecycleBinButton } from './user-recycle-bin.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const entry = (action: string) => ({ action, describe: action, type: '1', status: '1' });
const grant = (codes: string[]) => useAuth.setState({ permissions: { menu: [], auth: codes.map(entry), allAuth: [] } });

describe("the users' import and recycle bin", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('system-user-data');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuth.setState({ permissions: null });
  });

  it('checks a file before sending it: .xlsx only, at most 5 MB', () => {
    expect(userImportProblem({ name: 'users.xlsx', size: 10, type: XLSX })).toBeNull();
    expect(userImportProblem({ name: 'users.csv', size: 10, type: 'text/csv' })).toBe('wrongType');
    expect(userImportProblem({ name: 'users.xlsx', size: 5 * 1024 * 1024 + 1, type: XLSX })).toBe('tooLarge');
  });

  it('shows nothing to a user without the codes', () => {
    grant([]);
    renderUi(
      <>
        <UserImportButton />
        <UserRecycleBinButton />
      </>,
    );
    expect(screen.queryByTestId('user-import')).toBeNull();
    expect(screen.queryByTestId('user-recycle-bin')).toBeNull();
  });

  it('lists every wrong row of a refused import: row, column, message', async () => {
    grant(['system:user:import']);
    const calls = stubFetch(() => ({
      imported: 0,
      errors: [
        { row: 3, column: 'Username', message: 'Username ok_user is already used on row 2' },
        { row: 5, column: 'Password', message: 'The password needs 8 to 64 characters with both letters and digits' },
      ],
    }));
    renderUi(<UserImportButton />);
    fireEvent.click(screen.getByTestId('user-import'));
    await screen.findByTestId('user-import-dialog');
    await userEvent.setup({ applyAccept: false }).upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array(64)], 'users.xlsx', { type: XLSX }));
    fireEvent.click(screen.getByTestId('user-import-submit'));
    const report = await screen.findByTestId('user-import-errors');
    expect(report.textContent).toContain('Errors in the file: 2. No user was imported');
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['3', 'Username', 'Username ok_user is already used on row 2'],
      ['5', 'Password', 'The password needs 8 to 64 characters with both letters and digits'],
    ]);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]!.url.pathname).toBe('/api/sys/user/importExcel');
    expect((calls[0]!.form?.get('file') as File).name).toBe('users.xlsx');
  });

  it('opens the bin and purges a user only once asked', async () => {
    grant(['system:user:delete']);
    const calls = stubFetch((call) =>
      call.url.pathname.endsWith('/recycleBin') ? pageOf([{ id: 41, username: 'gone_user', realname: 'Gone', workNo: '', phone: null, email: null, deletedAt: '2026-11-25T04:00:00Z' }]) : { count: 1 },
    );
    renderUi(<UserRecycleBinButton />);
    fireEvent.click(screen.getByTestId('user-recycle-bin'));
    const table = await screen.findByTestId('user-bin-table');
    await waitFor(() => expect(table.textContent).toContain('gone_user'));
    fireEvent.click(within(table).getByTestId('user-bin-purge'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    // the confirmation's own button, not the row's
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete for good' }).length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete for good' }).find((button) => !table.contains(button))!);
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/sys/user/deleteRecycleBin'));
    expect(calls.find((call) => call.method === 'DELETE')!.url.searchParams.get('userIds')).toBe('41');
  });
});
