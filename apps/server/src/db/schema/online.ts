import { bigint, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core';
import type { FormDefinition, FormValues, OnlineKind, ReportDataSet, ReportDefinition } from '@portal/shared/online';
import type { Texts } from '@portal/shared/languages';
import { permissions, tenants, users } from './sys.ts';

/*
 * Online development (docs/online-development.md). Definitions are the platform's, global like
 * the menu catalogue (reference tables): data, never SQL or scripts. A form's rows are each tenant's
 * (decision 0010): the row's values as jsonb, plus one index row per indexed field (listed, queried,
 * sorted or unique) holding the value typed, so lists filter and sort on a b-tree and a unique field is
 * unique in the database, without a table or a column per form.
 */

const at = () => timestamp({ withTimezone: true });
const userRef = () => integer().references(() => users.id);

/** An online report: a data set of the server's allow-list, its columns, query fields, sort and chart. */
export const onlineReports = pgTable('onl_report', {
  id: serial().primaryKey(),
  code: varchar({ length: 40 }).notNull().unique('onl_report_code_uq'),
  titles: jsonb().$type<Texts>().notNull(),
  dataSet: varchar({ length: 40 }).$type<ReportDataSet>().notNull(),
  definition: jsonb().$type<ReportDefinition>().notNull(),
  version: integer().notNull().default(1),
  /** the product's own pickers' reports: editable, never deleted */
  builtIn: boolean().notNull().default(false),
  /** the menu entry that shows it, once published */
  menuId: integer().references(() => permissions.id, { onDelete: 'set null' }),
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
  updatedBy: userRef(),
});

/** An online form: its fields, layout, list columns and enhancements. */
export const onlineForms = pgTable('onl_form', {
  id: serial().primaryKey(),
  code: varchar({ length: 40 }).notNull().unique('onl_form_code_uq'),
  titles: jsonb().$type<Texts>().notNull(),
  definition: jsonb().$type<FormDefinition>().notNull(),
  version: integer().notNull().default(1),
  menuId: integer().references(() => permissions.id, { onDelete: 'set null' }),
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
  updatedBy: userRef(),
});

/** Every version of a definition (spec §9: at most 16 per code), with what it changed. */
export const onlineHistory = pgTable(
  'onl_definition_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar({ length: 10 }).$type<OnlineKind>().notNull(),
    code: varchar({ length: 40 }).notNull(),
    version: integer().notNull(),
    definition: jsonb().$type<ReportDefinition | FormDefinition>().notNull(),
    diff: jsonb().$type<{ path: string; before: unknown; after: unknown }[]>().notNull(),
    changedBy: userRef(),
    changedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('onl_definition_history_version_uq').on(t.kind, t.code, t.version)],
);

/** A row of an online form, in one tenant. */
export const onlineFormRows = pgTable(
  'onl_form_row',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    formId: integer()
      .notNull()
      .references(() => onlineForms.id),
    data: jsonb().$type<FormValues>().notNull(),
    version: integer().notNull().default(1),
    createdBy: userRef(),
    createdAt: at().notNull().defaultNow(),
    updatedBy: userRef(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('onl_form_row_form_idx').on(t.tenantId, t.formId, t.id.desc())],
);

/**
 * One indexed value of a row: the field's key is data (a bound value), the value typed in the column
 * its type uses. `uniqueValue` is set only for a field marked unique: the database keeps it unique per
 * tenant and form.
 */
export const onlineFormIndex = pgTable(
  'onl_form_index',
  {
    tenantId: integer().notNull(),
    rowId: bigint({ mode: 'number' }).notNull(),
    formId: integer().notNull(),
    fieldKey: varchar({ length: 40 }).notNull(),
    textValue: varchar({ length: 255 }),
    numValue: numeric(),
    timeValue: at(),
    uniqueValue: varchar({ length: 255 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.rowId, t.fieldKey] }),
    foreignKey({ columns: [t.tenantId, t.rowId], foreignColumns: [onlineFormRows.tenantId, onlineFormRows.id] }).onDelete('cascade'),
    index('onl_form_index_text_idx').on(t.tenantId, t.formId, t.fieldKey, t.textValue),
    index('onl_form_index_num_idx').on(t.tenantId, t.formId, t.fieldKey, t.numValue),
    index('onl_form_index_time_idx').on(t.tenantId, t.formId, t.fieldKey, t.timeValue),
    uniqueIndex('onl_form_index_unique_uq').on(t.tenantId, t.formId, t.fieldKey, t.uniqueValue),
  ],
);
