import type { DataSetRecord, FormField, FormRecordDefinition, ReportRecord } from '@portal/shared/online';

const titles = (text: string) => ({ 'zh-TW': text, 'zh-CN': text, 'en-US': text });

/** The orders data set as the server's catalogue describes it (a part of its fields). */
export const ordersDataSet: DataSetRecord = {
  id: 'orders',
  titles: titles('Orders'),
  permissions: ['logistics:order:list'],
  fields: [
    { key: 'order_no', titles: titles('Order number'), type: 'text', dictCode: null, sortable: true, operators: ['eq', 'like'] },
    { key: 'amount', titles: titles('Amount'), type: 'money', dictCode: null, sortable: true, operators: ['eq', 'range'] },
    { key: 'receiver_name', titles: titles('Receiver'), type: 'text', dictCode: null, sortable: false, operators: ['eq', 'like'] },
  ],
};

export function reportRecord(change: Partial<ReportRecord['definition']> = {}): ReportRecord {
  const definition: ReportRecord['definition'] = {
    code: 'big_orders',
    titles: titles('Big orders'),
    dataSet: 'orders',
    columns: [
      { field: 'order_no', titles: titles('Order number'), width: 160, dictCode: null, sortable: true },
      { field: 'amount', titles: titles('Amount'), width: 120, dictCode: null, sortable: true },
    ],
    queryFields: [{ field: 'order_no', operator: 'like', defaultValue: '', hidden: '0' }],
    defaultSort: { field: 'amount', order: 'desc' },
    chart: null,
    ...change,
  };
  return { id: 7, code: definition.code, titles: definition.titles, dataSet: 'orders', definition, version: 3, builtIn: false, menuId: null, updatedAt: '2026-11-01T00:00:00Z', updatedBy: 'admin' };
}

const field = (key: string, type: FormField['type'] = 'text'): FormField => ({
  key,
  titles: titles(key),
  type,
  required: false,
  maxLength: null,
  min: null,
  max: null,
  scale: 2,
  dictCode: null,
  unique: false,
  ruleCode: null,
  defaultValue: '',
  span: 24,
  listed: true,
  queryable: false,
  popup: null,
});

export function formRecord(fields = [field('customer'), field('order_no'), field('receiver')]): FormRecordDefinition {
  const definition: FormRecordDefinition['definition'] = { code: 'claims', titles: titles('Claims'), fields, layout: { columns: 2 }, enhancements: [] };
  return { id: 11, code: 'claims', titles: definition.titles, definition, version: 2, menuId: null, rowCount: 0, updatedAt: '2026-11-01T00:00:00Z', updatedBy: 'admin' };
}

export const formField = field;
