import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { formDefinition, type FormDefinitionInput, type FormFieldInput, type FormValues } from '@portal/shared/online';
import { changeLanguage } from '../../lib/i18n.ts';
import { dictOption } from '../../test/fixtures.ts';
import { reportServer } from '../../test/online-report-fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../test/render-ui.tsx';
import { FormRenderer } from './form-renderer.tsx';
import type { ControlValues } from './form-values.ts';

const titles = (en: string) => ({ 'zh-TW': `${en}（繁）`, 'zh-CN': `${en}（简）`, 'en-US': en });
const field = (key: string, type: FormFieldInput['type'], more: Partial<FormFieldInput> = {}): FormFieldInput => ({ key, titles: titles(key.charAt(0).toUpperCase() + key.slice(1)), type, ...more });
const define = (fields: FormFieldInput[], more: Partial<FormDefinitionInput> = {}) => formDefinition.parse({ code: 'contacts', titles: titles('Contacts'), fields, ...more });
const DICTS = { contact_kind: [dictOption('supplier', 'Supplier'), dictOption('carrier', 'Carrier')] };

/** The renderer in a form with a submit button, as the page's drawer and the designer's preview hold it. */
function Harness({ definition, onSubmit, rowId, values }: { definition: ReturnType<typeof define>; onSubmit: (values: FormValues) => void; rowId?: number; values?: FormValues }) {
  const [form] = Form.useForm<ControlValues>();
  return (
    <>
      <FormRenderer definition={definition} dictOptions={DICTS} form={form} rowId={rowId} values={values} onSubmit={onSubmit} />
      <Button onClick={() => form.submit()}>submit</Button>
    </>
  );
}

