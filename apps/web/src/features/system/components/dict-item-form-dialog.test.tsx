import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DictItemRecord } from '@portal/shared/system-dicts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { DictItemFormDialog } from './dict-item-form-dialog.tsx';

const type = async (label: string, value: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), value);
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

const LOST: DictItemRecord = { id: 7, dictId: 3, itemValue: 'LOST', itemText: { 'zh-TW': '已遺失', 'zh-CN': '已丢失', 'en-US': 'Lost' }, color: 'red', sortOrder: 110, status: 1 };

/** 'BOX' is taken in the dictionary. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  const body = call.body as { itemValue?: string } | undefined;
  if (path.endsWith('/sys/dictItem/add')) return body?.itemValue === 'BOX' ? refuse(409, 'The value "BOX" is already in this dictionary') : { ...LOST, id: 9, ...(body as object) };
  if (path.endsWith('/sys/dictItem/edit')) return { ...LOST, ...(body as object) };
  return new Response(null, { status: 404 });
}

describe('the dictionary item form: three languages, colour, order and status', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-dicts'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('requires the zh-TW text, refuses a bad colour, sends empty texts for the others to fall back, and shows a taken value', async () => {
    signIn(['system:dict:item']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<DictItemFormDialog open dictId={3} builtIn={false} item={null} nextSort={30} onClose={onClose} />);
    await screen.findByTestId('dict-item-value');
    await type('Value', 'BOX');
    await type('Colour', 'red;');
    await save();
    expect(await screen.findByText('Text is required')).toBeTruthy();
    expect(await screen.findByText('The colour must be a preset name (such as blue) or #rrggbb')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await type('Text（Traditional Chinese）', '紙箱');
    await type('Text（English）', 'Carton');
    await type('Colour', 'blue');
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ dictId: 3, itemValue: 'BOX', itemText: { 'zh-TW': '紙箱', 'zh-CN': '', 'en-US': 'Carton' }, color: 'blue', sortOrder: 30, status: 1 });
    // the server's refusal stays in the dialog, which stays open
    expect(await screen.findByText('The value "BOX" is already in this dictionary')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await type('Value', 'CRATE');
    await userEvent.click(screen.getByTestId('dict-item-enabled'));
    await userEvent.clear(screen.getByLabelText('Colour'));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)[1]?.body).toMatchObject({ itemValue: 'CRATE', color: null, status: 0 });
  });

  it('in a dictionary the code relies on, edits the texts but not the value, and keeps the item enabled', async () => {
    signIn(['system:dict:item']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<DictItemFormDialog open dictId={3} builtIn item={LOST} nextSort={0} onClose={onClose} />);
    await screen.findByTestId('dict-item-value');
    expect((screen.getByTestId('dict-item-value') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Used by the system: the value cannot change')).toBeTruthy();
    expect((screen.getByTestId('dict-item-enabled') as HTMLButtonElement).disabled).toBe(true);
    await type('Text（English）', 'Missing');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)[0]?.body).toEqual({ id: 7, itemValue: 'LOST', itemText: { 'zh-TW': '已遺失', 'zh-CN': '已丢失', 'en-US': 'Missing' }, color: 'red', sortOrder: 110, status: 1 });
  });
});
