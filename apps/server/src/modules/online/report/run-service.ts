import type { FastifyInstance } from 'fastify';
import type { Language } from '@portal/shared/languages';
import {
  REPORT_CHART_GROUPS_MAX,
  REPORT_PAGE_SIZE_MAX,
  REPORT_ROW_CAP,
  REPORT_STATEMENT_TIMEOUT_MS,
  type QueryInfoItem,
  type ReportDataAnswer,
  type ReportRecord,
  type RpColumnsAnswer,
} from '@portal/shared/online';
import type { DictOption } from '@portal/shared/sys';
import { dayOrTimeParam } from '../../../lib/list.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { isStatementTimeout, withStatementLimit } from '../../../lib/statement-limit.ts';
import { assertExportSize, type ExportColumn } from '../../../lib/xlsx.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { fieldOf, type DataSetField } from '../data-set/repository.ts';
import { readDataSet } from '../data-set/service.ts';
import { chartGroups, countRows, pageRows, type Condition, type Reading, type Sort } from './run-repository.ts';
import { reportOrFail } from './service.ts';

/*
 * The runtime calls of a report (spec §7): the caller needs the data set's permission (platform staff
 * may preview with system:online:preview), reads only their tenant's rows under the screen's data rules,
 * and may name only the report's own query fields and sortable columns. Query parameters that are not
 * fields of the report are refused (400), so a typo or a probe never silently widens an answer.
 */

export type Caller = { app: FastifyInstance; auth: AuthContext; lang: Language };
export type RunQuery = Record<string, string>;

/** Parameters every call may carry besides the report's query fields. */
const PAGING = new Set(['pageNo', 'pageSize', 'column', 'order', '_t']);
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const TEXT_MAX = 100;
const IN_VALUES_MAX = 50;

const titleOf = (titles: Record<string, string>, lang: Language) => titles[lang] ?? Object.values(titles)[0] ?? '';

type Opened = { report: ReportRecord; reading: Omit<Reading, 'conditions'>; field: (key: string) => DataSetField };

async function open(caller: Caller, key: { id: number } | { code: string }): Promise<Opened> {
  const report = await reportOrFail(caller.app.database.db, key);
  const { dataSet, held, scope } = await readDataSet(caller.app, caller.auth, report.dataSet);
  const field = (name: string) => {
    const found = fieldOf(dataSet, name);
    // a definition is checked when saved; a field a later release removed fails safe
    if (!found) throw badRequest('onlineReportFieldUnknown', { dataSet: report.dataSet, name });
    return found;
  };
  return { report, reading: { dataSet, tenantId: caller.auth.tenantId, held, scope }, field };
}

/** The dictionary a column shows its values through: its own, else its field's. */
const dictOfColumn = (report: ReportRecord, field: DataSetField): string | null => report.definition.columns.find((column) => column.field === field.key)?.dictCode ?? field.dictCode;

/** The conditions of the query string: only the report's query fields, each value checked for its type. */
function conditionsOf(opened: Opened, query: RunQuery, also: ReadonlySet<string>, lang: Language): Condition[] {
  const byParam = new Map<string, { field: DataSetField; operator: string; end: 'begin' | 'end' | null }>();
  for (const queryField of opened.report.definition.queryFields) {
    const field = opened.field(queryField.field);
    if (queryField.operator === 'range') {
      byParam.set(`${field.key}_begin`, { field, operator: 'range', end: 'begin' });
      byParam.set(`${field.key}_end`, { field, operator: 'range', end: 'end' });
    } else byParam.set(field.key, { field, operator: queryField.operator, end: null });
  }
  const ranges = new Map<string, Extract<Condition, { operator: 'range' }>>();
  const conditions: Condition[] = [];
  for (const [param, raw] of Object.entries(query)) {
    if (PAGING.has(param) || also.has(param)) continue;
    const target = byParam.get(param);
    if (!target) throw badRequest('onlineReportParamUnknown', { param: param.slice(0, 64) });
    const value = raw.trim();
    if (value === '') continue;
    const { field } = target;
    const invalid = () => badRequest('onlineReportValueInvalid', { name: titleOf(field.titles, lang) });
    if (value.length > TEXT_MAX * (target.operator === 'in' ? 20 : 1)) throw invalid();
    if (field.type === 'number' && !NUMBER.test(value)) throw invalid();
    if (field.type === 'date' && !dayOrTimeParam.safeParse(value).success) throw invalid();
    if (target.operator === 'range') {
      const range = ranges.get(field.key) ?? { field, operator: 'range' as const };
      range[target.end === 'begin' ? 'begin' : 'end'] = value;
      ranges.set(field.key, range);
    } else if (target.operator === 'in') {
      const values = [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))];
      if (values.length === 0 || values.length > IN_VALUES_MAX || values.some((part) => part.length > TEXT_MAX)) throw invalid();
      conditions.push({ field, operator: 'in', values });
    } else conditions.push({ field, operator: target.operator as 'eq' | 'like', value });
  }
  return [...conditions, ...ranges.values()];
}

