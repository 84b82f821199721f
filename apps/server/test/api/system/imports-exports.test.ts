import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { downloadName, ok, readXlsx, refused } from '../../helpers/answers.ts';
import { voucherUpload } from '../../helpers/wallet-client.ts';
import { departments, positions, roles } from '../../../src/db/schema/sys.ts';

/*
 * The administration's other spreadsheets: the roles export with the list's filters, and the
 * departments' and positions' imports (template, all or nothing, every wrong row named). Every answer body
 * is kept and searched at the end for a password hash or a token.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DEPART_HEADER = ['部門名稱', '上級部門', '排序'];
const POSITION_HEADER = ['職務編碼', '職務名稱', '職級'];
const LANGS = ['zh-TW', 'zh-CN', 'en-US'] as const;

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`imports and exports of roles, departments and positions (${testDbKind()})`, () => {
  let t: TestApp;
  const bodies: string[] = [];
  const tokens = { merchant: '', merchant2: '', staff: '', admin: '' };

  const call = async (request: Parameters<TestApp['call']>[0]): Promise<LightMyRequestResponse> => {
    const response = await t.call(request);
    bodies.push(response.body);
    return response;
  };
  const roleExport = (token: string, query: Record<string, string> = {}, lang = 'zh-TW') => call({ method: 'GET', url: '/api/sys/role/exportXls', token, lang, query });
  const upload = async (path: string, token: string, rows: (string | number)[][], lang = 'en-US') => call({ method: 'POST', url: path, token, lang, ...voucherUpload(await workbook(rows), 'import.xlsx', 'file', XLSX) });
  const departImport = (token: string, rows: (string | number)[][], lang = 'en-US') => upload('/api/sys/sysDepart/importExcel', token, [DEPART_HEADER, ...rows], lang);
  const positionImport = (token: string, rows: (string | number)[][], lang = 'en-US') => upload('/api/sys/position/importExcel', token, [POSITION_HEADER, ...rows], lang);
  const departsOf = (tenantId: number) =>
    t.db.select({ id: departments.id, parentId: departments.parentId, orgCode: departments.orgCode, departName: departments.departName, sortNo: departments.sortNo }).from(departments).where(eq(departments.tenantId, tenantId)).orderBy(asc(departments.id));
  const positionsOf = (tenantId: number) => t.db.select({ code: positions.code, name: positions.name, rank: positions.rank }).from(positions).where(eq(positions.tenantId, tenantId)).orderBy(asc(positions.id));

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/sys/role/exportXls'],
    ['GET', '/api/sys/sysDepart/importTemplate'],
    ['POST', '/api/sys/sysDepart/importExcel'],
    ['GET', '/api/sys/position/importTemplate'],
    ['POST', '/api/sys/position/importExcel'],
  ] as const)('%s %s: 401 without a session, 403 for staff', async (method, url) => {
    refused(await call({ method, url }), 401);
    expect(refused(await call({ method, url, token: tokens.staff, lang: 'en-US' }), 403)).toBe('Access denied: you lack the permission for this');
  });

  describe('roles export', () => {
    it("exports the tenant's roles with their numbers of users, and the list's filters", async () => {
      await t.db.insert(roles).values({ tenantId: 2, roleCode: 'harbour_only', roleName: 'Harbour only', description: 'tenant 2' });
      const sheet = await readXlsx(await roleExport(tokens.merchant));
      expect(sheet.headers).toEqual(['角色編碼', '角色名稱', '描述', '使用者數', '建立時間']);
      const codes = sheet.rows.map((row) => row[0]);
      expect(codes).toEqual(expect.arrayContaining(['merchant_admin', 'merchant_staff']));
      expect(codes).not.toContain('harbour_only');
      expect(sheet.rows.find((row) => row[0] === 'merchant_admin')?.[3]).toBe(1);
      const staffOnly = await readXlsx(await roleExport(tokens.merchant, { roleCode: 'STAFF' }, 'en-US'));
      expect(staffOnly.headers[0]).toBe('Role code');
      expect(staffOnly.rows.map((row) => row[0])).toEqual(['merchant_staff']);
      expect((await readXlsx(await roleExport(tokens.merchant2))).rows.map((row) => row[0])).toContain('harbour_only');
      expect(downloadName(await roleExport(tokens.merchant, {}, 'zh-CN'))).toMatch(/^角色列表_\d{14}\.xlsx$/);
      // the platform administers its own roles (eitherSide)
      expect((await readXlsx(await roleExport(tokens.admin))).rows.map((row) => row[0])).not.toContain('merchant_staff');
    });

    it('takes SQL text in a filter as text', async () => {
      for (const roleName of ["' or 1=1 --", "x'); drop table sys_role; --", '%', '_']) expect((await readXlsx(await roleExport(tokens.merchant, { roleName }))).rows).toEqual([]);
      expect((await readXlsx(await roleExport(tokens.merchant))).rows.length).toBeGreaterThan(1);
    });

    it('refuses a bad time zone with a translated 400', async () => {
      refused(await roleExport(tokens.merchant, { timeZone: 'Mars/Base' }, 'en-US'), 400);
    });
  });

  describe('departments import', () => {
    it("hands out the template in the caller's language, with an example under an existing department", async () => {
      const response = await call({ method: 'GET', url: '/api/sys/sysDepart/importTemplate', token: tokens.merchant, lang: 'zh-CN' });
      const sheet = await readXlsx(response);
      expect(sheet.headers).toEqual(['部门名称', '上级部门', '排序']);
      expect(sheet.rows).toEqual([
        ['新部门', 'A01', null],
        ['新小组', 'Demo Trading/新部门', '1'],
      ]);
      expect(downloadName(response)).toBe('部门导入模板.xlsx');
    });

    it('imports nothing when one row of four is wrong, and names that row (three languages)', async () => {
      const before = await departsOf(1);
      const expected = {
        'zh-TW': ['檔案中有 1 處錯誤，未匯入任何部門，請修正後重新匯入', '找不到上級部門「Nowhere」：請填寫既有部門的編碼或名稱路徑（如 總部/研發部），或前面某一行的部門'],
        'zh-CN': ['文件中有 1 处错误，未导入任何部门，请修正后重新导入', '找不到上级部门「Nowhere」：请填写既有部门的编码或名称路径（如 总部/研发部），或前面某一行的部门'],
        'en-US': ['Errors in the file: 1. No department was imported: correct them and import it again', 'No parent department "Nowhere": give the org code or name path (e.g. Head office/R&D) of an existing department, or a department of an earlier row'],
      } as const;
      for (const lang of LANGS) {
        const response = await departImport(tokens.merchant, [['Good one', 'A01'], ['Good two', 'A01'], ['Good three', ''], ['Bad', 'Nowhere']], lang);
        expect(ok<ImportResult>(response)).toEqual({ imported: 0, errors: [{ row: 5, column: '上級部門', message: expected[lang][1] }] });
        expect(response.json().message).toBe(expected[lang][0]);
      }
      expect(await departsOf(1)).toEqual(before);
    });

    it('imports a branch: parents by org code, by name path or by an earlier row; codes made as for add', async () => {
      const response = await departImport(tokens.merchant, [
        ['Sales', 'a01'],
        ['East', 'Demo Trading / Sales'],
        ['North', 'demo trading/sales', 7],
        ["x'); drop table sys_depart; --", ''],
      ]);
      expect(ok<ImportResult>(response)).toEqual({ imported: 4, errors: [] });
      expect(response.json().message).toBe('Imported (departments: 4)');
      const rows = await departsOf(1);
      const byName = (name: string) => rows.find((row) => row.departName === name)!;
      const a01 = byName('Demo Trading');
      expect(byName('Sales')).toMatchObject({ orgCode: 'A01A03', parentId: a01.id, sortNo: 2 });
      expect(byName('East')).toMatchObject({ orgCode: 'A01A03A01', parentId: byName('Sales').id, sortNo: 0 });
      expect(byName('North')).toMatchObject({ orgCode: 'A01A03A02', parentId: byName('Sales').id, sortNo: 7 });
      expect(byName("x'); drop table sys_depart; --")).toMatchObject({ orgCode: 'A02', parentId: null });
      // the tree the screen shows has them
      const tree = ok<{ orgCode: string; children: { orgCode: string }[] }[]>(await call({ method: 'GET', url: '/api/sys/sysDepart/queryTreeList', token: tokens.merchant }));
      expect(tree.map((node) => node.orgCode)).toEqual(['A01', 'A02']);
    });

    it('lists every wrong row: name rule, an existing or repeated department, an ambiguous parent, the sort', async () => {
      const [a01] = await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01')));
      await t.db.insert(departments).values([
        { tenantId: 1, parentId: a01!.id, orgCode: 'A01A50', departName: 'Twin', sortNo: 50 },
        { tenantId: 1, parentId: a01!.id, orgCode: 'A01A51', departName: 'Twin', sortNo: 51 },
      ]);
      const result = ok<ImportResult>(
        await departImport(tokens.merchant, [
          ['', 'A01'],
          ['Sales', 'A01'],
          ['West', 'Demo Trading/Sales'],
          ['WEST', 'Demo Trading/Sales'],
          ['Under twin', 'Demo Trading/Twin'],
          ['A/B', ''],
          ['Sorted', '', 'first'],
          ['Twin child', 'A01A50'],
        ]),
      );
      expect(result).toEqual({
        imported: 0,
        errors: [
          { row: 2, column: '部門名稱', message: '部門名稱 is required' },
          { row: 3, column: '部門名稱', message: 'The department "A01/Sales" already exists' },
          { row: 5, column: '部門名稱', message: 'The department "Demo Trading/Sales/WEST" is already on row 4' },
          { row: 6, column: '上級部門', message: 'Several departments have the name path "Demo Trading/Twin": give its org code instead' },
          { row: 7, column: '部門名稱', message: 'A department name cannot hold "/" (it separates a name path)' },
          { row: 8, column: '排序', message: 'The sort order must be a whole number from 0 to 100000' },
        ],
      });
    });

    it("imports into the caller's tenant only: another tenant's departments are no parents", async () => {
      const unknown = ok<ImportResult>(await departImport(tokens.merchant2, [['Outpost', 'Demo Trading/Sales'], ['Outpost 2', 'A01A02']]));
      expect(unknown.errors.map((error) => error.row)).toEqual([2, 3]);
      expect(ok<ImportResult>(await departImport(tokens.merchant2, [['Dock', 'A01']])).imported).toBe(1);
      const dock = (await departsOf(2)).find((row) => row.departName === 'Dock');
      expect(dock?.orgCode).toBe('A01A04');
      expect((await departsOf(1)).some((row) => row.departName === 'Dock' || row.departName.startsWith('Outpost'))).toBe(false);
    });
  });

  describe('positions import', () => {
    it("hands out the template in the caller's language", async () => {
      const response = await call({ method: 'GET', url: '/api/sys/position/importTemplate', token: tokens.merchant, lang: 'en-US' });
      const sheet = await readXlsx(response);
      expect(sheet.headers).toEqual(['Code', 'Position', 'Rank']);
      expect(sheet.rows).toEqual([['SALES_01', 'Sales specialist', '5']]);
      expect(downloadName(response)).toBe('Position import template.xlsx');
    });

    it('imports nothing when one row of four is wrong, and names that row (three languages)', async () => {
      const before = await positionsOf(1);
      const expected = {
        'zh-TW': ['檔案中有 1 處錯誤，未匯入任何職務，請修正後重新匯入', '職級須為 1 至 10 的整數'],
        'zh-CN': ['文件中有 1 处错误，未导入任何职务，请修正后重新导入', '职级须为 1 至 10 的整数'],
        'en-US': ['Errors in the file: 1. No position was imported: correct them and import it again', 'The rank must be a whole number from 1 to 10'],
      } as const;
      for (const lang of LANGS) {
        const response = await positionImport(tokens.merchant, [['p1', 'One', 1], ['p2', 'Two', 2], ['p3', 'Three', 3], ['p4', 'Four', 11]], lang);
        expect(ok<ImportResult>(response)).toEqual({ imported: 0, errors: [{ row: 5, column: '職級', message: expected[lang][1] }] });
        expect(response.json().message).toBe(expected[lang][0]);
      }
      expect(await positionsOf(1)).toEqual(before);
    });

    it('imports good rows; SQL text in a name is a name', async () => {
      const response = await positionImport(tokens.merchant, [['lead', 'Team lead', 2], ['ops_1', "x'); drop table sys_position; --", 10], ['QA-2', 'Tester', '4']]);
      expect(ok<ImportResult>(response)).toEqual({ imported: 3, errors: [] });
      expect(response.json().message).toBe('Imported (positions: 3)');
      expect((await positionsOf(1)).slice(-3)).toEqual([
        { code: 'lead', name: 'Team lead', rank: 2 },
        { code: 'ops_1', name: "x'); drop table sys_position; --", rank: 10 },
        { code: 'QA-2', name: 'Tester', rank: 4 },
      ]);
    });

    it('lists every wrong row: the code rule, a code repeated in the file or taken in the tenant, the rank, a missing name', async () => {
      const result = ok<ImportResult>(
        await positionImport(tokens.merchant, [
          ['a b', 'Spaced', 1],
          ['MANAGER', 'Manager again', 1],
          ['fresh', 'Fresh', 1],
          ['FRESH', 'Fresh again', 1],
          ['zero', 'Zero', 0],
          ['noname', '', 'x'],
        ]),
      );
      expect(result).toEqual({
        imported: 0,
        errors: [
          { row: 2, column: '職務編碼', message: 'A position code may hold only letters, digits, underscores and hyphens' },
          { row: 3, column: '職務編碼', message: 'The position code "MANAGER" is already taken' },
          { row: 5, column: '職務編碼', message: 'The position code "FRESH" is already on row 4' },
          { row: 6, column: '職級', message: 'The rank must be a whole number from 1 to 10' },
          { row: 7, column: '職務名稱', message: '職務名稱 is required' },
          { row: 7, column: '職級', message: 'The rank must be a whole number from 1 to 10' },
        ],
      });
    });

    it("checks codes in the caller's tenant only", async () => {
      // tenant 1 has 'lead' now; tenant 2 may have its own
      expect(ok<ImportResult>(await positionImport(tokens.merchant2, [['lead', 'Lead', 3]])).imported).toBe(1);
      expect((await positionsOf(2)).map((row) => row.code)).toContain('lead');
    });
  });

  it('refuses what is not an import file, or no file, with a translated 400', async () => {
    for (const [path, header] of [['/api/sys/sysDepart/importExcel', DEPART_HEADER], ['/api/sys/position/importExcel', POSITION_HEADER]] as const) {
      expect(refused(await call({ method: 'POST', url: path, token: tokens.merchant, lang: 'zh-CN', ...voucherUpload() }), 400)).toBe('只能导入 Excel 工作簿（.xlsx），请使用导入模板');
      expect(refused(await call({ method: 'POST', url: path, token: tokens.merchant, lang: 'en-US', payload: { file: 'x' } }), 400)).toBe('Upload one Excel file (form field "file")');
      expect(refused(await upload(path, tokens.merchant, [[...header]], 'en-US'), 400)).toBe('The first sheet of the file has no data rows');
    }
  });

  it('no answer carries a password hash or a token', () => {
    const all = bodies.join('\n');
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(all).not.toContain(secret);
  });
});
