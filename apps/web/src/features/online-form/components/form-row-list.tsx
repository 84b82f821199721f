import { useMemo, type ReactNode } from 'react';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FormField, FormRow, FormSchemaAnswer, FormValue } from '@portal/shared/online';
import type { Language } from '@portal/shared/languages';
import type { DictOption } from '@portal/shared/sys';
import { ExportButton } from '../../../components/export-button.tsx';
import { ImportButton, type ImportTexts } from '../../../components/import-dialog.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListColumn, ListPageConfig, ListParams, QueryField } from '../../../components/list-page/list-config.ts';
import { literal, textKey } from '../../../components/list-page/text-key.ts';
import { titleOf } from '../../../components/online-form/form-values.ts';
import { failureMessage } from '../../../components/server-error.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { cgformKey, exportFormRows, listFormRows, useDeleteFormRow, useDownloadFormTemplate, useImportFormRows } from '../api/cgform.ts';

/** A row of the list: its values under their keys (the sort sends a key), the row itself under a name no key can take. */
export type ListRow = Record<string, unknown>;
const ROW = '_row';
export const rowOf = (record: ListRow) => record[ROW] as FormRow;
const toListRow = (row: FormRow): ListRow => ({ ...row.values, [ROW]: row });

const DICT_TYPES = new Set<FormField['type']>(['select', 'radio', 'checkbox']);

