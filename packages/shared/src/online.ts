import { z } from 'zod';
import { LANGUAGES, type Texts } from './languages.ts';
import { msg } from './messages.ts';
import { dictOptionSchema } from './sys.ts';

/*
 * Online development (docs/online-development.md): reports and forms an administrator defines
 * as data, never as SQL or scripts. A report reads one data set of the server's allow-list; a form keeps
 * its rows per tenant. These are the contracts the server's routes validate and the web's screens send.
 */

// ---- constants (spec §9) ----

/** Enhance-record history: the definitions of a code kept, the newest first. */
export const ONLINE_HISTORY_LIMIT = 16;
/** The popup table's page sizes, 10 by default. */
export const POPUP_PAGE_SIZES = [10, 20, 30] as const;
/** How long a popup's report configuration is reused, per group. */
export const POPUP_CACHE_MS = 30_000;
/** A report row with no id of its own is keyed by its values joined, cut to this length. */
export const POPUP_ROW_KEY_LENGTH = 50;
export const POPUP_MODAL_WIDTH = 1200;
/** Detail list columns max 4. */
export const DETAIL_LIST_COLUMNS_MAX = 4;
/** Each report query runs with this statement timeout. */
export const REPORT_STATEMENT_TIMEOUT_MS = 5_000;
/** No page of a report reaches past this row (pageNo × pageSize), and no export holds more. */
export const REPORT_ROW_CAP = 10_000;
/** A report's largest page. */
export const REPORT_PAGE_SIZE_MAX = 100;
/** A chart groups into at most this many bars or slices. */
export const REPORT_CHART_GROUPS_MAX = 50;
/** An online form's list page. */
export const FORM_PAGE_SIZE_MAX = 100;
export const FORM_FIELDS_MAX = 50;
export const FORM_ENHANCEMENTS_MAX = 50;
export const REPORT_COLUMNS_MAX = 30;
export const REPORT_QUERY_FIELDS_MAX = 20;
/** A text value of a form field is at most this long (the index keeps it whole). */
export const FORM_TEXT_MAX = 255;
export const FORM_TEXTAREA_MAX = 4000;

/** The duplicate check's tableName for an online form's field: `onl_<form code>` (fieldName: the field's key). */
export const ONLINE_FORM_TABLE_PREFIX = 'onl_';

/** Menu paths of published definitions; the page reads the code from the last segment. */
export const ONLINE_REPORT_PATH_PREFIX = '/online/cgreport/';
export const ONLINE_FORM_PATH_PREFIX = '/online/cgform/';
/** The permission code a published definition's menu entry carries: held, it opens the data. */
export const onlineReportCode = (code: string) => `online:report:${code}`;
export const onlineFormCode = (code: string) => `online:form:${code}`;

// ---- building blocks ----

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A report's or form's code: lower case, digits and underscores, a letter first (it becomes a menu path). */
export const ONLINE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const onlineCode = z.string().trim().regex(ONLINE_CODE_PATTERN, { error: msg('onlineCodeFormat') });
/** A field's key (a form field, a report column): a letter first, then letters, digits, underscores. */
export const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
export const fieldKey = z.string().regex(FIELD_KEY_PATTERN, { error: msg('onlineFieldKeyFormat') });

export const onlineTitles = z.strictObject(
  Object.fromEntries(LANGUAGES.map((language) => [language, z.string().trim().min(1, { error: msg('onlineTitleRequired') }).max(100)])) as Record<keyof Texts, z.ZodString>,
);
const dictCode = z.string().trim().min(1).max(64);
const sortOrder = z.enum(['asc', 'desc']);

// ---- reports ----

/** The data sets a report may read: each is the server's code, scoped to the caller's tenant and data rules. */
export const REPORT_DATA_SETS = ['orders', 'parcels', 'users', 'purchase_orders', 'wallet_details'] as const;
export type ReportDataSet = (typeof REPORT_DATA_SETS)[number];

