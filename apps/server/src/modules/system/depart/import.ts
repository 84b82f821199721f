import type { Language, Texts } from '@portal/shared/languages';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import type { DepartRecord } from '@portal/shared/system-departs';
import type { Db } from '../../../db/client.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { conflict } from '../../../lib/errors.ts';
import { readTitledSheet, readWorkbook, sortRowErrors, templateWorkbook, type SheetLayout, type TitledSheet } from '../../../lib/xlsx-read.ts';
import { nameKey, nextChildCode } from './model.ts';
import { insertDepart, listDeparts } from './repository.ts';

/*
 * POST /sys/sysDepart/importExcel: rows of a name, a parent and a sort order. The parent is an existing
 * department (by org code or by its name path, "Head office/R&D") or one of an earlier row (by its
 * path); org codes are made by the server as for add (model.ts). Any wrong row and nothing is imported.
 * Pure checking (checkDepartRows) and the one transaction that writes (importDeparts).
 */

type DepartColumn = 'departName' | 'parent' | 'sortNo';

/** A department import adds a part of a tree, not a company's history: past this, split the file. */
export const DEPART_IMPORT_ROWS_MAX = 500;
const NAME_MAX = 100;
const SORT_MAX = 100_000;

export const DEPART_SHEET: SheetLayout<DepartColumn> = {
  columns: ['departName', 'parent', 'sortNo'],
  titles: {
    departName: { 'zh-TW': '部門名稱', 'zh-CN': '部门名称', 'en-US': 'Department name' },
    parent: { 'zh-TW': '上級部門', 'zh-CN': '上级部门', 'en-US': 'Parent department' },
    sortNo: { 'zh-TW': '排序', 'zh-CN': '排序', 'en-US': 'Sort order' },
  },
  required: ['departName'],
  maxRows: DEPART_IMPORT_ROWS_MAX,
};

/** A name path as compared: each segment as a name is (model.ts nameKey). */
const pathKey = (text: string) => text.split('/').map(nameKey).filter(Boolean).join('/');

/** Where a new department goes: under an existing one, under one of an earlier row (its index among the new ones), or at the top. */
export type ParentRef = { kind: 'top' } | { kind: 'existing'; id: number; orgCode: string } | { kind: 'new'; index: number };
export type NewDepart = { departName: string; parent: ParentRef; sortNo: number | null };

/** The tenant's departments by org code and by name path (a path several share is ambiguous). */
export function departBooks(rows: readonly DepartRecord[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: DepartRecord, seen = new Set<number>()): string => {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (!parent || seen.has(parent.id)) return row.departName;
    seen.add(row.id);
    return `${pathOf(parent, seen)}/${row.departName}`;
  };
  const byPath = new Map<string, DepartRecord[]>();
  for (const row of rows) {
    const key = pathKey(pathOf(row));
    byPath.set(key, [...(byPath.get(key) ?? []), row]);
  }
  return { byCode: new Map(rows.map((row) => [row.orgCode.toUpperCase(), row])), byPath, pathOf };
}

