import type { Language } from '@portal/shared/languages';
import type { ImportResult, ImportRowError } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { normalisePhone } from '@portal/shared/sys';
import type { UserImportColumn } from '@portal/shared/system-user-data';
import type { Db } from '../../../db/client.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { conflict } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { readWorkbook, templateWorkbook } from '../../../lib/xlsx-read.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import { refuseRoleAssignment } from '../../auth/access/delegation.ts';
import { loadGrantor } from '../../auth/access/grantor-repository.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { findUserRecord } from '../user/repository.ts';
import { checkUserRows, readUserSheet, USER_SHEET, type ImportedUser, type TenantBooks } from './import.ts';
import { insertUsers, takenOf, tenantDeparts, tenantPositions, tenantRoles } from './repository.ts';

type ImportOutcome = { result: ImportResult; key: MessageKey; params: MessageParams };

/** What the tenant has for the rows to name, and what of the file's usernames and phones is taken. */
async function booksFor(db: Db, auth: AuthContext, usernames: string[], phones: string[]): Promise<TenantBooks> {
  const [grantor, departs, roles, positions, taken] = await Promise.all([
    loadGrantor(db, auth),
    tenantDeparts(db, auth.tenantId),
    tenantRoles(db, auth.tenantId),
    tenantPositions(db, auth.tenantId),
    takenOf(db, usernames, phones),
  ]);
  return {
    departs: new Map(departs.map((depart) => [depart.orgCode.toLowerCase(), { id: Number(depart.id), orgCode: depart.orgCode }])),
    roles: new Map(roles.map((role) => [role.code.toLowerCase(), { id: role.id, code: role.code, beyondGrantor: refuseRoleAssignment(grantor, role.grants) !== null }])),
    positions: new Map(positions.map((position) => [position.code.toLowerCase(), Number(position.id)])),
    takenUsernames: taken.usernames,
    takenPhones: taken.phones,
  };
}

/**
 * POST /sys/user/importExcel: every row checked against the rules of add (username, password, phone,
 * email; departments, roles and positions of the tenant by code; the rules of delegation on the roles);
 * any wrong row and nothing is imported, every error listed with its row and column.
 */
export async function importUsers(db: Db, auth: AuthContext, file: Buffer, language: Language, actor: AuditActor): Promise<ImportOutcome> {
  const sheet = readUserSheet(await readWorkbook(file), language);
  const refuse = (errors: ImportRowError[]): ImportOutcome => ({ result: { imported: 0, errors }, key: 'usersNothingImported', params: { count: errors.length } });
  if (sheet.errors.length > 0) return refuse(sheet.errors);
  const usernames = sheet.rows.flatMap((row) => (row.cells.username ? [row.cells.username.toLowerCase()] : []));
  const phones = sheet.rows.flatMap((row) => normalisePhone(row.cells.phone ?? '') ?? []);
  const books = await booksFor(db, auth, usernames, phones);
  const { users, errors } = checkUserRows(sheet, books, language);
  if (errors.length > 0) return refuse(errors);
  // one at a time: argon2 takes memory, and the other requests of this server wait for the same cores
  const hashed: (ImportedUser & { passwordHash: string })[] = [];
  for (const user of users) hashed.push({ ...user, passwordHash: await hashPassword(user.password) });
  try {
    await db.transaction(async (scoped) => {
      const ids = await insertUsers(scoped, auth.tenantId, auth.userId, hashed);
      // each imported user is a line of the audit log, as a user added on the screen is
      for (const [index, id] of ids.entries()) {
        await recordAudit(scoped, actor, { resource: 'user', resourceId: id, action: 'import', label: hashed[index]?.username ?? '', after: await findUserRecord(scoped, auth.tenantId, id) });
      }
    });
  } catch (error) {
    // another request took a username or phone since the check
    const constraint = violatedConstraint(error);
    if (constraint === 'sys_user_username_uq') throw conflict('usernameTaken');
    if (constraint === 'sys_user_phone_uq') throw conflict('phoneTaken');
    throw error;
  }
  return { result: { imported: users.length, errors: [] }, key: 'usersImported', params: { count: users.length } };
}

const EXAMPLE: Record<UserImportColumn, string> = {
  username: 'zhang_wei',
  realname: '張偉',
  password: 'Welcome2026',
  workNo: 'E0001',
  phone: '0912345678',
  email: 'zhang.wei@example.com',
  departs: '',
  roles: '',
  positions: '',
};

/** GET /sys/user/importTemplate: the header in the caller's language and one example row that names the tenant's own codes. */
export async function userImportTemplate(db: Db, auth: AuthContext, language: Language): Promise<{ fileName: string; workbook: Buffer }> {
  const [departs, roles, positions] = await Promise.all([tenantDeparts(db, auth.tenantId), tenantRoles(db, auth.tenantId), tenantPositions(db, auth.tenantId)]);
  const example = { ...EXAMPLE, departs: departs[0]?.orgCode ?? '', roles: roles[0]?.code ?? '', positions: positions[0]?.code ?? '' };
  const title = formatMessage(language, 'userImportTemplateTitle');
  const workbook = await templateWorkbook(USER_SHEET, { sheetName: title, language, examples: [example], widths: { email: 26 } });
  return { fileName: `${title}.xlsx`, workbook };
}