export const DATA_FIELD_TYPES = ['text', 'number', 'money', 'date', 'dict'] as const;
export type DataFieldType = (typeof DATA_FIELD_TYPES)[number];

/** A field a data set exposes (the designer's catalogue: GET /online/cgreport/dataSets). */
export const dataSetField = z.object({
  key: z.string(),
  titles: z.record(z.string(), z.string()),
  type: z.enum(DATA_FIELD_TYPES),
  /** the dictionary its values come from, for `dict` fields */
  dictCode: z.string().nullable(),
  sortable: z.boolean(),
  /** the operators a query on it may use */
  operators: z.array(z.string()),
});
export const dataSetRecord = z.object({
  id: z.enum(REPORT_DATA_SETS),
  titles: z.record(z.string(), z.string()),
  /** the permission codes of the product's screens of these rows: a report's reader holds one of them (or the designer's preview) */
  permissions: z.array(z.string()),
  fields: z.array(dataSetField),
});
export type DataSetRecord = z.infer<typeof dataSetRecord>;

export const QUERY_OPERATORS = ['eq', 'like', 'range', 'in'] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

export const reportColumn = z.strictObject({
  field: fieldKey,
  titles: onlineTitles,
  width: z.number().int().min(40).max(600).default(150),
  /** a dictionary shown for display (spec: customRender refers to a dictionary key) */
  dictCode: dictCode.nullable().default(null),
  sortable: z.boolean().default(false),
});
export const reportQueryField = z.strictObject({
  field: fieldKey,
  /** eq: equals; like: contains; range: between _begin and _end; in: one of a dictionary's values */
  operator: z.enum(QUERY_OPERATORS),
  defaultValue: z.string().max(100).default(''),
  /** spec §3: '1' = shown only when the query form is expanded */
  hidden: z.enum(['0', '1']).default('0'),
});
export const REPORT_CHART_TYPES = ['bar', 'line', 'pie'] as const;
export const reportChart = z.strictObject({
  type: z.enum(REPORT_CHART_TYPES),
  /** a column of the report to group by */
  groupBy: fieldKey,
  /** count rows, or sum a number/money column */
  measure: z.union([z.literal('count'), z.strictObject({ sum: fieldKey })]),
});
export const reportDefinition = z.strictObject({
  code: onlineCode,
  titles: onlineTitles,
  dataSet: z.enum(REPORT_DATA_SETS),
  columns: z.array(reportColumn).min(1, { error: msg('onlineReportColumnsRequired') }).max(REPORT_COLUMNS_MAX),
  queryFields: z.array(reportQueryField).max(REPORT_QUERY_FIELDS_MAX).default([]),
  /** the default order; the server adds the data set's id as the tiebreak */
  defaultSort: z.strictObject({ field: fieldKey, order: sortOrder }),
  chart: reportChart.nullable().default(null),
});
export type ReportDefinition = z.output<typeof reportDefinition>;
export type ReportDefinitionInput = z.input<typeof reportDefinition>;
export const reportEditInput = reportDefinition.extend({ id, version: z.number().int().min(1) });

export const reportRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  titles: z.record(z.string(), z.string()),
  dataSet: z.enum(REPORT_DATA_SETS),
  definition: reportDefinition,
  version: z.number().int(),
  /** the built-in pickers' reports: editable, not deletable */
  builtIn: z.boolean(),
  /** the menu entry that shows it, when published */
  menuId: z.number().int().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ReportRecord = z.infer<typeof reportRecord>;

/** GET /online/cgreport/api/getRpColumns/{code} (spec §7). */
export const rpColumn = z.object({
  dataIndex: z.string(),
  title: z.string(),
  width: z.number().int(),
  /** a dictionary key of dictOptions */
  customRender: z.string().optional(),
  sorter: z.boolean(),
});
export const rpColumnsAnswer = z.object({
  cgRpConfigId: z.number().int(),
  cgRpConfigName: z.string(),
  columns: z.array(rpColumn),
  dictOptions: z.record(z.string(), z.array(dictOptionSchema)),
  defaultSort: z.object({ column: z.string(), order: sortOrder }),
  chart: reportChart.nullable(),
});
export type RpColumnsAnswer = z.infer<typeof rpColumnsAnswer>;

