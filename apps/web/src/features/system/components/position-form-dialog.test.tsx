import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { PositionFormDialog } from './position-form-dialog.tsx';

const type = async (label: string, value: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), value);
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

/** 'manager' is taken in the tenant. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/position/checkCode')) return call.url.searchParams.get('code')?.toLowerCase() === 'manager' ? refuse(409, 'The position code "manager" is already taken') : null;
  if (path.endsWith('/sys/position/add')) return { id: 9, code: 'director', name: 'Director', rank: 2, createdAt: '2026-01-01T00:00:00Z' };
  return new Response(null, { status: 404 });
}

describe('the position form: the code checked before sending and as it is typed', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-org'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses a code with other characters and a taken code, and sends nothing', async () => {
    signIn(['system:position:add']);
    const calls = stubFetch(server);
    renderUi(<PositionFormDialog open position={null} onClose={vi.fn()} />);
    await screen.findByTestId('position-code');
    await type('Position code', 'a b');
    await type('Position name', 'Someone');
    await save();
    expect(await screen.findByText('A position code may hold only letters, digits, underscores and hyphens')).toBeTruthy();
    await type('Position code', 'Manager');
    expect(await screen.findByText('This position code is already taken', undefined, { timeout: 3000 })).toBeTruthy();
    await save();
    expect(writes(calls)).toEqual([]);
  });

  it('adds a position once its code is free', async () => {
    signIn(['system:position:add']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<PositionFormDialog open position={null} onClose={onClose} />);
    await screen.findByTestId('position-code');
    await type('Position code', 'director');
    await type('Position name', 'Director');
    await type('Rank', '2');
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1), { timeout: 3000 });
    expect(writes(calls)[0]?.body).toEqual({ code: 'director', name: 'Director', rank: 2 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
