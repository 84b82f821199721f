import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey } from '@portal/shared/messages';
import type { FormValues } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { readTitledSheet, readWorkbook, type SheetLayout } from '../../../lib/xlsx-read.ts';
import { indexEntries } from './model.ts';
import { insertRow, uniqueTaken, type FormHead } from './repository.ts';
import { checkedValues, writeRowIndex, type RowContext } from './service.ts';

/*
 * Rows of an online form from a spreadsheet titled by the form's fields (any of the three languages):
 * all or nothing. Every row is checked as the form checks it (enhancements, types, dictionaries, rules,
 * unique values against the tenant's rows and the file's own); any error imports nothing and every
 * error is named by row and column.
 */

export const FORM_IMPORT_ROWS_MAX = 1_000;

export type ImportOutcome = { result: ImportResult; key: MessageKey; params: { count: number } };

export async function importRows(db: Db, context: RowContext, form: FormHead, file: Buffer): Promise<ImportOutcome> {
  const fields = form.definition.fields;
  const layout: SheetLayout<string> = {
    columns: fields.map((field) => field.key),
    titles: Object.fromEntries(fields.map((field) => [field.key, field.titles])),
    required: [],
    maxRows: FORM_IMPORT_ROWS_MAX,
  };
  const sheet = readTitledSheet(await readWorkbook(file), layout, context.lang);
  const errors: ImportRowError[] = [...sheet.errors];
  const titleOf = (key: string) => sheet.titles[key] ?? fields.find((field) => field.key === key)?.titles[context.lang] ?? key;
  const ready: FormValues[] = [];
  const inFile = new Set<string>();
  for (const row of sheet.rows) {
    let values: FormValues;
    try {
      values = await checkedValues(db, context, form.definition, row.cells as Record<string, string>);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const params = error.params ?? {};
      const named = fields.find((field) => field.titles === params.field);
      errors.push({ row: row.rowNo, column: named ? titleOf(named.key) : '', message: formatMessage(context.lang, error.key, params) });
      continue;
    }
    let clean = true;
    for (const entry of indexEntries(form.definition, values)) {
      if (entry.uniqueValue === null) continue;
      const field = fields.find((f) => f.key === entry.fieldKey);
      const mark = JSON.stringify([entry.fieldKey, entry.uniqueValue]);
      if (inFile.has(mark) || (await uniqueTaken(db, { tenantId: context.tenantId, formId: form.id, fieldKey: entry.fieldKey, value: entry.uniqueValue }))) {
        errors.push({ row: row.rowNo, column: titleOf(entry.fieldKey), message: formatMessage(context.lang, 'onlineFormUniqueTaken', { field: field?.titles ?? entry.fieldKey, value: entry.uniqueValue.slice(0, 50) }) });
        clean = false;
      }
      inFile.add(mark);
    }
    if (clean) ready.push(values);
  }
  if (errors.length > 0) return { result: { imported: 0, errors }, key: 'onlineRowsNothingImported', params: { count: errors.length } };
  await db.transaction(async (tx) => {
    for (const values of ready) {
      const rowId = await insertRow(tx, { tenantId: context.tenantId, formId: form.id, data: values, userId: context.userId });
      await writeRowIndex(tx, form, context.tenantId, rowId, values);
    }
  });
  return { result: { imported: ready.length, errors: [] }, key: 'onlineRowsImported', params: { count: ready.length } };
}
