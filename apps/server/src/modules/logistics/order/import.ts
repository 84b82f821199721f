import type { Language } from '@portal/shared/languages';
import { IMPORT_ROWS_MAX } from '@portal/shared/logistics';
import { orderInput, type ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage } from '@portal/shared/messages';
import { byRowAndColumn, normalizeTitle, type SheetLayout, type TitledRow, type TitledSheet } from '../../../lib/xlsx-read.ts';
import {
  IMPORT_COLUMNS,
  IMPORT_TITLES,
  issueProblem,
  ITEM_COLUMNS,
  orderProblems,
  prepareOrder,
  REQUIRED_IMPORT_COLUMNS,
  titleOf,
  unitPriceProblems,
  type FieldPath,
  type ImportColumn,
  type OrderProblem,
  type ParsedOrder,
  type PreparedOrder,
} from './model.ts';

/*
 * The Excel import (its columns and their titles are in model.ts): the sheet's layout for lib/xlsx-read.ts,
 * which reads its header in any language and order, then grouping rows into orders (one row per product, rows
 * of one merchant order number adjacent), and checking every order with the rules of /add. Nothing here
 * writes: the service imports all or nothing.
 */

/** The order sheet: a column may also be titled by its field's name, as a sheet a program wrote may be. */
export const ORDER_SHEET: SheetLayout<ImportColumn> = { columns: IMPORT_COLUMNS, titles: IMPORT_TITLES, required: REQUIRED_IMPORT_COLUMNS, maxRows: IMPORT_ROWS_MAX, keysAsTitles: true };

/** The report lists this many errors at most: enough to fix a file in one go, small enough to show. */
export const IMPORT_ERRORS_MAX = 1000;

/** The coded columns: their dictionaries, which give each code's name in every language. */
export const CODED_COLUMNS = { serviceType: 'ServiceType', destinationCountry: 'CountryType', warehouseCode: 'LogisticsWarehouse', currency: 'Currency' } as const;
export type CodedColumn = keyof typeof CODED_COLUMNS;
/** Per coded column: a code or a name in any language (normalised) -> the code. */
export type CodeBooks = Record<CodedColumn, Map<string, string>>;

export type SheetRow = TitledRow<ImportColumn>;
export type ImportedOrder = { merchantOrderNo: string; firstRow: number; prepared: PreparedOrder };

const isCoded = (column: ImportColumn): column is CodedColumn => Object.hasOwn(CODED_COLUMNS, column);

/** A coded cell as its code, when it is a code or a name in any language; otherwise as typed (the schema then names the codes). */
function decode(books: CodeBooks, column: ImportColumn, text: string): string {
  return isCoded(column) ? (books[column].get(normalizeTitle(text)) ?? text) : text;
}

