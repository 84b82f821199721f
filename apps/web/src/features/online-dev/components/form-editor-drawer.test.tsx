import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField } from '@portal/shared/online';
import type { DictRecord } from '@portal/shared/system-dicts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { formField, formRecord } from '../test/fixtures.ts';
import { FormEditorDrawer } from './form-editor-drawer.tsx';

const save = () => userEvent.click(screen.getByTestId('form-save'));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const empty = { records: [], total: 0, current: 1, size: 100, pages: 0 };

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/online/cgreport/head/list') || path.endsWith('/sys/checkRule/list')) return empty;
  if (path.endsWith('/sys/dict/names')) return [contactKind];
  if (path.endsWith('/online/cgform/head/edit')) return formRecord();
  return new Response(null, { status: 404 });
}

const contactKind: DictRecord = {
  id: 5,
  dictCode: 'contact_kind',
  dictName: { 'zh-TW': '聯絡人類型', 'zh-CN': '联系人类型', 'en-US': 'Contact kind' },
  description: '',
  builtIn: false,
  itemCount: 3,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

const popupField = (originalFields: string, targetFields: string): FormField => ({ ...formField('customer', 'popup'), popup: { reportCode: 'orders', originalFields, targetFields, multi: false } });

describe('the form editor: checked before sending', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-dev'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says the spec’s popup messages: lists of different counts, then a list missing', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    const record = formRecord([popupField('order_no,receiver_name', 'order_no'), formField('order_no')]);
    renderUi(<FormEditorDrawer open record={record} onClose={vi.fn()} />);
    await screen.findByTestId('form-field-popup-0');
    await save();
    expect(await screen.findByText('The popup is not configured correctly: the original and target field lists differ in count!')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Form fields 1'));
    await save();
    expect(await screen.findByText('The popup is not configured correctly!')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses two fields of one name, a bad key, a minimum above the maximum and a select without a dictionary', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    const record = formRecord([formField('customer'), formField('customer'), { ...formField('weight', 'number'), min: '10', max: '2' }, formField('kind', 'select')]);
    renderUi(<FormEditorDrawer open record={record} onClose={vi.fn()} />);
    await screen.findByTestId('form-field-key-0');
    await save();
    // both fields' messages: findAll would answer with the first one drawn
    await waitFor(() => expect(screen.getAllByText('Another field has this name').length).toBe(2));
    expect(screen.getByText('The minimum cannot be above the maximum')).toBeTruthy();
    expect(screen.getByText('A drop-down, radio or check-box field needs a dictionary')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Field name 2'));
    await userEvent.type(screen.getByLabelText('Field name 2'), '2nd');
    expect(await screen.findByText('A field name starts with a letter and has at most 40 letters, digits or underscores')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('sends a correct definition with the version read', async () => {
    signIn(['system:online:edit']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    const record = formRecord([popupField('order_no,receiver_name', 'order_no,receiver'), formField('order_no'), formField('receiver')]);
    renderUi(<FormEditorDrawer open record={record} onClose={onClose} />);
    await screen.findByTestId('form-field-popup-0');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]?.body).toEqual({ ...record.definition, id: 11, version: 2 });
  });

  it('takes a select field’s dictionary from the picker, by name, and sends its code', async () => {
    signIn(['system:online:edit']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    const record = formRecord([formField('kind', 'select')]);
    renderUi(<FormEditorDrawer open record={record} onClose={onClose} />);
    await userEvent.click(await screen.findByLabelText('Dictionary 1'));
    await userEvent.click(await screen.findByTitle('Contact kind (contact_kind)'));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = writes(calls)[0]?.body as { fields: FormField[] } | undefined;
    expect(sent?.fields[0]?.dictCode).toBe('contact_kind');
  });
});
