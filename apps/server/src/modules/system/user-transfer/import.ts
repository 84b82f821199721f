import type ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Language, Texts } from '@portal/shared/languages';
import type { ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { isStrongPassword } from '@portal/shared/password-rule';
import { normalisePhone, USERNAME_PATTERN } from '@portal/shared/sys';
import { USER_IMPORT_COLUMNS, type UserImportColumn } from '@portal/shared/system-user-data';
import { readTitledSheet, sortRowErrors, type SheetLayout, type TitledRow, type TitledSheet } from '../../../lib/xlsx-read.ts';

/*
 * Reading the users' import sheet into checked rows. Nothing here reads the database: the service hands
 * in what the tenant has (departments, roles, positions by code; usernames and phones taken) and imports
 * all or nothing.
 */

/** An import is a team, not a migration: past this many rows, split the file (each password is hashed). */
export const USER_IMPORT_ROWS_MAX = 500;

/** Titles of the template's columns; the header is recognised in any of the three languages. */
export const USER_IMPORT_TITLES: Record<UserImportColumn, Texts> = {
  username: { 'zh-TW': '帳號', 'zh-CN': '用户名', 'en-US': 'Username' },
  realname: { 'zh-TW': '真實姓名', 'zh-CN': '真实姓名', 'en-US': 'Real name' },
  password: { 'zh-TW': '密碼', 'zh-CN': '密码', 'en-US': 'Password' },
  workNo: { 'zh-TW': '工號', 'zh-CN': '工号', 'en-US': 'Work number' },
  phone: { 'zh-TW': '手機號碼', 'zh-CN': '手机号码', 'en-US': 'Phone' },
  email: { 'zh-TW': '電子郵件', 'zh-CN': '电子邮件', 'en-US': 'Email' },
  departs: { 'zh-TW': '部門代碼', 'zh-CN': '部门代码', 'en-US': 'Department org codes' },
  roles: { 'zh-TW': '角色代碼', 'zh-CN': '角色代码', 'en-US': 'Role codes' },
  positions: { 'zh-TW': '職務代碼', 'zh-CN': '职务代码', 'en-US': 'Position codes' },
};
const REQUIRED: UserImportColumn[] = ['username', 'realname', 'password'];
const MAX_LENGTH: Partial<Record<UserImportColumn, number>> = { username: 64, realname: 100, password: 128, workNo: 32, phone: 40, email: 255 };

/** The users' sheet: read by lib/xlsx-read.ts. */
export const USER_SHEET: SheetLayout<UserImportColumn> = {
  columns: USER_IMPORT_COLUMNS,
  titles: USER_IMPORT_TITLES,
  required: REQUIRED,
  maxRows: USER_IMPORT_ROWS_MAX,
  // zh-TW templates handed out before the glossary (docs/glossary.md) said 用戶名
  formerTitles: { username: ['用戶名'] },
};

export type UserSheetRow = TitledRow<UserImportColumn>;
export type UserSheet = TitledSheet<UserImportColumn>;

/** The header (row 1) and the data rows; wholly blank rows are skipped, unknown columns ignored. */
export const readUserSheet = (sheet: ExcelJS.Worksheet, language: Language): UserSheet => readTitledSheet(sheet, USER_SHEET, language);

/** What the tenant has, by lower-case code, and what is taken. */
export type TenantBooks = {
  departs: Map<string, { id: number; orgCode: string }>;
  roles: Map<string, { id: number; code: string; beyondGrantor: boolean }>;
  positions: Map<string, number>;
  /** lower-case usernames that exist (in any tenant, recycle bin included: usernames are global) */
  takenUsernames: Set<string>;
  /** canonical phones that exist */
  takenPhones: Set<string>;
};

export type ImportedUser = {
  username: string;
  realname: string;
  password: string;
  workNo: string;
  phone: string | null;
  email: string | null;
  departIds: number[];
  /** the current department: the first one listed */
  orgCode: string | null;
  roleIds: number[];
  positionIds: number[];
};

const email = z.email();
const codes = (text: string | undefined) => [...new Set((text ?? '').split(/[,，;；\s]+/).filter(Boolean))];

/**
 * Every row checked; errors name the row, the column as the file titles it, and what is wrong in the
 * caller's language. Users come back only when no row is wrong.
 */
export function checkUserRows(sheet: Pick<UserSheet, 'rows' | 'titles'>, books: TenantBooks, language: Language): { users: ImportedUser[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const report = (rowNo: number, column: UserImportColumn, key: MessageKey, params: MessageParams = {}) => {
    const title = sheet.titles[column] ?? USER_IMPORT_TITLES[column][language];
    errors.push({ row: rowNo, column: title, message: formatMessage(language, key, { field: title, ...params }) });
  };
  const usernameRows = new Map<string, number>();
  const phoneRows = new Map<string, number>();
  const users: ImportedUser[] = [];
  for (const { rowNo, cells } of sheet.rows) {
    const before = errors.length;
    for (const column of REQUIRED) if (!cells[column]) report(rowNo, column, 'validationRequired');
    for (const column of USER_IMPORT_COLUMNS) {
      const max = MAX_LENGTH[column];
      const text = cells[column];
      if (max !== undefined && text !== undefined && text.length > max) report(rowNo, column, 'validationTooLong', { max });
    }
    const username = cells.username ?? '';
    if (username && username.length <= 64) {
      const key = username.toLowerCase();
      const earlier = usernameRows.get(key);
      if (!USERNAME_PATTERN.test(username)) report(rowNo, 'username', 'usernameInvalid');
      else if (earlier !== undefined) report(rowNo, 'username', 'importUsernameRepeated', { username, row: earlier });
      else if (books.takenUsernames.has(key)) report(rowNo, 'username', 'usernameTaken');
      if (earlier === undefined) usernameRows.set(key, rowNo);
    }
    const password = cells.password ?? '';
    if (password && password.length <= 128 && !isStrongPassword(password)) report(rowNo, 'password', 'importPasswordWeak');
    let phone: string | null = null;
    if (cells.phone && cells.phone.length <= 40) {
      phone = normalisePhone(cells.phone);
      const earlier = phone === null ? undefined : phoneRows.get(phone);
      if (phone === null) report(rowNo, 'phone', 'phoneInvalid');
      else if (earlier !== undefined) report(rowNo, 'phone', 'importPhoneRepeated', { row: earlier });
      else if (books.takenPhones.has(phone)) report(rowNo, 'phone', 'phoneTaken');
      if (phone !== null && earlier === undefined) phoneRows.set(phone, rowNo);
    }
    if (cells.email && cells.email.length <= 255 && !email.safeParse(cells.email).success) report(rowNo, 'email', 'importEmailInvalid', { value: cells.email });
    const departs = codes(cells.departs).map((code) => books.departs.get(code.toLowerCase()) ?? code);
    for (const depart of departs) if (typeof depart === 'string') report(rowNo, 'departs', 'importDepartUnknown', { value: depart });
    const roles = codes(cells.roles).map((code) => books.roles.get(code.toLowerCase()) ?? code);
    for (const role of roles) {
      if (typeof role === 'string') report(rowNo, 'roles', 'importRoleUnknown', { value: role });
      // the rules of delegation: nobody gives a role that holds more than they do (refuseRoleAssignment)
      else if (role.beyondGrantor) report(rowNo, 'roles', 'importRoleBeyondOwn', { value: role.code });
    }
    const positions = codes(cells.positions).map((code) => books.positions.get(code.toLowerCase()) ?? code);
    for (const position of positions) if (typeof position === 'string') report(rowNo, 'positions', 'importPositionUnknown', { value: position });
    if (errors.length > before) continue;
    const departIds = departs.flatMap((depart) => (typeof depart === 'string' ? [] : [depart.id]));
    users.push({
      username,
      realname: cells.realname ?? '',
      password,
      workNo: cells.workNo ?? '',
      phone,
      email: cells.email ?? null,
      departIds,
      orgCode: departs.find((depart) => typeof depart !== 'string')?.orgCode ?? null,
      roleIds: roles.flatMap((role) => (typeof role === 'string' ? [] : [role.id])),
      positionIds: positions.flatMap((position) => (typeof position === 'string' ? [] : [position])),
    });
  }
  sortRowErrors(errors, USER_SHEET, sheet.titles, language);
  return { users: errors.length === 0 ? users : [], errors };
}
