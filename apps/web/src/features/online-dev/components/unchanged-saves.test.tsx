import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataSetRecord, FormField, FormRecordDefinition, ReportRecord } from '@portal/shared/online';
import type { CheckRuleRecord } from '@portal/shared/online-check-rules';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { formField } from '../test/fixtures.ts';
import { CheckRuleEditor } from './check-rule-editor.tsx';
import { FormEditorDrawer } from './form-editor-drawer.tsx';
import { ReportEditorDrawer } from './report-editor-drawer.tsx';

/*
 * The designers opened on a definition that uses every setting they have and saved without a change: the
 * definition sent is the one stored, field by field (each type's own settings, the rules, the chart).
 */

const texts = (zhTW: string, zhCN: string, enUS: string) => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS });
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const empty = { records: [], total: 0, current: 1, size: 100, pages: 0 };

const ORDERS: DataSetRecord = {
  id: 'orders',
  titles: texts('訂單', '订单', 'Orders'),
  permissions: ['logistics:order:list'],
  fields: [
    { key: 'order_no', titles: texts('訂單號', '订单号', 'Order number'), type: 'text', dictCode: null, sortable: true, operators: ['eq', 'like'] },
    { key: 'status', titles: texts('狀態', '状态', 'Status'), type: 'dict', dictCode: 'OrderStatus', sortable: true, operators: ['eq', 'in'] },
    { key: 'amount', titles: texts('金額', '金额', 'Amount'), type: 'money', dictCode: null, sortable: true, operators: ['eq', 'range'] },
    { key: 'created_at', titles: texts('建立時間', '创建时间', 'Created'), type: 'date', dictCode: null, sortable: true, operators: ['range'] },
  ],
};

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/online/cgreport/dataSets')) return [ORDERS];
  if (path.endsWith('/online/cgreport/head/list') || path.endsWith('/sys/checkRule/list')) return empty;
  if (path.endsWith('/sys/dict/names')) return [];
  if (path.endsWith('/sys/duplicate/check')) return null;
  if (call.method !== 'GET') return call.body;
  return new Response(null, { status: 404 });
}

async function saved(calls: FetchCall[], testId: string): Promise<unknown> {
  await userEvent.click(screen.getByTestId(testId));
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  return writes(calls)[0]?.body;
}

describe('the designers: a definition saved unchanged is sent as stored', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-dev'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('a check rule of two patterns, a message left to fall back and a long one', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    const rule: CheckRuleRecord = {
      id: 6,
      ruleCode: 'tw_mobile',
      ruleName: texts('台灣手機', '台湾手机', 'Taiwan mobile'),
      rules: [
        { pattern: '^09\\d{8}$', message: texts('須為 09 開頭的 10 碼', '须为 09 开头的 10 位', '') },
        // a message may be 200 characters long, not the 100 of a title
        { pattern: '^(?!0900)', message: texts('不可為 0900 號碼', '不可为 0900 号码', 'Numbers starting with 0900 are premium-rate lines: give a personal mobile number, one that starts with 09 and is not 0900') },
      ],
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    renderUi(<CheckRuleEditor open rule={rule} onClose={vi.fn()} />);
    await waitFor(() => expect((screen.getByTestId('check-rule-pattern-1') as HTMLInputElement).value).toBe('^(?!0900)'));
    expect(await saved(calls, 'check-rule-save')).toEqual({ id: 6, ruleCode: rule.ruleCode, ruleName: rule.ruleName, rules: rule.rules });
  });

  it('a form with a field of every type, each with its own settings, and its enhancements', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    const fields: FormField[] = [
      { ...formField('customer'), required: true, maxLength: 60, unique: true, ruleCode: 'customer_name', span: 12, queryable: true },
      { ...formField('note', 'textarea'), maxLength: 500, listed: false },
      { ...formField('weight', 'number'), min: '0.001', max: '70.5', scale: 3, defaultValue: '1.000', span: 8 },
      { ...formField('pieces', 'integer'), min: '1', max: '99', scale: 0, defaultValue: '1', span: 8 },
      { ...formField('ship_on', 'date'), span: 8 },
      { ...formField('picked_at', 'datetime') },
      { ...formField('kind', 'select'), dictCode: 'contact_kind', defaultValue: 'agent', queryable: true },
      { ...formField('channel', 'radio'), dictCode: 'channel' },
      { ...formField('extras', 'checkbox'), dictCode: 'extras', defaultValue: 'wrap,insure' },
      { ...formField('urgent', 'switch'), defaultValue: 'true' },
      { ...formField('order', 'popup'), popup: { reportCode: 'orders', originalFields: 'order_no', targetFields: 'order', multi: true } },
    ];
    const record: FormRecordDefinition = {
      id: 11,
      code: 'claims',
      titles: texts('理賠', '理赔', 'Claims'),
      definition: {
        code: 'claims',
        titles: texts('理賠', '理赔', 'Claims'),
        fields,
        layout: { columns: 3 },
        enhancements: [
          { when: { field: 'urgent', condition: 'eq', value: 'true' }, then: [{ action: 'require', field: 'picked_at', value: '' }, { action: 'set', field: 'pieces', value: '1' }] },
          { when: { field: 'kind', condition: 'empty', value: '' }, then: [{ action: 'hide', field: 'channel', value: '' }] },
        ],
      },
      version: 4,
      menuId: 300,
      rowCount: 12,
      updatedAt: '2026-11-01T00:00:00.000Z',
      updatedBy: 'admin',
    };
    renderUi(<FormEditorDrawer open record={record} onClose={vi.fn()} />);
    await screen.findByTestId('form-field-popup-10');
    expect(await saved(calls, 'form-save')).toEqual({ ...record.definition, id: 11, version: 4 });
  });

  it('a report with dictionary columns, default and hidden query fields, a sort and a chart summing a column', async () => {
    signIn(['system:online:edit']);
    const calls = stubFetch(server);
    const definition: ReportRecord['definition'] = {
      code: 'orders_by_status',
      titles: texts('各狀態訂單', '各状态订单', 'Orders by status'),
      dataSet: 'orders',
      columns: [
        { field: 'order_no', titles: texts('訂單號', '订单号', 'Order number'), width: 180, dictCode: null, sortable: true },
        { field: 'status', titles: texts('狀態', '状态', 'Status'), width: 120, dictCode: 'OrderStatus', sortable: false },
        { field: 'amount', titles: texts('金額', '金额', 'Amount'), width: 140, dictCode: null, sortable: true },
        { field: 'created_at', titles: texts('建立時間', '创建时间', 'Created'), width: 170, dictCode: null, sortable: true },
      ],
      queryFields: [
        { field: 'status', operator: 'in', defaultValue: 'CREATED,WHIN', hidden: '0' },
        { field: 'created_at', operator: 'range', defaultValue: '', hidden: '1' },
      ],
      defaultSort: { field: 'created_at', order: 'asc' },
      chart: { type: 'bar', groupBy: 'status', measure: { sum: 'amount' } },
    };
    const report: ReportRecord = { id: 8, code: definition.code, titles: definition.titles, dataSet: 'orders', definition, version: 5, builtIn: false, menuId: null, updatedAt: '2026-11-01T00:00:00.000Z', updatedBy: 'admin' };
    renderUi(<ReportEditorDrawer open report={report} onClose={vi.fn()} />);
    await screen.findByText('Orders');
    expect(await saved(calls, 'report-save')).toEqual({ ...definition, id: 8, version: 5 });
  });
});
