import type { Texts } from '@portal/shared/languages';
import type { DataSetRecord, QueryOperator, ReportDataSet, ReportDefinitionInput, ReportRecord } from '@portal/shared/online';

/*
 * The report editor's values and the checks it makes before sending (the server makes them again: a
 * field, an operator, a sort or a chart's columns are all looked up in the data set's allow-list there).
 */

export type ChartChoice = 'none' | 'bar' | 'line' | 'pie';
export type ReportColumnValues = { field?: string; titles: Texts; width: number; dictCode?: string | null; sortable: boolean };
export type ReportQueryValues = { field?: string; operator?: QueryOperator; defaultValue: string; hidden: boolean };
export type ReportValues = {
  code: string;
  titles: Texts;
  dataSet?: ReportDataSet;
  columns: ReportColumnValues[];
  queryFields: ReportQueryValues[];
  defaultSort: { field?: string; order: 'asc' | 'desc' };
  chart: { type: ChartChoice; groupBy?: string; measure: 'count' | 'sum'; sumField?: string };
};

/** The keys of this area's texts (rules.*) a check answers with. */
export type ReportProblem = 'fieldUnknown' | 'operatorNotAllowed' | 'sumNeedsNumber' | 'notAColumn' | 'duplicateColumn' | 'notSortable';

const emptyTitles = (): Texts => ({ 'zh-TW': '', 'zh-CN': '', 'en-US': '' });
export const emptyColumn = (): ReportColumnValues => ({ titles: emptyTitles(), width: 150, dictCode: null, sortable: false });
export const emptyQueryField = (): ReportQueryValues => ({ defaultValue: '', hidden: false });

export const newReportValues = (): ReportValues => ({
  code: '',
  titles: emptyTitles(),
  columns: [emptyColumn()],
  queryFields: [],
  defaultSort: { order: 'desc' },
  chart: { type: 'none', measure: 'count' },
});

export function reportValues(record: ReportRecord): ReportValues {
  const definition = record.definition;
  const chart = definition.chart;
  return {
    code: definition.code,
    titles: { ...definition.titles },
    dataSet: definition.dataSet,
    columns: definition.columns.map((column) => ({ ...column, titles: { ...column.titles } })),
    queryFields: definition.queryFields.map((query) => ({ ...query, hidden: query.hidden === '1' })),
    defaultSort: { ...definition.defaultSort },
    chart: chart
      ? { type: chart.type, groupBy: chart.groupBy, measure: chart.measure === 'count' ? 'count' : 'sum', sumField: chart.measure === 'count' ? undefined : chart.measure.sum }
      : { type: 'none', measure: 'count' },
  };
}

/** A value the form's own rules required: present once they have passed. */
function given<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('a required value is missing: the form was not validated');
  return value;
}

const trimmed = (titles: Texts): Texts => ({ 'zh-TW': titles['zh-TW'].trim(), 'zh-CN': titles['zh-CN'].trim(), 'en-US': titles['en-US'].trim() });

/** What the server's reportDefinition takes; call once the form's checks have passed. */
export function reportDefinitionOf(values: ReportValues): ReportDefinitionInput {
  const chart = values.chart;
  return {
    code: values.code.trim(),
    titles: trimmed(values.titles),
    dataSet: given(values.dataSet),
    columns: values.columns.map((column) => ({ field: given(column.field), titles: trimmed(column.titles), width: column.width, dictCode: column.dictCode?.trim() || null, sortable: column.sortable })),
    queryFields: values.queryFields.map((query) => ({ field: given(query.field), operator: given(query.operator), defaultValue: query.defaultValue.trim(), hidden: query.hidden ? '1' : '0' })),
    defaultSort: { field: given(values.defaultSort.field), order: values.defaultSort.order },
    chart: chart.type === 'none' ? null : { type: chart.type, groupBy: given(chart.groupBy), measure: chart.measure === 'count' ? 'count' : { sum: given(chart.sumField) } },
  };
}

const fieldOf = (dataSet: DataSetRecord | undefined, key: string | undefined) => dataSet?.fields.find((field) => field.key === key);

/** A column's field: one of the data set's, not used by another column. */
export function columnProblem(dataSet: DataSetRecord | undefined, columns: readonly ReportColumnValues[], index: number): ReportProblem | null {
  const key = columns[index]?.field;
  if (!key || !dataSet) return null;
  if (!fieldOf(dataSet, key)) return 'fieldUnknown';
  return columns.some((other, at) => at !== index && other.field === key) ? 'duplicateColumn' : null;
}

/** A query field's operator: one of those its field allows (the data set says which). */
export function operatorProblem(dataSet: DataSetRecord | undefined, field: string | undefined, operator: string | undefined): ReportProblem | null {
  if (!field || !operator || !dataSet) return null;
  const known = fieldOf(dataSet, field);
  if (!known) return 'fieldUnknown';
  return known.operators.includes(operator) ? null : 'operatorNotAllowed';
}

/** The default sort: a sortable field of the data set. */
export function sortProblem(dataSet: DataSetRecord | undefined, field: string | undefined): ReportProblem | null {
  if (!field || !dataSet) return null;
  const known = fieldOf(dataSet, field);
  if (!known) return 'fieldUnknown';
  return known.sortable ? null : 'notSortable';
}

/** A chart groups by a column of the report. */
export function groupByProblem(columns: readonly ReportColumnValues[], field: string | undefined): ReportProblem | null {
  if (!field) return null;
  return columns.some((column) => column.field === field) ? null : 'notAColumn';
}

/** A chart sums a number or money column of the report. */
export function sumProblem(dataSet: DataSetRecord | undefined, columns: readonly ReportColumnValues[], field: string | undefined): ReportProblem | null {
  if (!field) return null;
  if (!columns.some((column) => column.field === field)) return 'notAColumn';
  const type = fieldOf(dataSet, field)?.type;
  return type === 'number' || type === 'money' ? null : 'sumNeedsNumber';
}