/** Every row checked; errors name the row, the column as the file titles it, and what is wrong. */
export function checkDepartRows(sheet: Pick<TitledSheet<DepartColumn>, 'rows' | 'titles'>, books: ReturnType<typeof departBooks>, language: Language): { departs: NewDepart[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const report = (rowNo: number, column: DepartColumn, key: MessageKey, params: MessageParams = {}) => {
    const title = sheet.titles[column] ?? DEPART_SHEET.titles[column][language];
    errors.push({ row: rowNo, column: title, message: formatMessage(language, key, { field: title, ...params }) });
  };
  // the paths of earlier rows: their index among the new departments and their row
  const filePaths = new Map<string, { index: number; rowNo: number }>();
  const departs: NewDepart[] = [];
  for (const { rowNo, cells } of sheet.rows) {
    const before = errors.length;
    const name = (cells.departName ?? '').trim();
    if (!name) report(rowNo, 'departName', 'validationRequired');
    else if (name.length > NAME_MAX) report(rowNo, 'departName', 'validationTooLong', { max: NAME_MAX });
    else if (name.includes('/')) report(rowNo, 'departName', 'importDepartNameSlash');

    let parent: ParentRef | null = { kind: 'top' };
    let parentPath = '';
    const parentText = cells.parent?.trim();
    if (parentText) {
      const byCode = books.byCode.get(parentText.toUpperCase());
      const key = pathKey(parentText);
      const existing = books.byPath.get(key) ?? [];
      const earlier = filePaths.get(key);
      if (byCode) {
        parent = { kind: 'existing', id: byCode.id, orgCode: byCode.orgCode };
        parentPath = pathKey(books.pathOf(byCode));
      } else if (existing.length > 1) {
        parent = null;
        report(rowNo, 'parent', 'importDepartParentAmbiguous', { value: parentText });
      } else if (existing[0]) {
        parent = { kind: 'existing', id: existing[0].id, orgCode: existing[0].orgCode };
        parentPath = key;
      } else if (earlier) {
        parent = { kind: 'new', index: earlier.index };
        parentPath = key;
      } else {
        parent = null;
        report(rowNo, 'parent', 'importDepartParentUnknown', { value: parentText });
      }
    }

    let sortNo: number | null = null;
    if (cells.sortNo !== undefined) {
      sortNo = /^\d+$/.test(cells.sortNo) ? Number(cells.sortNo) : NaN;
      if (!Number.isSafeInteger(sortNo) || sortNo > SORT_MAX) report(rowNo, 'sortNo', 'importDepartSortInvalid', { max: SORT_MAX });
    }

    if (name && errors.length === before + (parent === null ? 1 : 0) && parent !== null) {
      const path = parentPath ? `${parentPath}/${pathKey(name)}` : pathKey(name);
      const shown = parentPath ? `${parentText}/${name}` : name;
      const repeated = filePaths.get(path);
      if (books.byPath.has(path)) report(rowNo, 'departName', 'importDepartExists', { value: shown });
      else if (repeated) report(rowNo, 'departName', 'importDepartRepeated', { value: shown, row: repeated.rowNo });
      else filePaths.set(path, { index: departs.length, rowNo });
    }
    if (errors.length > before || parent === null) continue;
    departs.push({ departName: name, parent, sortNo });
  }
  sortRowErrors(errors, DEPART_SHEET, sheet.titles, language);
  return { departs: errors.length === 0 ? departs : [], errors };
}

type ImportOutcome = { result: ImportResult; key: MessageKey; params: MessageParams };

/** All or nothing, in one transaction: each new department gets the next free code under its parent, and by default the place after its siblings. */
export async function importDeparts(db: Db, tenantId: number, file: Buffer, language: Language): Promise<ImportOutcome> {
  const sheet = readTitledSheet(await readWorkbook(file), DEPART_SHEET, language);
  const refuse = (errors: ImportRowError[]): ImportOutcome => ({ result: { imported: 0, errors }, key: 'departsNothingImported', params: { count: errors.length } });
  if (sheet.errors.length > 0) return refuse(sheet.errors);
  const { departs, errors } = checkDepartRows(sheet, departBooks(await listDeparts(db, tenantId)), language);
  if (errors.length > 0) return refuse(errors);
  try {
    await db.transaction(async (tx) => {
      const existing = await listDeparts(tx, tenantId);
      const codes = existing.map((row) => row.orgCode);
      const siblings = new Map<number | null, number>();
      for (const row of existing) siblings.set(row.parentId, (siblings.get(row.parentId) ?? 0) + 1);
      const added: DepartRecord[] = [];
      for (const depart of departs) {
        const parent = depart.parent.kind === 'existing' ? { id: depart.parent.id, orgCode: depart.parent.orgCode } : depart.parent.kind === 'new' ? added[depart.parent.index] : undefined;
        const parentId = parent?.id ?? null;
        const orgCode = nextChildCode(parent?.orgCode ?? '', codes);
        if (!orgCode) throw conflict('departCodesExhausted');
        const sortNo = depart.sortNo ?? siblings.get(parentId) ?? 0;
        siblings.set(parentId, (siblings.get(parentId) ?? 0) + 1);
        codes.push(orgCode);
        added.push(await insertDepart(tx, { tenantId, parentId, departName: depart.departName, orgCode, sortNo }));
      }
    });
  } catch (error) {
    // another administrator added a department under the same parent meanwhile
    if (violatedConstraint(error) === 'sys_depart_tenant_org_code_uq') throw conflict('departOrgCodeTaken');
    throw error;
  }
  return { result: { imported: departs.length, errors: [] }, key: 'departsImported', params: { count: departs.length } };
}

const EXAMPLE_NAMES = {
  first: { 'zh-TW': '新部門', 'zh-CN': '新部门', 'en-US': 'New department' },
  second: { 'zh-TW': '新小組', 'zh-CN': '新小组', 'en-US': 'New team' },
} as const satisfies Record<string, Texts>;

/** GET /sys/sysDepart/importTemplate: the header in the caller's language and two example rows, one under an existing department by org code and one under the first by name path. */
export async function departImportTemplate(db: Db, tenantId: number, language: Language): Promise<{ fileName: string; workbook: Buffer }> {
  const [top] = await listDeparts(db, tenantId);
  const first = EXAMPLE_NAMES.first[language];
  const examples = [
    { departName: first, parent: top?.orgCode ?? '', sortNo: '' },
    { departName: EXAMPLE_NAMES.second[language], parent: top ? `${top.departName}/${first}` : first, sortNo: '1' },
  ];
  const title = formatMessage(language, 'departImportTemplateTitle');
  return { fileName: `${title}.xlsx`, workbook: await templateWorkbook(DEPART_SHEET, { sheetName: title, language, examples, widths: { departName: 24, parent: 32 } }) };
}