/** GET /online/cgreport/api/getQueryInfo/{cgRpConfigId}: one item per query field. */
export const queryInfoItem = z.object({
  field: z.string(),
  label: z.string(),
  type: z.enum(DATA_FIELD_TYPES),
  /** single: one value (eq, like, in); group: a range sent as `<field>_begin` and `<field>_end` */
  mode: z.enum(['single', 'group']),
  operator: z.enum(QUERY_OPERATORS),
  dictCode: z.string().nullable(),
  defaultValue: z.string(),
  hidden: z.enum(['0', '1']),
});
export type QueryInfoItem = z.infer<typeof queryInfoItem>;

export type ReportCell = string | number | null;
/** GET /online/cgreport/api/getData/{cgRpConfigId}: query fields plus pageNo, pageSize, column, order. */
export const reportDataAnswer = z.object({
  records: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  total: z.number().int(),
  /** false when more rows match than REPORT_ROW_CAP: `total` is then the cap, the most a page or an export reaches */
  totalExact: z.boolean(),
});
export type ReportDataAnswer = z.infer<typeof reportDataAnswer>;
/** GET /online/cgreport/api/getChart/{cgRpConfigId}: the same query, grouped. */
export const reportChartAnswer = z.object({ groups: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })) });

// ---- forms ----

export const FORM_FIELD_TYPES = ['text', 'textarea', 'number', 'integer', 'date', 'datetime', 'select', 'radio', 'checkbox', 'switch', 'popup'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * A popup field (spec §5 "Popup config"): a report to pick from, and which columns of the picked row
 * (originalFields) go into which fields of the form (targetFields), comma-separated, equal in count.
 */
export const popupConfig = z.strictObject({
  reportCode: z.string().trim().max(40),
  originalFields: z.string().trim().max(400),
  targetFields: z.string().trim().max(400),
  multi: z.boolean().default(false),
});
export type PopupConfig = z.infer<typeof popupConfig>;

export const formField = z.strictObject({
  key: fieldKey,
  titles: onlineTitles,
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().default(false),
  /** text and textarea */
  maxLength: z.number().int().min(1).max(FORM_TEXTAREA_MAX).nullable().default(null),
  /** number and integer: bounds as decimal text; number: decimals */
  min: z.string().max(30).nullable().default(null),
  max: z.string().max(30).nullable().default(null),
  scale: z.number().int().min(0).max(6).default(2),
  /** select, radio and checkbox: the dictionary of options */
  dictCode: dictCode.nullable().default(null),
  /** duplicate-value check: unique in the tenant */
  unique: z.boolean().default(false),
  /** rule check: a code of sys_check_rule */
  ruleCode: z.string().trim().max(64).nullable().default(null),
  defaultValue: z.string().max(255).default(''),
  /** the layout: 24 = the whole row, 12 = half, 8 = a third */
  span: z.union([z.literal(24), z.literal(12), z.literal(8)]).default(24),
  /** a column of the list */
  listed: z.boolean().default(true),
  /** a field of the list's query form */
  queryable: z.boolean().default(false),
  popup: popupConfig.nullable().default(null),
});
export type FormField = z.output<typeof formField>;
export type FormFieldInput = z.input<typeof formField>;

export const ENHANCEMENT_CONDITIONS = ['eq', 'ne', 'empty', 'not_empty', 'in'] as const;
export const ENHANCEMENT_ACTIONS = ['show', 'hide', 'require', 'set'] as const;
/** "When field X is/has …, then show / hide / require / set field Y": data, never a script. */
export const formEnhancement = z.strictObject({
  when: z.strictObject({ field: fieldKey, condition: z.enum(ENHANCEMENT_CONDITIONS), value: z.string().max(255).default('') }),
  then: z.array(z.strictObject({ action: z.enum(ENHANCEMENT_ACTIONS), field: fieldKey, value: z.string().max(255).default('') })).min(1).max(20),
});
export type FormEnhancement = z.output<typeof formEnhancement>;

export const formDefinition = z.strictObject({
  code: onlineCode,
  titles: onlineTitles,
  fields: z.array(formField).min(1, { error: msg('onlineFormFieldsRequired') }).max(FORM_FIELDS_MAX),
  layout: z.strictObject({ columns: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2) }).default({ columns: 2 }),
  enhancements: z.array(formEnhancement).max(FORM_ENHANCEMENTS_MAX).default([]),
});
export type FormDefinition = z.output<typeof formDefinition>;
export type FormDefinitionInput = z.input<typeof formDefinition>;
export const formEditInput = formDefinition.extend({ id, version: z.number().int().min(1) });