/** A value as the list shows it: a dictionary's text in its colour, a switch as yes or no, a time in the user's zone. */
function Cell({ field, value, options, t }: { field: FormField; value: FormValue | undefined; options: readonly DictOption[] | undefined; t: TFunction<'online-form'> }): ReactNode {
  if (value === undefined || value === null || value === '') return field.type === 'switch' ? t('no') : '';
  if (field.type === 'switch') return value === true || value === 'true' ? t('yes') : t('no');
  if (field.type === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (field.dictCode && DICT_TYPES.has(field.type)) {
    const values = Array.isArray(value) ? value : String(value).split(',').filter(Boolean);
    return values.map((one) => {
      const option = options?.find((candidate) => candidate.value === one);
      return (
        <Tag key={one} color={option?.color && option.color !== 'default' ? option.color : undefined}>
          {option?.text ?? one}
        </Tag>
      );
    });
  }
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A queryable field as the list's query form asks for it: numbers and dates as ranges (`<key>_begin`, `<key>_end`), as the server reads them. */
function queryFieldsOf(field: FormField, label: string, dictOptions: FormSchemaAnswer['dictOptions'], t: TFunction<'online-form'>): QueryField[] {
  const base = { name: field.key, label: literal(label) };
  switch (field.type) {
    case 'number':
    case 'integer': {
      const precision = field.type === 'integer' ? 0 : field.scale;
      return [
        { name: `${field.key}_begin`, label: literal(t('rangeFrom', { label })), type: 'number', precision },
        { name: `${field.key}_end`, label: literal(t('rangeTo', { label })), type: 'number', precision },
      ];
    }
    case 'date':
    case 'datetime':
      return [{ ...base, type: 'date-range' }];
    case 'switch':
      return [{ ...base, type: 'select', options: [{ value: 'true', label: textKey('online-form', 'yes') }, { value: 'false', label: textKey('online-form', 'no') }] }];
    case 'select':
    case 'radio':
    case 'checkbox':
      if (field.dictCode) return [{ ...base, type: 'select', options: (dictOptions[field.dictCode] ?? []).map((option) => ({ value: option.value, label: literal(option.text) })) }];
      return [{ ...base, type: 'input' }];
    default:
      return [{ ...base, type: 'input' }];
  }
}

/** The list's parameters as the server reads them: a date field's range by the user's days (YYYY-MM-DD), not instants. */
export function rowParams<P extends Record<string, string | number | undefined>>(definition: FormSchemaAnswer['definition'], params: P): P {
  const out: Record<string, string | number | undefined> = { ...params };
  for (const field of definition.fields) {
    if (field.type !== 'date') continue;
    for (const name of [`${field.key}_begin`, `${field.key}_end`]) {
      const value = out[name];
      if (typeof value === 'string') out[name] = value.slice(0, 10);
    }
  }
  return out as P;
}

type Handlers = { onEdit: (row: FormRow) => void };

function RowActions({ schema, row, handlers }: { schema: FormSchemaAnswer; row: FormRow; handlers: Handlers }) {
  const { t } = useTranslation('online-form');
  const { message } = App.useApp();
  const remove = useDeleteFormRow(schema.code);
  const confirm = () =>
    remove.mutateAsync(row.id).then(
      () => void message.success(t('deleted')),
      (error: unknown) => {
        const text = failureMessage(error);
        if (text) void message.error(text);
      },
    );
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => handlers.onEdit(row)} data-testid="online-row-edit">
        {t('editAction')}
      </Button>
      <Popconfirm title={t('deleteTitle')} description={t('deleteConfirm')} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true, loading: remove.isPending }} onConfirm={confirm}>
        <Button type="link" size="small" danger data-testid="online-row-delete">
          {t('delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

function rowList(schema: FormSchemaAnswer, language: Language, handlers: Handlers, t: TFunction<'online-form'>): ListPageConfig<ListRow> {
  const { definition, dictOptions } = schema;
  const listed = definition.fields.filter((field) => field.listed);
  const columns: ListColumn<ListRow>[] = listed.map((field, index) => ({
    dataIndex: field.key,
    title: literal(titleOf(field, language)),
    width: field.type === 'textarea' ? 240 : 160,
    sorter: true,
    phone: index < 2,
    render: (record) => <Cell field={field} value={record[field.key] as FormValue | undefined} options={field.dictCode ? dictOptions[field.dictCode] : undefined} t={t} />,
  }));
  columns.push({ key: 'actions', title: textKey('online-form', 'actions'), fixed: 'right', width: 140, phone: true, render: (record) => <RowActions schema={schema} row={rowOf(record)} handlers={handlers} /> });
  return {
    id: `online-form-${schema.code}`,
    rowKey: (record) => String(rowOf(record).id),
    queryKey: [...cgformKey(schema.code), 'rows'],
    fetcher: (params, signal) => listFormRows(schema.code, rowParams(definition, params), signal).then((page) => ({ ...page, records: page.records.map(toListRow) })),
    query: definition.fields.filter((field) => field.queryable).flatMap((field) => queryFieldsOf(field, titleOf(field, language), dictOptions, t)),
    columns,
  };
}

/** What the list shows, all of it: the export takes the filters and the sort, not the page. */
function withoutPaging(params: ListParams): Record<string, string | number | undefined> {
  const filters: Record<string, string | number | undefined> = { ...params };
  delete filters.pageNo;
  delete filters.pageSize;
  return filters;
}

/** The form's rows: its listed fields as columns, its queryable fields as the query form, with add, import and export. */
export function FormRowList({ schema, onAdd, onEdit }: { schema: FormSchemaAnswer; onAdd: () => void; onEdit: (row: FormRow) => void }) {
  const { t } = useTranslation('online-form');
  const language = useLanguage();
  // onEdit is the page's state setter: stable
  const config = useMemo(() => rowList(schema, language, { onEdit }, t), [schema, language, onEdit, t]);
  const template = useDownloadFormTemplate(schema.code);
  const upload = useImportFormRows(schema.code);
  const importTexts: ImportTexts = {
    button: t('import'),
    title: t('importTitle', { title: schema.title }),
    stepTemplate: t('importTemplate'),
    hint: t('importHint'),
    success: (count) => t('imported', { count }),
    failed: (count) => t('importRefused', { count }),
  };
  return (
    <ListPage
      config={config}
      toolbar={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="online-row-add">
            {t('addAction')}
          </Button>
          <ImportButton testId="online-form-import" texts={importTexts} template={template} upload={upload} />
        </Space>
      }
      exportSlot={(params) => <ExportButton label={t('export')} run={(timeZone) => exportFormRows(schema.code, { ...rowParams(schema.definition, withoutPaging(params)), ...(timeZone ? { timeZone } : {}) })} />}
    />
  );
}
