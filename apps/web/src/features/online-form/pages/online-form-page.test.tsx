import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { formDefinition, type FormRow, type FormSchemaAnswer } from '@portal/shared/online';
import { changeLanguage } from '../../../lib/i18n.ts';
import { dictOption, inEnglish, signIn } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { rowParams } from '../components/form-row-list.tsx';
import { formCodeOf, OnlineFormPage } from './online-form-page.tsx';

const titles = (en: string) => ({ 'zh-TW': `${en}（繁）`, 'zh-CN': `${en}（简）`, 'en-US': en });
const SCHEMA: FormSchemaAnswer = {
  id: 3,
  code: 'contacts',
  title: 'Supplier contacts',
  definition: formDefinition.parse({
    code: 'contacts',
    titles: titles('Supplier contacts'),
    fields: [
      { key: 'name', titles: titles('Name'), type: 'text', required: true, queryable: true },
      { key: 'phone', titles: titles('Phone'), type: 'text', unique: true },
      { key: 'kind', titles: titles('Kind'), type: 'select', dictCode: 'contact_kind', queryable: true },
      { key: 'secret', titles: titles('Secret'), type: 'text', listed: false },
    ],
  }),
  dictOptions: { contact_kind: [dictOption('supplier', 'Supplier'), dictOption('carrier', 'Carrier')] },
};
const ROW: FormRow = { id: 11, values: { name: 'Chen', phone: '0912345678', kind: 'carrier', secret: 'x' }, version: 2, createdAt: '2026-11-27T08:00:00.000Z', createdBy: 'merchant', updatedAt: '2026-11-27T08:00:00.000Z' };

function answer(extra: (call: FetchCall) => unknown = () => undefined) {
  return stubFetch((call) => {
    const special = extra(call);
    if (special !== undefined) return special;
    if (call.url.pathname === '/api/online/cgform/api/getColumns/contacts') return SCHEMA;
    if (call.url.pathname === '/api/online/cgform/api/getData/contacts') return pageOf([ROW]);
    if (call.url.pathname === '/api/online/cgform/api/form/contacts/11') return ROW;
    if (call.url.pathname === '/api/online/cgform/api/form/contacts') return call.method === 'DELETE' ? null : ROW;
    return null;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: OnlineFormPage }], { initialEntries: [path] });
  return renderUi(<RouterProvider router={router} />);
}

const field = (key: string) => screen.getByTestId(`online-field-${key}`);
const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method && call.url.pathname.startsWith('/api/online/cgform/api/form/'));

describe('the online form page', { timeout: 30_000 }, () => {
  beforeAll(() => inEnglish('online-form'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  test('reads the form code from the last segment of its menu path only', () => {
    expect(formCodeOf('/online/cgform/contacts')).toBe('contacts');
    expect(formCodeOf('/online/cgform/contacts/')).toBe('contacts');
    expect(formCodeOf('/online/cgform/Robert%27)%3B')).toBeNull();
    expect(formCodeOf('/online/cgreport/contacts')).toBeNull();
  });

  test('sends a date field range as the user days, a datetime range as instants', () => {
    const definition = formDefinition.parse({ code: 'visits', titles: titles('Visits'), fields: [{ key: 'day', titles: titles('Day'), type: 'date' }, { key: 'at', titles: titles('At'), type: 'datetime' }] });
    expect(rowParams(definition, { pageNo: 1, day_begin: '2026-11-01T00:00:00+08:00', day_end: '2026-11-30T23:59:59+08:00', at_begin: '2026-11-01T00:00:00+08:00' })).toEqual({
      pageNo: 1,
      day_begin: '2026-11-01',
      day_end: '2026-11-30',
      at_begin: '2026-11-01T00:00:00+08:00',
    });
  });

  test('lists the rows by the listed fields, dictionary values in words; queries and sorts by the form fields', async () => {
    signIn([]);
    const calls = answer();
    renderAt('/online/cgform/contacts');
    expect(await screen.findByText('Supplier contacts')).toBeTruthy();
    const cell = await screen.findByText('Chen');
    const row = cell.closest('tr')!;
    expect(row.textContent).toContain('Carrier');
    expect(row.textContent).not.toContain('carrier');
    expect(screen.queryByText('Secret')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ch' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/getData/contacts') && call.url.searchParams.get('name') === 'Ch')).toBe(true));
    fireEvent.click(screen.getAllByText('Phone').find((element) => element.closest('th'))!);
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('column') === 'phone' && call.url.searchParams.get('order') === 'desc')).toBe(true));
  });

  test('adds a row: the drawer draws the form, sends its values, and shows a taken unique value at its field', async () => {
    signIn([]);
    let taken = true;
    const calls = answer((call) => (call.method === 'POST' && taken ? ((taken = false), refuse(409, 'The value 0911000000 is already used')) : undefined));
    renderAt('/online/cgform/contacts');
    fireEvent.click(await screen.findByTestId('online-row-add'));
    expect(await screen.findByText('New: Supplier contacts')).toBeTruthy();
    fireEvent.change(field('name'), { target: { value: 'Lin' } });
    fireEvent.change(field('phone'), { target: { value: '0911000000' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    expect(await within(screen.getByTestId('online-item-phone')).findByText('The value 0911000000 is already used')).toBeTruthy();
    expect(sent(calls, 'POST')[0]!.body).toEqual({ values: { name: 'Lin', phone: '0911000000', kind: null, secret: null } });

    fireEvent.change(field('phone'), { target: { value: '0911000001' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    await waitFor(() => expect(sent(calls, 'POST')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('New: Supplier contacts')).toBeNull());
  });

  test('edits a row with its version, shows a refusal naming no field above the form, and deletes after confirming', async () => {
    signIn([]);
    let stale = true;
    const calls = answer((call) => (call.method === 'PUT' && stale ? ((stale = false), refuse(409, 'Someone changed this record meanwhile: reload it')) : undefined));
    renderAt('/online/cgform/contacts');
    fireEvent.click(await screen.findByTestId('online-row-edit'));
    await waitFor(() => expect(field('name')).toHaveProperty('value', 'Chen'));
    fireEvent.change(field('name'), { target: { value: 'Chen Da' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    expect((await screen.findByTestId('online-form-failure')).textContent).toContain('Someone changed this record');
    expect(sent(calls, 'PUT')[0]!.body).toEqual({ id: 11, version: 2, values: { name: 'Chen Da', phone: '0912345678', kind: 'carrier', secret: 'x' } });
    // the duplicate check leaves the edited row out
    expect(calls.find((call) => call.url.pathname === '/api/sys/duplicate/check')?.url.searchParams.get('dataId')).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('online-row-delete'));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(calls, 'DELETE')).toHaveLength(1));
    expect(sent(calls, 'DELETE')[0]!.url.searchParams.get('id')).toBe('11');
  });

  test('an address that names no form says so', async () => {
    signIn([]);
    answer();
    renderAt('/online/cgform/Bad-Code');
    expect(await screen.findByTestId('online-form-missing')).toBeTruthy();
  });
});