/** `column` and `order`: a sortable column of the report (or its default sort), asc or desc. */
function sortOf(opened: Opened, query: RunQuery): Sort {
  const { defaultSort, columns } = opened.report.definition;
  const order = query.order === undefined || query.order === '' ? undefined : query.order;
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw badRequest('onlineReportSortInvalid');
  const column = query.column === undefined || query.column === '' ? defaultSort.field : query.column;
  const allowed = column === defaultSort.field || columns.some((c) => c.field === column && c.sortable);
  if (!allowed) throw badRequest('onlineReportSortInvalid');
  const field = opened.field(column);
  if (!field.sortable) throw badRequest('onlineReportSortInvalid');
  return { field, order: order ?? (column === defaultSort.field ? defaultSort.order : 'asc') };
}

function pageOfQuery(query: RunQuery): { pageNo: number; pageSize: number } {
  const parse = (text: string | undefined, fallback: number) => (text === undefined || text === '' ? fallback : /^\d{1,7}$/.test(text) ? Number(text) : NaN);
  const pageNo = parse(query.pageNo, 1);
  const pageSize = parse(query.pageSize, 10);
  if (!(pageNo >= 1) || !(pageSize >= 1) || pageSize > REPORT_PAGE_SIZE_MAX) throw badRequest('onlineReportPageInvalid', { max: REPORT_PAGE_SIZE_MAX });
  if (pageNo * pageSize > REPORT_ROW_CAP) throw badRequest('onlineReportRowCap', { max: REPORT_ROW_CAP });
  return { pageNo, pageSize };
}

/** The queries under the statement timeout; a cancelled one is a translated 503, never a 500. */
async function limited<T>(caller: Caller, work: Parameters<typeof withStatementLimit<T>>[2]): Promise<T> {
  try {
    return await withStatementLimit(caller.app.database.db, REPORT_STATEMENT_TIMEOUT_MS, work);
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError(503, 'onlineReportTimeout');
    throw error;
  }
}

async function dictionaries(caller: Caller, codes: (string | null)[]): Promise<Record<string, DictOption[]>> {
  const options: Record<string, DictOption[]> = {};
  for (const code of codes) {
    if (code === null || Object.hasOwn(options, code)) continue;
    options[code] = (await caller.app.dictService.items(code, caller.lang)) ?? [];
  }
  return options;
}

export async function rpColumns(caller: Caller, code: string): Promise<RpColumnsAnswer> {
  const opened = await open(caller, { code });
  const { report } = opened;
  const columns = report.definition.columns.map((column) => {
    const dictCode = column.dictCode ?? opened.field(column.field).dictCode;
    return { dataIndex: column.field, title: titleOf(column.titles, caller.lang), width: column.width, ...(dictCode ? { customRender: dictCode } : {}), sorter: column.sortable };
  });
  return {
    cgRpConfigId: report.id,
    cgRpConfigName: titleOf(report.titles, caller.lang),
    columns,
    dictOptions: await dictionaries(caller, columns.map((column) => column.customRender ?? null)),
    defaultSort: { column: report.definition.defaultSort.field, order: report.definition.defaultSort.order },
    chart: report.definition.chart,
  };
}

export async function queryInfo(caller: Caller, id: number): Promise<QueryInfoItem[]> {
  const opened = await open(caller, { id });
  return opened.report.definition.queryFields.map((queryField) => {
    const field = opened.field(queryField.field);
    const column = opened.report.definition.columns.find((c) => c.field === field.key);
    return {
      field: field.key,
      label: titleOf(column?.titles ?? field.titles, caller.lang),
      type: field.type,
      mode: queryField.operator === 'range' ? 'group' : 'single',
      operator: queryField.operator,
      dictCode: dictOfColumn(opened.report, field),
      defaultValue: queryField.defaultValue,
      hidden: queryField.hidden,
    };
  });
}

