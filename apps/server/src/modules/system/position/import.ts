import { eq } from 'drizzle-orm';
import type { Language, Texts } from '@portal/shared/languages';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { POSITION_RANK_MAX, POSITION_RANK_MIN } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import { positions } from '../../../db/schema/sys.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { conflict } from '../../../lib/errors.ts';
import { readTitledSheet, readWorkbook, sortRowErrors, templateWorkbook, type SheetLayout, type TitledSheet } from '../../../lib/xlsx-read.ts';
import { insertPosition } from './repository.ts';

/*
 * POST /sys/position/importExcel: rows of a code, a name and a rank, checked by the rules of add (the
 * code's characters, unique in the tenant without case, the rank's range) and against each other. Any
 * wrong row and nothing is imported. Pure checking (checkPositionRows) and the one transaction that writes.
 */

type PositionColumn = 'code' | 'name' | 'rank';

export const POSITION_IMPORT_ROWS_MAX = 500;
const MAX_LENGTH: Record<Exclude<PositionColumn, 'rank'>, number> = { code: 64, name: 100 };
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const POSITION_SHEET: SheetLayout<PositionColumn> = {
  columns: ['code', 'name', 'rank'],
  titles: {
    code: { 'zh-TW': '職務編碼', 'zh-CN': '职务编码', 'en-US': 'Code' },
    name: { 'zh-TW': '職務名稱', 'zh-CN': '职务名称', 'en-US': 'Position' },
    rank: { 'zh-TW': '職級', 'zh-CN': '职级', 'en-US': 'Rank' },
  },
  required: ['code', 'name', 'rank'],
  maxRows: POSITION_IMPORT_ROWS_MAX,
};

export type NewPosition = { code: string; name: string; rank: number };

/** Every row checked; `takenCodes`: the tenant's codes in lower case. */
export function checkPositionRows(sheet: Pick<TitledSheet<PositionColumn>, 'rows' | 'titles'>, takenCodes: ReadonlySet<string>, language: Language): { positions: NewPosition[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const report = (rowNo: number, column: PositionColumn, key: MessageKey, params: MessageParams = {}) => {
    const title = sheet.titles[column] ?? POSITION_SHEET.titles[column][language];
    errors.push({ row: rowNo, column: title, message: formatMessage(language, key, { field: title, ...params }) });
  };
  const codeRows = new Map<string, number>();
  const out: NewPosition[] = [];
  for (const { rowNo, cells } of sheet.rows) {
    const before = errors.length;
    for (const column of POSITION_SHEET.required) if (!cells[column]) report(rowNo, column, 'validationRequired');
    const code = cells.code ?? '';
    if (code.length > MAX_LENGTH.code) report(rowNo, 'code', 'validationTooLong', { max: MAX_LENGTH.code });
    else if (code && !CODE_PATTERN.test(code)) report(rowNo, 'code', 'positionCodeFormat');
    else if (code) {
      const key = code.toLowerCase();
      const earlier = codeRows.get(key);
      if (earlier !== undefined) report(rowNo, 'code', 'importPositionCodeRepeated', { code, row: earlier });
      else if (takenCodes.has(key)) report(rowNo, 'code', 'positionCodeTaken', { code });
      else codeRows.set(key, rowNo);
    }
    const name = cells.name ?? '';
    if (name.length > MAX_LENGTH.name) report(rowNo, 'name', 'validationTooLong', { max: MAX_LENGTH.name });
    const rank = cells.rank === undefined ? NaN : /^\d{1,3}$/.test(cells.rank) ? Number(cells.rank) : NaN;
    if (cells.rank !== undefined && !(rank >= POSITION_RANK_MIN && rank <= POSITION_RANK_MAX)) report(rowNo, 'rank', 'importPositionRankRange', { min: POSITION_RANK_MIN, max: POSITION_RANK_MAX });
    if (errors.length === before) out.push({ code, name, rank });
  }
  sortRowErrors(errors, POSITION_SHEET, sheet.titles, language);
  return { positions: errors.length === 0 ? out : [], errors };
}

type ImportOutcome = { result: ImportResult; key: MessageKey; params: MessageParams };

export async function importPositions(db: Db, tenantId: number, file: Buffer, language: Language): Promise<ImportOutcome> {
  const sheet = readTitledSheet(await readWorkbook(file), POSITION_SHEET, language);
  const refuse = (errors: ImportRowError[]): ImportOutcome => ({ result: { imported: 0, errors }, key: 'positionsNothingImported', params: { count: errors.length } });
  if (sheet.errors.length > 0) return refuse(sheet.errors);
  // a tenant has tens of positions: every code is read once
  const taken = await db.select({ code: positions.code }).from(positions).where(eq(positions.tenantId, tenantId));
  const { positions: rows, errors } = checkPositionRows(sheet, new Set(taken.map((row) => row.code.toLowerCase())), language);
  if (errors.length > 0) return refuse(errors);
  try {
    await db.transaction(async (tx) => {
      for (const row of rows) await insertPosition(tx, tenantId, row);
    });
  } catch (error) {
    // another administrator took a code since the check: the unique index says which row lost
    if (violatedConstraint(error) === 'sys_position_tenant_code_uq') throw conflict('positionCodeTaken', { code: rows.map((row) => row.code).join(', ') });
    throw error;
  }
  return { result: { imported: rows.length, errors: [] }, key: 'positionsImported', params: { count: rows.length } };
}

const EXAMPLE = {
  name: { 'zh-TW': '業務專員', 'zh-CN': '业务专员', 'en-US': 'Sales specialist' },
} as const satisfies Record<string, Texts>;

/** GET /sys/position/importTemplate: the header in the caller's language and one example row. */
export async function positionImportTemplate(language: Language): Promise<{ fileName: string; workbook: Buffer }> {
  const title = formatMessage(language, 'positionImportTemplateTitle');
  const workbook = await templateWorkbook(POSITION_SHEET, { sheetName: title, language, examples: [{ code: 'SALES_01', name: EXAMPLE.name[language], rank: '5' }], widths: { name: 24, rank: 8 } });
  return { fileName: `${title}.xlsx`, workbook };
}