/** A quantity cell: a number when it reads as one (the schema then checks it is a whole one), else the text. */
const quantityOf = (text: string | undefined): number | string | undefined => (text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

const ITEM_FIELDS: Record<string, ImportColumn> = {
  name: 'itemName',
  category: 'itemCategory',
  quantity: 'itemQuantity',
  specifications: 'itemSpecifications',
  material: 'itemMaterial',
  unitPrice: 'itemUnitPrice',
};
const RECIPIENT_FIELDS: Record<string, ImportColumn> = {
  name: 'recipientName',
  phone: 'recipientPhone',
  address: 'recipientAddress',
  province: 'recipientProvince',
  city: 'recipientCity',
  district: 'recipientDistrict',
  town: 'recipientTown',
  postcode: 'recipientPostcode',
};

/** Where a field of an order's input sits in the sheet: the row of its product, or the order's first row. */
function locate(path: FieldPath, rows: SheetRow[]): { rowNo: number; column: ImportColumn } {
  const first = rows[0]?.rowNo ?? 0;
  const [head, second, third] = path;
  if (head === 'items') {
    if (typeof second === 'number') return { rowNo: rows[second]?.rowNo ?? first, column: ITEM_FIELDS[String(third)] ?? 'itemName' };
    return { rowNo: first, column: 'itemName' };
  }
  if (head === 'recipient') return { rowNo: first, column: RECIPIENT_FIELDS[String(second)] ?? 'recipientName' };
  const column = IMPORT_COLUMNS.find((candidate) => candidate === head);
  return { rowNo: first, column: column ?? 'merchantOrderNo' };
}

/** The input /add would receive for one order's rows. */
function inputOf(merchantOrderNo: string, rows: SheetRow[], books: CodeBooks) {
  const first = rows[0]?.cells ?? {};
  const order = (column: ImportColumn) => {
    const text = first[column];
    return text === undefined ? undefined : decode(books, column, text);
  };
  return {
    merchantOrderNo,
    serviceType: order('serviceType'),
    destinationCountry: order('destinationCountry'),
    warehouseCode: order('warehouseCode'),
    recipient: Object.fromEntries(Object.entries(RECIPIENT_FIELDS).map(([field, column]) => [field, order(column)])),
    currency: order('currency'),
    items: rows.map(({ cells }) => ({
      name: cells.itemName,
      category: cells.itemCategory,
      quantity: quantityOf(cells.itemQuantity),
      specifications: cells.itemSpecifications,
      material: cells.itemMaterial,
      unitPrice: cells.itemUnitPrice,
    })),
    weight: order('weight'),
    length: order('length'),
    width: order('width'),
    height: order('height'),
    remark: order('remark'),
  };
}

/**
 * Rows -> orders, with every error found: a missing merchant number, an order number repeated
 * apart from its order, order columns that differ from the order's first row (blank ones inherit
 * it), and everything /add refuses. Errors are reported per sheet row and column, in the caller's
 * language, naming the column by the title the file uses.
 */
export function buildOrders(sheet: Pick<TitledSheet<ImportColumn>, 'rows' | 'titles'>, books: CodeBooks, language: Language, examples: Partial<Record<CodedColumn, string>> = {}): { orders: ImportedOrder[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const titleIn = (column: ImportColumn) => sheet.titles[column] ?? titleOf(column, language);
  const report = (rowNo: number, column: ImportColumn, problem: Pick<OrderProblem, 'key' | 'params'>) => {
    const title = titleIn(column);
    errors.push({ row: rowNo, column: title, message: formatMessage(language, problem.key, { ...problem.params, field: title }) });
  };

  const groups = new Map<string, SheetRow[]>();
  let previous: string | null = null;
  for (const row of sheet.rows) {
    const merchantOrderNo = row.cells.merchantOrderNo ?? '';
    if (merchantOrderNo === '') {
      report(row.rowNo, 'merchantOrderNo', { key: 'validationRequired' });
      previous = null;
      continue;
    }
    const group = groups.get(merchantOrderNo);
    if (!group) groups.set(merchantOrderNo, [row]);
    else if (previous === merchantOrderNo) group.push(row);
    else report(row.rowNo, 'merchantOrderNo', { key: 'importOrderNoRepeated', params: { row: group[0]?.rowNo ?? 0 } });
    previous = merchantOrderNo;
  }

  const orders: ImportedOrder[] = [];
  for (const [merchantOrderNo, rows] of groups) {
    const [first, ...later] = rows;
    if (!first) continue;
    let consistent = true;
    for (const row of later) {
      for (const column of IMPORT_COLUMNS) {
        if (ITEM_COLUMNS.includes(column) || column === 'merchantOrderNo') continue;
        const text = row.cells[column];
        if (text === undefined) continue;
        const firstText = first.cells[column];
        if (firstText === undefined || decode(books, column, text) !== decode(books, column, firstText)) {
          report(row.rowNo, column, { key: 'importDiffersFromFirstRow', params: { row: first.rowNo } });
          consistent = false;
        }
      }
    }
    const input = inputOf(merchantOrderNo, rows, books);
    const parsed = orderInput.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      const problems = [...parsed.error.issues.map(issueProblem).map((problem) => unknownCode(problem, input, examples)), ...unitPriceProblems(input.currency, input.items.map((item) => item.unitPrice))];
      for (const problem of problems) {
        const at = locate(problem.path, rows);
        report(at.rowNo, at.column, problem);
      }
      continue;
    }
    const problems = orderProblems(parsed.data);
    for (const problem of problems) {
      const at = locate(problem.path, rows);
      report(at.rowNo, at.column, problem);
    }
    if (problems.length === 0 && consistent) orders.push({ merchantOrderNo, firstRow: first.rowNo, prepared: prepareOrder(parsed.data as ParsedOrder) });
  }
  return { orders, errors };
}

/**
 * A coded cell that is neither a code nor a name: the value as typed, that a name or a code is
 * expected, and a few of them (the whole list is the template's drop-down, not a wall of codes).
 */
function unknownCode(problem: OrderProblem, input: Partial<Record<string, unknown>>, examples: Partial<Record<CodedColumn, string>>): OrderProblem {
  const [column] = problem.path;
  if (problem.key !== 'validationOneOf' || problem.path.length !== 1 || typeof column !== 'string' || !isCoded(column as ImportColumn)) return problem;
  const coded = column as CodedColumn;
  return { ...problem, key: 'importCodeUnknown', params: { value: String(input[coded] ?? ''), examples: examples[coded] ?? '' } };
}

/** Errors in sheet order (row, then the template's column order), at most IMPORT_ERRORS_MAX. */
export function sortErrors(errors: ImportRowError[], titles: Partial<Record<ImportColumn, string>>): ImportRowError[] {
  const places = new Map(IMPORT_COLUMNS.flatMap((column, at) => (titles[column] === undefined ? [] : [[titles[column], at] as const])));
  return byRowAndColumn([...errors], places).slice(0, IMPORT_ERRORS_MAX);
}
