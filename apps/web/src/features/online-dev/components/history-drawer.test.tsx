import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry } from '@portal/shared/online';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { useRollbackForm } from '../api/forms.ts';
import { HistoryDrawer } from './history-drawer.tsx';

const entries: HistoryEntry[] = [
  { version: 3, changedAt: '2026-11-03T10:00:00Z', changedBy: 'admin', diff: [{ path: 'fields[0].required', before: false, after: true }], definition: {} },
  { version: 2, changedAt: '2026-11-02T10:00:00Z', changedBy: 'ops', diff: [{ path: 'titles.en-US', before: 'Claim', after: 'Claims' }], definition: {} },
  { version: 1, changedAt: '2026-11-01T10:00:00Z', changedBy: 'admin', diff: [], definition: {} },
];

function Harness() {
  const rollback = useRollbackForm();
  return <HistoryDrawer target={{ kind: 'form', code: 'claims' }} onClose={vi.fn()} rollback={(version) => rollback.mutateAsync({ code: 'claims', version })} />;
}

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/online/history/list')) return entries;
  if (path.endsWith('/online/cgform/head/rollback')) return null;
  return new Response(null, { status: 404 });
}

describe('the history of a definition: versions, differences, rollback', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-dev'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the newest version’s changes, another’s when chosen, and rolls back to an older one once confirmed', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    renderUi(<Harness />);
    const diff = await screen.findByTestId('history-diff');
    expect(within(diff).getByText('fields[0].required')).toBeTruthy();
    expect(within(diff).getByText('true')).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('kind')).toBe('form');
    expect(calls[0]?.url.searchParams.get('code')).toBe('claims');
    // the newest is the current version: nothing to roll back to
    expect(screen.queryByTestId('history-rollback-3')).toBeNull();
    await userEvent.click(screen.getByText('ops'));
    expect(await within(screen.getByTestId('history-diff')).findByText('titles.en-US')).toBeTruthy();
    expect(within(screen.getByTestId('history-diff')).getByText('Claim')).toBeTruthy();
    await userEvent.click(screen.getByTestId('history-rollback-1'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click((await screen.findAllByRole('button', { name: 'Roll back to this version' })).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'form', code: 'claims', version: 1 });
    expect(await screen.findByText('Rolled back to version 1')).toBeTruthy();
  });

  it('offers no rollback without the edit permission', async () => {
    signIn([]);
    stubFetch(server);
    renderUi(<Harness />);
    await screen.findByTestId('history-diff');
    expect(screen.queryByTestId('history-rollback-1')).toBeNull();
  });
});