export async function reportData(caller: Caller, id: number, query: RunQuery): Promise<ReportDataAnswer> {
  const opened = await open(caller, { id });
  const conditions = conditionsOf(opened, query, new Set(), caller.lang);
  const sort = sortOf(opened, query);
  const { pageNo, pageSize } = pageOfQuery(query);
  const columns = opened.report.definition.columns.map((column) => opened.field(column.field));
  const reading = { ...opened.reading, conditions };
  return limited(caller, async (tx) => {
    const counted = await countRows(tx, reading, REPORT_ROW_CAP + 1);
    const records = counted === 0 ? [] : await pageRows(tx, reading, columns, sort, { limit: pageSize, offset: (pageNo - 1) * pageSize });
    // past the cap the total is the cap: the deepest row a page may reach (pageNo x pageSize)
    return { records, total: Math.min(counted, REPORT_ROW_CAP), totalExact: counted <= REPORT_ROW_CAP };
  });
}

export async function reportChart(caller: Caller, id: number, query: RunQuery): Promise<{ groups: { key: string; label: string; value: string }[] }> {
  const opened = await open(caller, { id });
  const chart = opened.report.definition.chart;
  // a report without a chart has no groups to show
  if (!chart) return { groups: [] };
  const conditions = conditionsOf(opened, query, new Set(), caller.lang);
  const groupBy = opened.field(chart.groupBy);
  const sum = chart.measure === 'count' ? null : opened.field(chart.measure.sum);
  const rows = await limited(caller, (tx) => chartGroups(tx, { ...opened.reading, conditions }, groupBy, sum, REPORT_CHART_GROUPS_MAX));
  const dictCode = dictOfColumn(opened.report, groupBy);
  const options = dictCode ? ((await caller.app.dictService.items(dictCode, caller.lang)) ?? []) : [];
  return { groups: rows.map((row) => ({ key: row.key ?? '', label: row.key === null ? '' : (options.find((option) => option.value === row.key)?.text ?? row.key), value: row.value })) };
}

/** The export: the same filters and order, every row (at most REPORT_ROW_CAP), values as the screen shows them. */
export async function reportWorkbook(caller: Caller, id: number, query: RunQuery) {
  const opened = await open(caller, { id });
  const conditions = conditionsOf(opened, query, new Set(['timeZone']), caller.lang);
  const sort = sortOf(opened, query);
  const definitionColumns = opened.report.definition.columns;
  const columns = definitionColumns.map((column) => opened.field(column.field));
  const reading = { ...opened.reading, conditions };
  const rows = await limited(caller, async (tx) => {
    assertExportSize(await countRows(tx, reading, REPORT_ROW_CAP + 1), REPORT_ROW_CAP);
    return pageRows(tx, reading, columns, sort, { limit: REPORT_ROW_CAP, offset: 0 });
  });
  const options = await dictionaries(caller, definitionColumns.map((column, index) => column.dictCode ?? columns[index]?.dictCode ?? null));
  const exportColumns: ExportColumn<Record<string, unknown>>[] = definitionColumns.map((column, index) => {
    const field = columns[index] as DataSetField;
    const dictCode = column.dictCode ?? field.dictCode;
    const header = titleOf(column.titles, caller.lang);
    const width = Math.max(10, Math.round(column.width / 8));
    if (field.type === 'date') return { header, width, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (row) => (typeof row[field.key] === 'string' ? new Date(row[field.key] as string) : null) };
    if (field.type === 'number' || field.type === 'money') return { header, width, value: (row) => (row[field.key] === null ? null : Number(row[field.key])) };
    const labels = dictCode ? (options[dictCode] ?? []) : [];
    return { header, width, value: (row) => { const value = row[field.key]; return value === null || value === undefined ? null : (labels.find((option) => option.value === value)?.text ?? String(value)); } };
  });
  const title = titleOf(opened.report.titles, caller.lang);
  return { title, asciiTitle: opened.report.code, columns: exportColumns, batches: (async function* () { yield rows; })() };
}