export const formRecordDefinition = z.object({
  id: z.number().int(),
  code: z.string(),
  titles: z.record(z.string(), z.string()),
  definition: formDefinition,
  version: z.number().int(),
  menuId: z.number().int().nullable(),
  /** rows kept, all tenants together (a form with rows cannot be deleted) */
  rowCount: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type FormRecordDefinition = z.infer<typeof formRecordDefinition>;

/** A value of a form row: text (text, textarea, date as YYYY-MM-DD, datetime as ISO, select, radio, popup), number as decimal text, a list (checkbox), a switch. */
export const formValue = z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]);
export type FormValue = z.infer<typeof formValue>;
export const formValues = z.record(z.string(), formValue);
export type FormValues = z.infer<typeof formValues>;

/** GET /online/cgform/api/getColumns/{code}: what the screens render a form from. */
export const formSchemaAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  definition: formDefinition,
  dictOptions: z.record(z.string(), z.array(dictOptionSchema)),
});
export type FormSchemaAnswer = z.infer<typeof formSchemaAnswer>;

export const formRow = z.object({
  id: z.number().int(),
  values: formValues,
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type FormRow = z.infer<typeof formRow>;
export const formRowInput = z.strictObject({ values: formValues });
export const formRowEditInput = z.strictObject({ id: idQuery.pipe(id), version: z.number().int().min(1), values: formValues });

// ---- history (both kinds) ----

export const ONLINE_KINDS = ['report', 'form'] as const;
export type OnlineKind = (typeof ONLINE_KINDS)[number];
export const definitionChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export const historyEntry = z.object({
  version: z.number().int(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  /** what this version changed from the one before it (empty for the first) */
  diff: z.array(definitionChange),
  /** this version's whole definition */
  definition: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const rollbackInput = z.strictObject({ kind: z.enum(ONLINE_KINDS), code: onlineCode, version: z.number().int().min(1) });

/** Publishing a definition to the menu: under which group, and into which tenant packages (merchants' menus). */
export const publishInput = z.strictObject({ id, parentId: id, packageIds: z.array(id).max(100).default([]) });

// ---- popup config (spec §5) ----

/**
 * The spec's two popup configuration failures, checked by the picker before it opens and by the form
 * designer on saving: both lists and the code required; equal counts.
 */
export function popupConfigProblem(config: { reportCode: string; originalFields: string; targetFields: string }): 'popupConfigMissing' | 'popupConfigMismatch' | null {
  const split = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);
  const original = split(config.originalFields);
  const target = split(config.targetFields);
  if (!config.reportCode.trim() || original.length === 0 || target.length === 0) return 'popupConfigMissing';
  return original.length === target.length ? null : 'popupConfigMismatch';
}

/** Spec §9: a row with no id of its own is keyed by its values joined, cut to 50 characters. */
export function joinedRowKey(record: object): string {
  return Object.values(record)
    .map((value) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join('')
    .slice(0, POPUP_ROW_KEY_LENGTH);
}
