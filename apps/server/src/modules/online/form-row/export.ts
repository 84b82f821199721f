import type { Db } from '../../../db/client.ts';
import type { Language } from '@portal/shared/languages';
import type { FormValue } from '@portal/shared/online';
import type { ExportColumn } from '../../../lib/xlsx.ts';
import { rowBatch, type FormHead, type IndexCondition } from './repository.ts';

/* The spreadsheet of an online form's rows: its listed fields, titled in the reader's language, values as text. */

type ExportRow = { id: number; data: Record<string, FormValue>; createdAt: Date };

const cellOf = (value: FormValue | undefined): string => (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(',') : String(value));

export function rowExportColumns(form: FormHead, lang: Language): ExportColumn<ExportRow>[] {
  return form.definition.fields
    .filter((field) => field.listed)
    .map((field) => ({ header: field.titles[lang], width: 20, value: (row: ExportRow) => cellOf(row.data[field.key]) }));
}

/** The tenant's rows of the form, newest first, in batches. */
export async function* rowExportBatches(db: Db, tenantId: number, form: FormHead, conditions: IndexCondition[]): AsyncGenerator<ExportRow[]> {
  let after: number | null = null;
  for (;;) {
    const rows = await rowBatch(db, tenantId, form.id, conditions, after, 1_000);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ id: Number(row.id), data: row.data, createdAt: row.createdAt }));
    if (rows.length < 1_000) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}
