import ExcelJS from 'exceljs';
import type { Language, Texts } from '@portal/shared/languages';
import type { ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage } from '@portal/shared/messages';
import { badRequest } from './errors.ts';
import { checkZip } from './zip.ts';

/*
 * Reading uploaded spreadsheets, for every import (the export stack is xlsx.ts): the workbook checked
 * before it is unpacked, cells as the text a person sees, and a sheet whose header row names its
 * columns in any of the three languages. A module's `import.ts` holds only its columns and its rules.
 */

/** What a well-formed import file unpacks to at most: 2,000 rows of 24 columns are a few MB of XML. */
const UNPACKED_MAX = 24 * 1024 * 1024;
const ENTRIES_MAX = 500;

/** A cell as the text a person sees: numbers as JavaScript writes them, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('hyperlink' in value) return String(value.text ?? '').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null);
  if ('error' in value) return value.error;
  return '';
}

/**
 * The first sheet of an uploaded workbook, or a translated 400: not an .xlsx (checked by its zip
 * signature, not its name), one that would unpack to too much, or one the library cannot read.
 */
export async function readWorkbook(data: Buffer): Promise<ExcelJS.Worksheet> {
  if (data.length === 0) throw badRequest('importFileEmpty');
  const zip = checkZip(data, { maxUnpacked: UNPACKED_MAX, maxEntries: ENTRIES_MAX });
  if (!zip.ok) throw badRequest(zip.reason === 'not-zip' ? 'importNotXlsx' : 'importUnreadable');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('importUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('importUnreadable');
  return sheet;
}

/**
 * The columns of an import: their titles in the three languages, which must be there, and how many rows a
 * file may hold. `keysAsTitles`: a column may also be titled by its key (a sheet a program wrote).
 */
/** `formerTitles`: titles older templates gave a column, still read (a template downloaded before a word changed). */
export type SheetLayout<C extends string> = { columns: readonly C[]; titles: Record<C, Texts>; required: readonly C[]; maxRows: number; keysAsTitles?: boolean; formerTitles?: Partial<Record<C, readonly string[]>> };
export type TitledRow<C extends string> = { rowNo: number; cells: Partial<Record<C, string>> };
/** `titles`: each column as the file titles it (errors name a column so). */
export type TitledSheet<C extends string> = { titles: Partial<Record<C, string>>; rows: TitledRow<C>[]; errors: ImportRowError[] };

/** A title (or a code) as people type it: width, case, spaces and a required-mark '*' do not matter. */
export const normalizeTitle = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').replace(/[*＊]/g, '').toLowerCase();

/** Every title of every column in every language (its former ones, and its key with `keysAsTitles`), normalised, to its column. */
export function titleIndex<C extends string>(layout: SheetLayout<C>): Map<string, C> {
  return new Map(
    layout.columns.flatMap((column) =>
      [...Object.values(layout.titles[column]), ...(layout.formerTitles?.[column] ?? []), ...(layout.keysAsTitles ? [column] : [])].map((title) => [normalizeTitle(title), column] as const),
    ),
  );
}

/**
 * The header (row 1) and the data rows: a title is recognised in any of the three languages (spaces,
 * width and a required-mark '*' aside), unknown columns are ignored, wholly blank rows skipped. A column
 * twice or a required one missing is an error of row 1; no row at all, or too many, is a 400.
 */
export function readTitledSheet<C extends string>(sheet: ExcelJS.Worksheet, layout: SheetLayout<C>, language: Language): TitledSheet<C> {
  const index = titleIndex(layout);
  const columns = new Map<number, C>();
  const titles: Partial<Record<C, string>> = {};
  const errors: ImportRowError[] = [];
  sheet.getRow(1).eachCell((cell, columnNo) => {
    const text = cellText(cell.value);
    const column = index.get(normalizeTitle(text));
    if (!column) return;
    if (titles[column] !== undefined) {
      errors.push({ row: 1, column: text, message: formatMessage(language, 'importColumnTwice', { column: text }) });
      return;
    }
    titles[column] = text;
    columns.set(columnNo, column);
  });
  for (const column of layout.required) {
    if (titles[column] === undefined) {
      const title = layout.titles[column][language];
      errors.push({ row: 1, column: title, message: formatMessage(language, 'importColumnMissing', { column: title }) });
    }
  }
  const rows: TitledRow<C>[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const cells: Partial<Record<C, string>> = {};
    for (const [columnNo, column] of columns) {
      const text = cellText(row.getCell(columnNo).value);
      if (text !== '') cells[column] = text;
    }
    if (Object.keys(cells).length > 0) rows.push({ rowNo, cells });
  });
  if (errors.length === 0 && rows.length === 0) throw badRequest('importNoRows');
  if (rows.length > layout.maxRows) throw badRequest('importTooManyRows', { max: layout.maxRows });
  return { titles, rows, errors };
}

/** Errors by row, then by their column's place (`places`: a column as the errors name it, to its place); in place. */
export function byRowAndColumn(errors: ImportRowError[], places: ReadonlyMap<string, number>): ImportRowError[] {
  return errors.sort((a, b) => a.row - b.row || (places.get(a.column) ?? -1) - (places.get(b.column) ?? -1));
}

/** Errors by row, then by the column's place in the layout; in place. */
export function sortRowErrors<C extends string>(errors: ImportRowError[], layout: SheetLayout<C>, titles: Partial<Record<C, string>>, language: Language): ImportRowError[] {
  return byRowAndColumn(errors, new Map(layout.columns.map((column, at) => [titles[column] ?? layout.titles[column][language], at])));
}

/**
 * An import template: the header in the caller's language (bold) and example rows, every cell typed as
 * text so that a code or a phone keeps its leading zero.
 */
export async function templateWorkbook<C extends string>(layout: SheetLayout<C>, options: { sheetName: string; language: Language; examples: Record<C, string>[]; widths?: Partial<Record<C, number>> }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31));
  sheet.columns = layout.columns.map((column) => ({ header: layout.titles[column][options.language], key: column, width: options.widths?.[column] ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const example of options.examples) sheet.addRow(layout.columns.map((column) => example[column]));
  for (const column of sheet.columns) column.numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
