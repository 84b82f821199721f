import { useEffect, useMemo } from 'react';
import { App, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { joinedRowKey, POPUP_PAGE_SIZES, type QueryInfoItem, type RpColumnsAnswer } from '@portal/shared/online';
import type { DictOption } from '@portal/shared/sys';
import { formatDateTime } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { literal } from '../list-page/text-key.ts';
import type { ListColumn, ListPageConfig, QueryField } from '../list-page/list-config.ts';
import { fetchReportData, queryInfoQuery, rpColumnsQuery, type ReportRow } from './report-api.ts';

/** A row's own id when the report has one (the users' picker), else its values joined (spec §9). */
export const reportRowKey = (row: ReportRow): string => (typeof row.id === 'number' || (typeof row.id === 'string' && row.id !== '') ? String(row.id) : joinedRowKey(row));

/** A value shown as its dictionary's text and colour (the column's customRender names a list of dictOptions). */
function DictCell({ options, value }: { options: readonly DictOption[]; value: ReportRow[string] }) {
  if (value === null || value === '') return null;
  const option = options.find((item) => item.value === String(value));
  if (!option) return <>{value}</>;
  return <Tag color={option.color && option.color !== 'default' ? option.color : undefined}>{option.text}</Tag>;
}

/** A moment (the data sets answer ISO 8601) in the user's time; anything else as it is. */
const cellText = (value: ReportRow[string]) => (typeof value === 'string' && ISO_MOMENT.test(value) ? formatDateTime(value) : (value ?? ''));
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The report's columns for the list toolkit: titles as the server sent them (in the user's language). */
export function reportColumns(answer: RpColumnsAnswer): ListColumn<ReportRow>[] {
  return answer.columns.map((column) => {
    const options = column.customRender ? answer.dictOptions[column.customRender] : undefined;
    return {
      dataIndex: column.dataIndex,
      title: literal(column.title),
      width: column.width,
      sorter: column.sorter,
      render: options ? (row: ReportRow) => <DictCell options={options} value={row[column.dataIndex] ?? null} /> : (row: ReportRow) => cellText(row[column.dataIndex] ?? null),
    };
  });
}

/**
 * The report's query fields for the toolkit's form: a range is sent as `<field>_begin` / `<field>_end`
 * (dates by the toolkit's range picker, numbers as two fields), a dictionary's field offers the
 * dictionary's values, and hidden '1' shows the field only when the form is expanded.
 */
export function reportQueryFields(items: readonly QueryInfoItem[], dictOptions: RpColumnsAnswer['dictOptions'], t: TFunction): QueryField[] {
  return items.flatMap((item): QueryField[] => {
    const base = { label: literal(item.label), hidden: item.hidden === '1' };
    if (item.mode === 'group') {
      if (item.type === 'date') return [{ ...base, name: item.field, type: 'date-range' }];
      return [
        { ...base, name: `${item.field}_begin`, label: literal(t('components.onlineReport.rangeFrom', { label: item.label })), type: 'number' },
        { ...base, name: `${item.field}_end`, label: literal(t('components.onlineReport.rangeTo', { label: item.label })), type: 'number' },
      ];
    }
    if (item.dictCode) {
      const options = dictOptions[item.dictCode];
      if (options) return [{ ...base, name: item.field, type: 'select', options: options.map((option) => ({ value: option.value, label: literal(option.text) })) }];
      return [{ ...base, name: item.field, type: 'dict', dict: item.dictCode }];
    }
    if ((item.type === 'number' || item.type === 'money') && item.operator === 'eq') return [{ ...base, name: item.field, type: 'number' }];
    return [{ ...base, name: item.field, type: 'input' }];
  });
}

/** The query form's first values: the report's defaults (a date range has none: it is picked). */
export function reportQueryDefaults(items: readonly QueryInfoItem[]): Record<string, string> {
  return Object.fromEntries(items.filter((item) => item.defaultValue !== '' && item.mode === 'single').map((item) => [item.field, item.defaultValue]));
}

export type ReportConfigState = {
  answer: RpColumnsAnswer | undefined;
  config: ListPageConfig<ReportRow> | undefined;
  pending: boolean;
  failed: boolean;
  retry: () => void;
};

/**
 * A report as a list-page config: columns from getRpColumns (by code), the query form from getQueryInfo
 * (by the report's id), rows from getData. Both configuration answers are reused for 30 s per group.
 * A failed getQueryInfo shows the server's message as a warning (spec §8) and leaves the list without
 * a query form.
 */
export function useReportConfig(code: string, group: string = code): ReportConfigState {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLanguage();
  const columns = useQuery({ ...rpColumnsQuery(group, code), queryKey: [...rpColumnsQuery(group, code).queryKey, language] });
  const id = columns.data?.cgRpConfigId;
  const info = useQuery({ ...queryInfoQuery(group, code, id), queryKey: [...queryInfoQuery(group, code, id).queryKey, language] });
  const infoError = info.error;
  useEffect(() => {
    if (infoError) message.warning(infoError.message || t('errors.operationFailed'));
  }, [infoError, message, t]);

  const answer = columns.data;
  const items = info.data;
  const infoSettled = info.isSuccess || info.isError;
  const config = useMemo<ListPageConfig<ReportRow> | undefined>(() => {
    if (!answer || !infoSettled) return undefined;
    const reportId = answer.cgRpConfigId;
    return {
      id: `online-report-${code}`,
      rowKey: reportRowKey,
      columns: reportColumns(answer),
      query: items ? reportQueryFields(items, answer.dictOptions, t) : [],
      defaults: items ? reportQueryDefaults(items) : undefined,
      defaultSort: answer.defaultSort,
      queryKey: [group, code, 'data', reportId],
      fetcher: async (params, signal) => {
        const page = await fetchReportData(reportId, params, signal);
        return { records: page.records, total: page.total, totalExact: page.totalExact, current: params.pageNo, size: params.pageSize, pages: Math.ceil(page.total / params.pageSize) };
      },
      pageSize: POPUP_PAGE_SIZES[0],
      pageSizeOptions: POPUP_PAGE_SIZES,
    };
  }, [answer, items, infoSettled, code, group, t]);

  return {
    answer,
    config,
    pending: columns.isPending || (columns.isSuccess && !infoSettled),
    failed: columns.isError,
    retry: () => void columns.refetch(),
  };
}
