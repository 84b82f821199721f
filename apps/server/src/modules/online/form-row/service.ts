import type { FormDefinition, FormField, FormRow, FormValue, FormValues } from '@portal/shared/online';
import { evaluateEnhancements } from '@portal/shared/online-enhancements';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import type { DictService } from '../../dict/service.ts';
import { checkByRule } from '../../check/service.ts';
import { checkValue, indexColumnOf, indexEntries, isDate, isDecimal, isEmptyValue, isTime, setValueOf } from './model.ts';
import { pageOf } from '../../../lib/list.ts';
import type { Page } from '@portal/shared/api';
import {
  clearFormIndex,
  clearRowIndex,
  deleteRow,
  findFormByCode,
  findRow,
  formRowsAfter,
  insertIndexRows,
  insertRow,
  listRows,
  toFormRow,
  UNIQUE_INDEX,
  updateRow,
  type FormHead,
  type IndexCondition,
  type IndexRow,
  type RowListQuery,
} from './repository.ts';

/*
 * The rows of an online form: each tenant's own. A saved row is what the form's
 * enhancements allow (hidden fields dropped, required ones enforced, set values applied, the same
 * evaluator as the browser's), every value checked by its field's type, dictionary and rule, and its
 * unique fields unique in the database.
 */

export type RowContext = { tenantId: number; userId: number; lang: Language; dicts: Pick<DictService, 'items'>; warn: (problem: string) => void };

export async function loadForm(db: Db, code: string): Promise<FormHead> {
  const form = await findFormByCode(db, code);
  if (!form) throw notFound('onlineFormNotFound');
  return form;
}

/** A key as the three languages' text (a field's titles stand for it in messages). */
const titlesOf = (key: string) => ({ 'zh-TW': key, 'zh-CN': key, 'en-US': key });

const fieldsOf = (definition: FormDefinition) => new Map(definition.fields.map((field) => [field.key, field]));

/** The values a row of this form keeps, or a translated 400 naming the field. */
export async function checkedValues(db: Db, context: RowContext, definition: FormDefinition, submitted: FormValues): Promise<FormValues> {
  const fields = fieldsOf(definition);
  const unknown = Object.keys(submitted).find((key) => !fields.has(key));
  if (unknown !== undefined) throw badRequest('onlineRowFieldUnknown', { name: unknown.slice(0, 40) });
  const outcome = evaluateEnhancements(definition, submitted, context.warn);
  const merged: FormValues = { ...submitted };
  for (const [key, text] of Object.entries(outcome.sets)) {
    const field = fields.get(key);
    if (field) merged[key] = setValueOf(field, text);
  }
  const values: FormValues = {};
  for (const field of definition.fields) {
    const state = outcome.fields[field.key];
    // a hidden field is never kept
    if (state && !state.visible) continue;
    const raw: FormValue = merged[field.key] ?? null;
    const options = field.dictCode ? new Set((await context.dicts.items(field.dictCode, context.lang))?.map((option) => option.value) ?? []) : undefined;
    const checked = checkValue(field, raw, options);
    if (!checked.ok) throw badRequest(checked.problem.key, checked.problem.params);
    if (isEmptyValue(checked.value)) {
      if (state?.required ?? field.required) throw badRequest('onlineRowRequired', { field: field.titles });
    } else if (field.ruleCode) {
      const text = Array.isArray(checked.value) ? checked.value.join(',') : String(checked.value);
      const rule = await checkByRule(db, field.ruleCode, text, context.lang);
      if (rule.kind === 'failed') throw badRequest('onlineRowRuleFailed', { message: rule.message });
      if (rule.kind === 'broken') {
        context.warn(`check rule ${field.ruleCode} does not compile`);
        throw badRequest('ruleBroken', { code: field.ruleCode });
      }
    }
    values[field.key] = checked.value;
  }
  return values;
}

/** The row's index rows; a unique value taken in the tenant is a 409 naming the field (also when two saves race). */
export async function writeRowIndex(tx: Db, form: FormHead, tenantId: number, rowId: number, values: FormValues): Promise<void> {
  const fields = fieldsOf(form.definition);
  const entries = indexEntries(form.definition, values).map((entry): IndexRow => ({ ...entry, tenantId, rowId, formId: form.id }));
  await insertIndexRows(
    tx,
    entries.filter((entry) => entry.uniqueValue === null),
  );
  // one statement per unique field, so that a violation names its field
  for (const entry of entries.filter((e) => e.uniqueValue !== null)) {
    try {
      await insertIndexRows(tx, [entry]);
    } catch (error) {
      if (violatedConstraint(error) === UNIQUE_INDEX) throw uniqueTaken(fields.get(entry.fieldKey), entry.uniqueValue ?? '');
      throw error;
    }
  }
}

const uniqueTaken = (field: FormField | undefined, value: string) => conflict('onlineFormUniqueTaken', { field: field?.titles ?? titlesOf(''), value: value.slice(0, 50) });

/** A transaction's unique violation that escaped (a commit-time race): 409 all the same. */
async function saving<T>(form: FormHead, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError) && violatedConstraint(error) === UNIQUE_INDEX) {
      const field = form.definition.fields.find((f) => f.unique);
      throw uniqueTaken(field, '');
    }
    throw error;
  }
}

const keysOf = (form: FormHead) => new Set(form.definition.fields.map((field) => field.key));

export async function getRow(db: Db, tenantId: number, form: FormHead, id: number): Promise<FormRow> {
  const row = await findRow(db, tenantId, form.id, id);
  if (!row) throw notFound('onlineRowNotFound');
  return toFormRow(row, keysOf(form));
}

