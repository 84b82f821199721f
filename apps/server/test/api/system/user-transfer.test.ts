import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/admin.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { voucherUpload } from '../../helpers/wallet-client.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { departments, permissions, rolePermissions, roles, userDepartments, userPositions, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';

/*
 * Users to and from Excel: the export with the list's filters, the import template, and
 * the all-or-nothing import checked row by row. Every answer body is kept and searched at the end for a
 * password hash or a token.
 */

const U = '/api/sys/user';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['帳號', '真實姓名', '密碼', '工號', '手機號碼', '電子郵件', '部門代碼', '角色代碼', '職務代碼'];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`users to and from Excel (${testDbKind()})`, () => {
  let t: TestApp;
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '', admin: '' };

  const call = async (request: Parameters<TestApp['call']>[0]): Promise<LightMyRequestResponse> => {
    const response = await t.call(request);
    bodies.push(response.body);
    return response;
  };
  const exportXls = (token: string | undefined, query: Record<string, string> = {}, lang = 'zh-TW') => call({ method: 'GET', url: `${U}/exportXls`, token, lang, query });
  const upload = async (token: string | undefined, rows: (string | number)[][], lang = 'en-US') => call({ method: 'POST', url: `${U}/importExcel`, token, lang, ...voucherUpload(await workbook(rows), 'users.xlsx', 'file', XLSX) });
  const usernamesIn = async (names: string[]) => (await t.db.select({ username: users.username }).from(users).where(inArray(users.username, names))).map((row) => row.username);

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
  });
  afterAll(() => t.close());

  it.each([
    ['GET', 'exportXls'],
    ['GET', 'importTemplate'],
    ['POST', 'importExcel'],
  ] as const)('%s %s: 401 without a session, 403 for staff', async (method, path) => {
    refused(await call({ method, url: `${U}/${path}` }), 401);
    expect(refused(await call({ method, url: `${U}/${path}`, token: tokens.staff, lang: 'en-US' }), 403)).toBe('Access denied: you lack the permission for this');
  });

  it("exports the tenant's users with the list's filters, without a hash", async () => {
    const sheet = await readXlsx(await exportXls(tokens.merchant));
    expect(sheet.headers).toEqual(['帳號', '真實姓名', '工號', '手機號碼', '電子郵件', '狀態', '部門', '職務', '角色', '建立時間']);
    const names = sheet.rows.map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(['merchant', 'staff']));
    expect(names).not.toContain('merchant2');
    expect(names).not.toContain('admin');
    const merchant = sheet.rows.find((row) => row[0] === 'merchant')!;
    expect(merchant[5]).toBe('正常');
    expect(String(merchant[6])).toContain('Operations');
    expect(JSON.stringify(sheet.rows)).not.toMatch(/\$argon2|passwordHash/);
    const staffOnly = await readXlsx(await exportXls(tokens.merchant, { username: 'staff' }, 'en-US'));
    expect(staffOnly.headers[0]).toBe('Username');
    expect(staffOnly.rows.map((row) => row[0])).toEqual(['staff']);
    const [staffRole] = await t.db.select().from(roles).where(sql`${roles.tenantId} = 1 and ${roles.roleCode} = 'merchant_staff'`);
    expect((await readXlsx(await exportXls(tokens.merchant, { roleId: String(staffRole!.id) }))).rows.map((row) => row[0])).toContain('staff');
    expect((await readXlsx(await exportXls(tokens.merchant, { status: '2' }))).rows).toEqual([]);
  });

  it('takes SQL text in a filter as text', async () => {
    for (const username of ["' or 1=1 --", "x'); drop table sys_user; --", '%']) {
      expect((await readXlsx(await exportXls(tokens.merchant, { username }))).rows).toEqual([]);
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBeGreaterThan(5);
  });

  it('refuses a bad time zone and a sort column with a translated 400', async () => {
    refused(await exportXls(tokens.merchant, { timeZone: 'Mars/Base' }, 'en-US'), 400);
    refused(await exportXls(tokens.merchant, { status: '1; drop table sys_user' }, 'en-US'), 400);
  });

  it('hands out the template: the header and one example row naming the tenant\'s codes', async () => {
    const response = await call({ method: 'GET', url: `${U}/importTemplate`, token: tokens.merchant, lang: 'zh-CN' });
    expect(downloadName(response)).toBe('用户导入模板.xlsx');
    const sheet = await readXlsx(response);
    expect(sheet.headers).toEqual(['用户名', '真实姓名', '密码', '工号', '手机号码', '电子邮件', '部门代码', '角色代码', '职务代码']);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]![0]).toBe('zhang_wei');
    const t1Codes = (await t.db.select({ code: departments.orgCode }).from(departments).where(eq(departments.tenantId, 1))).map((row) => row.code);
    expect(t1Codes).toContain(sheet.rows[0]![6]);
  });

  it('imports good rows with their departments, roles and positions; they can sign in', async () => {
    const response = await upload(tokens.merchant, [
      HEADER,
      ['imp_alice', 'Alice', 'Alice2026x', 'E100', '0913000101', 'alice@example.com', 'A01A01', 'merchant_staff', 'clerk'],
      ['imp_bob', 'Bob', 'Bob2026xx', '', '', '', 'A01A02, A01A01', '', 'manager,clerk'],
    ]);
    expect(ok<ImportResult>(response)).toEqual({ imported: 2, errors: [] });
    expect(response.json().message).toBe('Imported (users: 2)');
    const [alice] = await t.db.select().from(users).where(eq(users.username, 'imp_alice'));
    expect(alice).toMatchObject({ realname: 'Alice', workNo: 'E100', phone: '0913000101', email: 'alice@example.com', orgCode: 'A01A01', defaultTenantId: 1, delFlag: 0, passwordChangeRequired: true });
    expect(await t.db.select().from(userTenants).where(eq(userTenants.userId, alice!.id))).toEqual([{ userId: alice!.id, tenantId: 1 }]);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, alice!.id))).toHaveLength(1);
    expect(await t.db.select().from(userPositions).where(eq(userPositions.userId, alice!.id))).toHaveLength(1);
    const [bob] = await t.db.select().from(users).where(eq(users.username, 'imp_bob'));
    expect(await t.db.select().from(userDepartments).where(eq(userDepartments.userId, bob!.id))).toHaveLength(2);
    expect(bob!.orgCode).toBe('A01A02');
    expect(await t.login('imp_bob', 'Bob2026xx')).toMatch(/^[\w-]{43}$/);
    // each imported user is a line of the audit log, with what they were given
    const lines = await t.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'user'), eq(auditLogs.action, 'import'), inArray(auditLogs.resourceId, [String(alice!.id), String(bob!.id)])));
    expect(lines.map((line) => line.label).sort()).toEqual(['imp_alice', 'imp_bob']);
    const aliceLine = lines.find((line) => line.label === 'imp_alice');
    expect(aliceLine).toMatchObject({ tenantId: 1 });
    expect(aliceLine?.after).toMatchObject({ username: 'imp_alice', departs: [{ orgCode: 'A01A01' }] });
    expect(JSON.stringify(lines)).not.toMatch(/Alice2026x|argon2/);
    // and reads as a user added on the screen does: fields by their names, departments, roles and positions by theirs
    const bobLine = lines.find((line) => line.label === 'imp_bob')!;
    type Row = { key: string; label: string; after: string | string[] | null };
    const read = ok<{ action: string; fields: Row[] }>(await call({ method: 'GET', url: '/api/sys/auditLog/queryById', token: tokens.merchant, lang: 'en-US', query: { id: String(bobLine.id) } }));
    const field = (key: string) => read.fields.find((row) => row.key === key);
    expect(read.action).toBe('import');
    expect(field('orgCode')).toMatchObject({ label: 'Current department', after: '財務部 Finance' });
    expect(field('departs')).toMatchObject({ label: 'Departments', after: expect.arrayContaining(['營運部 Operations', '財務部 Finance']) });
    expect(field('positions')).toMatchObject({ label: 'Positions', after: expect.arrayContaining(['經理 Manager', '專員 Clerk']) });
    expect(field('status')).toMatchObject({ label: 'Status', after: 'Normal' });
    expect(field('realname')).toMatchObject({ label: 'Real name', after: 'Bob' });
  });

  it('reads a zh-TW template handed out before 用戶名 became 帳號', async () => {
    const response = await upload(tokens.merchant, [['用戶名', ...HEADER.slice(1)], ['imp_former', 'Former', 'Former2026x', '', '', '', '', '', '']], 'zh-TW');
    expect(ok<ImportResult>(response)).toEqual({ imported: 1, errors: [] });
    expect(await t.login('imp_former', 'Former2026x')).toMatch(/^[\w-]{43}$/);
  });

  it('imports nothing when one row of four is wrong, and names that row (three languages)', async () => {
    const rows = (lang: string) => [
      HEADER,
      [`good1_${lang.slice(-2)}`, 'One', 'Good2026x', '', '', '', '', '', ''],
      [`good2_${lang.slice(-2)}`, 'Two', 'Good2026x', '', '', '', '', '', ''],
      [`good3_${lang.slice(-2)}`, 'Three', 'Good2026x', '', '', '', '', '', ''],
      [`bad_${lang.slice(-2)}`, 'Four', 'weak', '', '', '', '', '', ''],
    ];
    const expected = {
      'zh-TW': ['檔案中有 1 處錯誤，未匯入任何使用者，請修正後重新匯入', '密碼需 8 至 64 個字元，並同時包含字母與數字'],
      'zh-CN': ['文件中有 1 处错误，未导入任何用户，请修正后重新导入', '密码需 8 至 64 个字符，并同时包含字母与数字'],
      'en-US': ['Errors in the file: 1. No user was imported: correct them and import it again', 'The password needs 8 to 64 characters with both letters and digits'],
    } as const;
    for (const lang of ['zh-TW', 'zh-CN', 'en-US'] as const) {
      const response = await upload(tokens.merchant, rows(lang), lang);
      expect(ok<ImportResult>(response)).toEqual({ imported: 0, errors: [{ row: 5, column: '密碼', message: expected[lang][1] }] });
      expect(response.json().message).toBe(expected[lang][0]);
      expect(await usernamesIn(rows(lang).slice(1).map((row) => String(row[0])))).toEqual([]);
    }
  });

  it('lists every wrong row with its field: username rule and uniqueness, phone, email, codes of the tenant', async () => {
    const response = await upload(tokens.merchant, [
      HEADER,
      ['ok_user', 'Fine', 'Fine2026x', '', '0913000201', '', '', '', ''],
      ['ok_user', 'Twice', 'Fine2026x', '', '0913000201', '', '', '', ''],
      ['merchant', 'Taken', 'Fine2026x', '', '', '', '', '', ''],
      ['no spaces!', 'Rule', 'Fine2026x', '', '123', 'not-an-email', '', '', ''],
      ['codes_user', 'Codes', 'Fine2026x', '', '', '', 'A01A03', 'no_such_role', 'no_such_position'],
      ['', '', '', '', '', '', '', '', 'clerk'],
    ]);
    const result = ok<ImportResult>(response);
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([
      { row: 3, column: '帳號', message: 'Username ok_user is already used on row 2' },
      { row: 3, column: '手機號碼', message: 'This phone number is already used on row 2' },
      { row: 4, column: '帳號', message: 'This username is already taken' },
      { row: 5, column: '帳號', message: 'The username needs 4 to 32 characters: letters, digits and underscores only' },
      { row: 5, column: '手機號碼', message: expect.stringContaining('Invalid phone number') },
      { row: 5, column: '電子郵件', message: 'The email "not-an-email" is not in a valid format' },
      // tenant 2's department is no department of tenant 1
      { row: 6, column: '部門代碼', message: 'There is no department with the org code "A01A03"' },
      { row: 6, column: '角色代碼', message: 'There is no role with the code "no_such_role"' },
      { row: 6, column: '職務代碼', message: 'There is no position with the code "no_such_position"' },
      { row: 7, column: '帳號', message: '帳號 is required' },
      { row: 7, column: '真實姓名', message: '真實姓名 is required' },
      { row: 7, column: '密碼', message: '密碼 is required' },
    ]);
    expect(await usernamesIn(['ok_user', 'codes_user'])).toEqual([]);
  });

  it('gives no role beyond what the importer holds (the rules of delegation)', async () => {
    const held = await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, ['system:user:list', 'system:user:import']));
    const [role] = await t.db.insert(roles).values({ tenantId: 1, roleCode: 'user_importer', roleName: 'Importer' }).returning({ id: roles.id });
    await t.db.insert(rolePermissions).values(held.map((permission) => ({ tenantId: 1, roleId: role!.id, permissionId: permission.id })));
    const [importer] = await t.db.insert(users).values({ username: 'importer', passwordHash: await hashPassword('Import2026x'), defaultTenantId: 1 }).returning({ id: users.id });
    await t.db.insert(userTenants).values({ userId: importer!.id, tenantId: 1 });
    await t.db.insert(userRoles).values({ userId: importer!.id, tenantId: 1, roleId: role!.id });
    const token = await t.login('importer', 'Import2026x');
    const refusedRole = await upload(token, [HEADER, ['climber', 'Climber', 'Climb2026x', '', '', '', '', 'merchant_admin', '']], 'zh-TW');
    expect(ok<ImportResult>(refusedRole).errors).toEqual([{ row: 2, column: '角色代碼', message: '您不能指派角色「merchant_admin」：它擁有您所沒有的權限' }]);
    expect(await usernamesIn(['climber'])).toEqual([]);
    // a role within what they hold is theirs to give
    expect(ok<ImportResult>(await upload(token, [HEADER, ['peer_user', 'Peer', 'Peer2026xx', '', '', '', '', 'user_importer', '']])).imported).toBe(1);
  });

  it("imports into the caller's tenant only: tenant 2's codes are tenant 2's", async () => {
    const response = await upload(tokens.merchant2, [HEADER, ['t2_user', 'T2', 'Tenant2026x', '', '', '', 'A01A03', 'merchant_staff', '']]);
    expect(ok<ImportResult>(response).imported).toBe(1);
    const [user] = await t.db.select().from(users).where(eq(users.username, 't2_user'));
    expect(user!.defaultTenantId).toBe(2);
    expect((await readXlsx(await exportXls(tokens.merchant))).rows.map((row) => row[0])).not.toContain('t2_user');
    expect((await readXlsx(await exportXls(tokens.merchant2))).rows.map((row) => row[0])).toContain('t2_user');
  });

  it('refuses what is not an import file with a translated 400', async () => {
    const notXlsx = await call({ method: 'POST', url: `${U}/importExcel`, token: tokens.merchant, lang: 'zh-CN', ...voucherUpload() });
    expect(refused(notXlsx, 400)).toBe('只能导入 Excel 工作簿（.xlsx），请使用导入模板');
    const noFile = await call({ method: 'POST', url: `${U}/importExcel`, token: tokens.merchant, lang: 'en-US', ...voucherUpload(undefined, 'v.png', 'other') });
    expect(refused(noFile, 400)).toBe('Upload one Excel file (form field "file")');
    const missingColumn = ok<ImportResult>(await upload(tokens.merchant, [['帳號', '真實姓名'], ['someone', 'Some One']]));
    expect(missingColumn.errors).toEqual([{ row: 1, column: 'Password', message: 'The column "Password" is missing' }]);
    expect(refused(await upload(tokens.merchant, [HEADER]), 400)).toBe('The first sheet of the file has no data rows');
  });

  it('no answer carries a password hash or a token', () => {
    const all = bodies.join('\n');
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(all).not.toContain(secret);
  });
});