const item = (key: string) => screen.getByTestId(`online-item-${key}`);
const input = (key: string) => screen.getByTestId(`online-field-${key}`);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'submit' }));
const business = (message: string) => new Response(JSON.stringify({ success: false, message, code: 500, result: null, timestamp: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const checks = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname.startsWith('/api/sys/'));

describe('the online form renderer', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('draws each type in its row of the layout, titled in the user language, with the defaults of a new row; submits the values in the server shape', async () => {
    stubFetch(() => null);
    const onSubmit = vi.fn();
    const definition = define(
      [
        field('name', 'text', { span: 12, defaultValue: 'Acme' }),
        field('note', 'textarea'),
        field('weight', 'number', { span: 8, scale: 3, defaultValue: '1.5' }),
        field('boxes', 'integer', { span: 8 }),
        field('since', 'date', { defaultValue: '2026-11-01' }),
        field('kind', 'select', { dictCode: 'contact_kind', defaultValue: 'carrier' }),
        field('tier', 'radio', { dictCode: 'contact_kind' }),
        field('roles', 'checkbox', { dictCode: 'contact_kind', defaultValue: 'supplier' }),
        field('active', 'switch', { defaultValue: '1' }),
      ],
      { layout: { columns: 3 } },
    );
    renderUi(<Harness definition={definition} onSubmit={onSubmit} />);
    expect(within(item('name')).getByText('Name')).toBeTruthy();
    expect(input('name')).toHaveProperty('value', 'Acme');
    expect(input('note').tagName).toBe('TEXTAREA');
    // spans: half a row, a third; the whole row for the rest
    expect(item('name').closest('.ant-col')?.className).toContain('ant-col-sm-12');
    expect(item('weight').closest('.ant-col')?.className).toContain('ant-col-sm-8');
    expect(item('note').closest('.ant-col')?.className).toContain('ant-col-sm-24');
    expect(within(item('tier')).getByText('Supplier')).toBeTruthy();
    expect(within(item('roles')).getByRole('checkbox', { name: 'Supplier' })).toHaveProperty('checked', true);
    expect(within(item('kind')).getByText('Carrier')).toBeTruthy();

    fireEvent.click(within(item('tier')).getByRole('radio', { name: 'Carrier' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Acme', note: null, weight: '1.5', boxes: null, since: '2026-11-01', kind: 'carrier', tier: 'carrier', roles: ['supplier'], active: true });
  });

  test('applies the field rules: required, max length, bounds', async () => {
    stubFetch(() => null);
    const onSubmit = vi.fn();
    renderUi(<Harness definition={define([field('name', 'text', { required: true, maxLength: 5 }), field('boxes', 'integer', { min: '1', max: '10' })])} onSubmit={onSubmit} />);
    fireEvent.change(input('boxes'), { target: { value: '12' } });
    submit();
    expect(await screen.findByText('Enter Name')).toBeTruthy();
    expect(await screen.findByText('Boxes must be between 1 and 10')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('an enhancement requires a field, hides one (not drawn, not sent) and sets one as the values change', async () => {
    stubFetch(() => null);
    const onSubmit = vi.fn();
    const definition = define(
      [field('kind', 'select', { dictCode: 'contact_kind' }), field('licence', 'text'), field('note', 'text'), field('priority', 'text')],
      {
        enhancements: [
          { when: { field: 'kind', condition: 'eq', value: 'carrier' }, then: [{ action: 'require', field: 'licence' }, { action: 'set', field: 'priority', value: 'high' }] },
          { when: { field: 'kind', condition: 'empty' }, then: [{ action: 'hide', field: 'note' }] },
        ],
      },
    );
    renderUi(<Harness definition={definition} onSubmit={onSubmit} />);
    expect(screen.queryByTestId('online-item-note')).toBeNull();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // the hidden note is left out
    expect(onSubmit.mock.calls[0]![0]).toEqual({ kind: null, licence: null, priority: null });

    fireEvent.mouseDown(within(item('kind')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Carrier'));
    await waitFor(() => expect(input('priority')).toHaveProperty('value', 'high'));
    expect(screen.getByTestId('online-item-note')).toBeTruthy();
    submit();
    expect(await screen.findByText('Enter Licence')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  test('a broken enhancement is logged to the console and skipped: the form and the other rules go on', async () => {
    stubFetch(() => null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSubmit = vi.fn();
    const definition = define([field('kind', 'text'), field('code', 'text')], {
      enhancements: [
        { when: { field: 'ghost', condition: 'not_empty' }, then: [{ action: 'hide', field: 'kind' }] },
        { when: { field: 'kind', condition: 'eq', value: 'x' }, then: [{ action: 'require', field: 'code' }] },
      ],
    });
    renderUi(<Harness definition={definition} onSubmit={onSubmit} />);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]![0])).toContain('"ghost"');
    fireEvent.change(input('kind'), { target: { value: 'x' } });
    submit();
    expect(await screen.findByText('Enter Code')).toBeTruthy();
    fireEvent.change(input('code'), { target: { value: 'C1' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'x', code: 'C1' }));
  });

  test('the duplicate and rule checks ask the server only for a given value and show its message', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/sys/duplicate/check') return call.url.searchParams.get('fieldVal') === '0912345678' ? business('This value is already used') : null;
      if (call.url.pathname === '/api/sys/checkRule/checkByCode') return call.url.searchParams.get('value') === 'bad' ? business('The code must be 3 letters') : null;
      return null;
    });
    const onSubmit = vi.fn();
    renderUi(<Harness definition={define([field('phone', 'text', { unique: true }), field('code', 'text', { ruleCode: 'supplier_code' })])} rowId={7} values={{ phone: null, code: null }} onSubmit={onSubmit} />);
    // empty: nothing asked, the form submits
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(checks(calls)).toEqual([]);

    await userEvent.type(input('phone'), '0912345678');
    expect(await within(item('phone')).findByText('This value is already used')).toBeTruthy();
    const duplicate = checks(calls).filter((call) => call.url.pathname === '/api/sys/duplicate/check').at(-1)!;
    expect(Object.fromEntries(duplicate.url.searchParams)).toMatchObject({ tableName: 'onl_contacts', fieldName: 'phone', fieldVal: '0912345678', dataId: '7' });
    // debounced: not one request per key
    expect(checks(calls).length).toBeLessThan(5);

    fireEvent.change(input('code'), { target: { value: 'bad' } });
    expect(await within(item('code')).findByText('The code must be 3 letters')).toBeTruthy();
    expect(checks(calls).some((call) => call.url.pathname === '/api/sys/checkRule/checkByCode' && call.url.searchParams.get('ruleCode') === 'supplier_code')).toBe(true);
  });

  test('a popup field is read-only; its search opens the report picker and the picked row fills the target fields', async () => {
    const calls = stubFetch(reportServer());
    const onSubmit = vi.fn();
    const definition = define([
      field('orderNo', 'popup', { required: true, popup: { reportCode: 'order_picker', originalFields: 'orderNo,recipientName,weight', targetFields: 'orderNo,recipient,kg', multi: false } }),
      field('recipient', 'text'),
      field('kg', 'number', { scale: 1 }),
    ]);
    renderUi(<Harness definition={definition} onSubmit={onSubmit} />);
    expect(input('orderNo')).toHaveProperty('readOnly', true);
    fireEvent.click(screen.getByTestId('online-field-orderNo-search'));
    const picked = await screen.findByText('LO0003');
    expect(calls.some((call) => call.url.pathname === '/api/online/cgreport/api/getRpColumns/order_picker')).toBe(true);
    fireEvent.click(picked.closest('tr')!);
    fireEvent.click(screen.getByRole('button', { name: /確\s?定|OK/ }));
    await waitFor(() => expect(input('orderNo')).toHaveProperty('value', 'LO0003'));
    expect(input('recipient')).toHaveProperty('value', '收件人3');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ orderNo: 'LO0003', recipient: '收件人3', kg: '1.5' }));
  });
});