export async function addRow(db: Db, context: RowContext, form: FormHead, submitted: FormValues): Promise<FormRow> {
  const values = await checkedValues(db, context, form.definition, submitted);
  const id = await saving(form, () =>
    db.transaction(async (tx) => {
      const rowId = await insertRow(tx, { tenantId: context.tenantId, formId: form.id, data: values, userId: context.userId });
      await writeRowIndex(tx, form, context.tenantId, rowId, values);
      return rowId;
    }),
  );
  return getRow(db, context.tenantId, form, id);
}

export async function editRow(db: Db, context: RowContext, form: FormHead, input: { id: number; version: number; values: FormValues }): Promise<FormRow> {
  const stored = await findRow(db, context.tenantId, form.id, input.id);
  if (!stored) throw notFound('onlineRowNotFound');
  const values = await checkedValues(db, context, form.definition, input.values);
  await saving(form, () =>
    db.transaction(async (tx) => {
      // keys that left the form stay in the row as they were
      const data = { ...Object.fromEntries(Object.entries(stored.data).filter(([key]) => !keysOf(form).has(key))), ...values };
      if (!(await updateRow(tx, { tenantId: context.tenantId, formId: form.id, id: input.id, version: input.version }, data, context.userId))) {
        throw (await findRow(tx, context.tenantId, form.id, input.id)) ? conflict('onlineRowStale') : notFound('onlineRowNotFound');
      }
      await clearRowIndex(tx, context.tenantId, input.id);
      await writeRowIndex(tx, form, context.tenantId, input.id, values);
    }),
  );
  return getRow(db, context.tenantId, form, input.id);
}

export async function removeRow(db: Db, tenantId: number, form: FormHead, id: number): Promise<void> {
  if (!(await deleteRow(db, tenantId, form.id, id))) throw notFound('onlineRowNotFound');
}

/**
 * A definition changed: every row's index rows (all tenants) are made again from the new fields, in the
 * saving transaction. A field newly unique whose stored values repeat in a tenant is a 409 naming it.
 */
export async function reindexForm(tx: Db, formId: number, definition: FormDefinition): Promise<void> {
  await clearFormIndex(tx, formId);
  const fields = fieldsOf(definition);
  const seen = new Set<string>();
  let after: { tenantId: number; id: number } | null = null;
  for (;;) {
    const rows = await formRowsAfter(tx, formId, after, 1_000);
    if (rows.length === 0) break;
    const entries: IndexRow[] = [];
    for (const row of rows) {
      for (const entry of indexEntries(definition, row.data)) {
        if (entry.uniqueValue !== null) {
          const key = JSON.stringify([row.tenantId, entry.fieldKey, entry.uniqueValue]);
          if (seen.has(key)) throw conflict('onlineFormUniqueDuplicates', { field: fields.get(entry.fieldKey)?.titles ?? titlesOf(entry.fieldKey) });
          seen.add(key);
        }
        entries.push({ ...entry, tenantId: row.tenantId, rowId: Number(row.id), formId });
      }
    }
    await insertIndexRows(tx, entries);
    const last = rows[rows.length - 1];
    if (!last || rows.length < 1_000) break;
    after = { tenantId: last.tenantId, id: Number(last.id) };
  }
}

export type RowListInput = { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc'; filters: Record<string, string> };

/** The list's query: sort only by a listed field or createdAt, filters only by queryable fields, values bound. */
export function listPlan(definition: FormDefinition, input: Pick<RowListInput, 'column' | 'filters'>): { conditions: IndexCondition[]; sort: RowListQuery['sort'] } {
  const fields = fieldsOf(definition);
  let sort: RowListQuery['sort'] = { kind: 'createdAt' };
  if (input.column !== undefined && input.column !== 'createdAt') {
    const field = fields.get(input.column);
    if (!field || !field.listed) throw badRequest('onlineRowSortUnknown', { column: input.column.slice(0, 40) });
    sort = { kind: 'field', fieldKey: field.key, column: indexColumnOf(field) };
  }
  const conditions: IndexCondition[] = [];
  for (const [name, value] of Object.entries(input.filters)) {
    if (value === '') continue;
    const range = /_(begin|end)$/.exec(name);
    const key = range ? name.slice(0, -range[0].length) : name;
    const field = fields.get(key);
    if (!field || !field.queryable) throw badRequest('onlineRowFilterUnknown', { name: name.slice(0, 40) });
    const column = indexColumnOf(field);
    const ranged = field.type === 'number' || field.type === 'integer' || field.type === 'date' || field.type === 'datetime';
    if (ranged !== Boolean(range)) throw badRequest('onlineRowFilterUnknown', { name: name.slice(0, 40) });
    if (ranged) {
      const valid = column === 'num' ? isDecimal(value) : field.type === 'date' ? isDate(value) : isTime(value) || isDate(value);
      if (!valid) throw badRequest(column === 'num' ? 'onlineRowNotNumber' : 'onlineRowNotDate', { field: field.titles });
      conditions.push({ fieldKey: key, column, test: range?.[1] === 'begin' ? 'gte' : 'lte', value });
    } else {
      const test = field.type === 'checkbox' ? 'hasItem' : field.type === 'select' || field.type === 'radio' || field.type === 'switch' ? 'eq' : 'contains';
      conditions.push({ fieldKey: key, column, test, value: value.slice(0, 255) });
    }
  }
  return { conditions, sort };
}

export async function listFormRows(db: Db, tenantId: number, form: FormHead, input: RowListInput): Promise<Page<FormRow>> {
  const { conditions, sort } = listPlan(form.definition, input);
  const { rows, total } = await listRows(db, { tenantId, formId: form.id, conditions, sort, order: input.order ?? 'desc', pageNo: input.pageNo, pageSize: input.pageSize });
  return pageOf(
    rows.map((row) => toFormRow(row, keysOf(form))),
    total,
    input.pageNo,
    input.pageSize,
  );
}
