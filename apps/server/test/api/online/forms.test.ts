import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ONLINE_HISTORY_LIMIT, type FormDefinitionInput, type FormRecordDefinition, type FormRow, type HistoryEntry } from '@portal/shared/online';
import type { Page } from '@portal/shared/api';
import { onlineReports } from '../../../src/db/schema/online.ts';
import { permissions, tenants } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';

const titles = (en: string) => ({ 'zh-TW': `${en} TW`, 'zh-CN': `${en} CN`, 'en-US': en });

/** The "supplier contacts" form of the issue: a unique phone, a code with a rule, a country from a dictionary. */
export const supplierForm = (code = 'supplier_contacts'): FormDefinitionInput => ({
  code,
  // titles are unique among forms: another code, another title
  titles: titles(code === 'supplier_contacts' ? 'Supplier contacts' : `Supplier contacts (${code})`),
  fields: [
    { key: 'name', titles: titles('Name'), type: 'text', required: true, maxLength: 50, queryable: true },
    { key: 'phone', titles: titles('Phone'), type: 'text', unique: true, ruleCode: 'mobile', queryable: true },
    { key: 'country', titles: titles('Country'), type: 'select', dictCode: 'CountryType', queryable: true },
    { key: 'credit', titles: titles('Credit'), type: 'number', min: '0', max: '1000', scale: 2, queryable: true },
    { key: 'vip', titles: titles('VIP'), type: 'switch' },
    { key: 'note', titles: titles('Note'), type: 'textarea', listed: false },
    { key: 'level', titles: titles('Level'), type: 'text' },
  ],
  enhancements: [
    // a VIP needs a note; the note shows only for VIPs; a VIP is level "gold"
    { when: { field: 'vip', condition: 'eq', value: 'true' }, then: [{ action: 'show', field: 'note' }, { action: 'require', field: 'note' }, { action: 'set', field: 'level', value: 'gold' }] },
  ],
});

describe(`online forms: designer, rows, checks, history, publishing (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let form: FormRecordDefinition;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, merchant, merchant2] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('merchant2')]);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: { query?: Record<string, string>; payload?: object }) =>
    t.call({ method, url: `/api${url}`, token, lang: 'en-US', ...body });

  describe('the designer', () => {
    it('adds a form and keeps its first version', async () => {
      form = ok<FormRecordDefinition>(await call(admin, 'POST', '/online/cgform/head/add', { payload: supplierForm() }));
      expect(form).toMatchObject({ code: 'supplier_contacts', version: 1, rowCount: 0, menuId: null });
      const history = ok<HistoryEntry[]>(await call(admin, 'GET', '/online/history/list', { query: { kind: 'form', code: 'supplier_contacts' } }));
      expect(history.map((h) => h.version)).toEqual([1]);
      const list = ok<Page<FormRecordDefinition>>(await call(admin, 'GET', '/online/cgform/head/list', { query: { code: 'supplier' } }));
      expect(list.records.map((r) => r.code)).toEqual(['supplier_contacts']);
    });

    it('refuses bad definitions with translated messages and changes nothing', async () => {
      const before = await fingerprint(t.db);
      const base0 = supplierForm('bad_form');
      const base = { ...base0, enhancements: [] };
      const cases: [FormDefinitionInput, string][] = [
        [{ ...base, fields: [...base.fields, { key: 'name', titles: titles('Again'), type: 'text' }] }, 'The field name appears twice'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'select' }] }, 'needs a dictionary'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'select', dictCode: 'NoSuchDict' }] }, 'NoSuchDict'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'text', ruleCode: 'no_rule' }] }, 'no_rule'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'number', min: '5', max: '1' }] }, 'bounds'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'number', min: '1e3' }] }, 'bounds'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'popup', popup: { reportCode: '', originalFields: '', targetFields: '' } }] }, 'The popup is not configured correctly!'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'popup', popup: { reportCode: 'x', originalFields: 'a,b', targetFields: 'c' } }] }, 'differ in count'],
        [{ ...base, fields: [{ key: 'c', titles: titles('C'), type: 'popup', popup: { reportCode: 'nope', originalFields: 'a', targetFields: 'c' } }] }, 'nope'],
        [{ ...base, enhancements: [{ when: { field: 'ghost', condition: 'empty' }, then: [{ action: 'hide', field: 'name' }] }] }, 'ghost'],
      ];
      for (const [definition, message] of cases) expect(refused(await call(admin, 'POST', '/online/cgform/head/add', { payload: definition }), 400)).toContain(message);
      expect(refused(await call(admin, 'POST', '/online/cgform/head/add', { payload: supplierForm() }), 409)).toContain('supplier_contacts');
      expect(await fingerprint(t.db)).toBe(before);
    });

    it('accepts a popup field on an existing report whose targets are its own fields', async () => {
      await t.db.insert(onlineReports).values({ code: 'pick_orders', titles: titles('Orders'), dataSet: 'orders', definition: {} as never });
      const popup = supplierForm('popup_form');
      popup.fields.push({ key: 'orderNo', titles: titles('Order'), type: 'popup', popup: { reportCode: 'pick_orders', originalFields: 'orderNo,status', targetFields: 'orderNo,level' } });
      ok(await call(admin, 'POST', '/online/cgform/head/add', { payload: popup }));
      popup.code = 'popup_form2';
      popup.fields[popup.fields.length - 1]!.popup!.targetFields = 'orderNo,elsewhere';
      expect(refused(await call(admin, 'POST', '/online/cgform/head/add', { payload: popup }), 400)).toContain('elsewhere');
    });

    it('refuses a second form of one title, naming the other', async () => {
      ok(await call(admin, 'POST', '/online/cgform/head/add', { payload: { ...supplierForm('titled_form'), titles: titles('Carriers') } }));
      const twin = { ...supplierForm('titled_form_b'), titles: { 'zh-TW': '承運商', 'zh-CN': '承运商', 'en-US': 'carriers' } };
      expect(refused(await call(admin, 'POST', '/online/cgform/head/add', { payload: twin }), 409)).toBe('The title "carriers" is already titled_form\'s: the two could not be told apart in menus and lists');
    });

    it('is the platform only', async () => {
      refused(await call(merchant, 'GET', '/online/cgform/head/list'), 403);
      refused(await call(merchant, 'POST', '/online/cgform/head/add', { payload: supplierForm('mine') }), 403);
      refused(await call(merchant, 'GET', '/online/history/list', { query: { kind: 'form', code: 'supplier_contacts' } }), 403);
    });
  });

  describe('publishing and rows', () => {
    it('publishes to the merchants: merchant sees the entry in the menu', async () => {
      const [group] = await t.db.select({ id: permissions.id }).from(permissions).where(and(eq(permissions.menuType, 0), eq(permissions.platformOnly, false))).limit(1);
      const parentId = group!.id;
      const packages = await t.db.select({ packageId: tenants.packageId }).from(tenants);
      const packageIds = [...new Set(packages.map((p) => p.packageId).filter((id): id is number => id !== null))];
      const published = ok<{ menuId: number }>(await call(admin, 'POST', '/online/cgform/head/publish', { payload: { id: form.id, parentId, packageIds } }));
      // republishing updates the same entry
      expect(ok<{ menuId: number }>(await call(admin, 'POST', '/online/cgform/head/publish', { payload: { id: form.id, parentId, packageIds } })).menuId).toBe(published.menuId);
      for (const token of [merchant, merchant2]) {
        const menu = JSON.stringify(ok(await call(token, 'GET', '/sys/permission/getUserPermissionByToken')));
        expect(menu).toContain('/online/cgform/supplier_contacts');
      }
      refused(await call(admin, 'POST', '/online/cgform/head/publish', { payload: { id: form.id, parentId: published.menuId + 10_000, packageIds } }), 400);
    });

    it('merchant adds rows: values checked, enhancements applied, hidden fields dropped', async () => {
      const schema = ok<{ dictOptions: Record<string, unknown[]> }>(await call(merchant, 'GET', '/online/cgform/api/getColumns/supplier_contacts'));
      expect(schema.dictOptions.CountryType?.length).toBeGreaterThan(0);
      const row = ok<FormRow>(await call(merchant, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values: { name: 'Acme', phone: '0912345678', country: 'TW', credit: '12.50', vip: false, note: 'dropped' } } }));
      expect(row.values).toMatchObject({ name: 'Acme', phone: '0912345678', country: 'TW', credit: '12.5', vip: false });
      expect(row.values).not.toHaveProperty('note');
      // a VIP needs the note, and is gold whatever was sent
      expect(refused(await call(merchant, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values: { name: 'Big', vip: true } } }), 400)).toBe('Enter Note');
      const vip = ok<FormRow>(await call(merchant, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values: { name: 'Big', vip: true, note: 'call first', level: 'tin' } } }));
      expect(vip.values).toMatchObject({ note: 'call first', level: 'gold' });
    });

    it('refuses bad values naming the field', async () => {
      const add = (values: object) => call(merchant, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values } });
      expect(refused(await add({ phone: '0922000000' }), 400)).toBe('Enter Name');
      expect(refused(await add({ name: 'x', credit: '1001' }), 400)).toContain('Credit cannot be above 1000');
      expect(refused(await add({ name: 'x', credit: '1.234' }), 400)).toContain('Credit has at most 2 decimals');
      expect(refused(await add({ name: 'x', country: 'XX' }), 400)).toContain('Country');
      expect(refused(await add({ name: 'x'.repeat(51) }), 400)).toContain('Name has at most 50');
      expect(refused(await add({ name: 'x', password: 'y' }), 400)).toBe('The form has no field password');
      expect(refused(await add({ name: 'x', vip: 'maybe' }), 400)).toContain('VIP');
      // the rule's own message
      expect(refused(await add({ name: 'x', phone: 'not a phone' }), 400)).toBe('Enter a valid mobile number');
    });

    it('keeps unique values unique in the tenant, also when two saves race', async () => {
      const add = (token: string, phone: string) => call(token, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values: { name: 'Dup', phone } } });
      expect(refused(await add(merchant, '0912345678'), 409)).toContain('Phone');
      // another tenant has its own values
      ok(await add(merchant2, '0912345678'));
      const raced = await Promise.all([add(merchant, '0933000000'), add(merchant, '0933000000')]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const check = (token: string, fieldVal: string, dataId?: number) =>
        call(token, 'GET', '/sys/duplicate/check', { query: { tableName: 'onl_supplier_contacts', fieldName: 'phone', fieldVal, ...(dataId ? { dataId: String(dataId) } : {}) } });
      const taken = async (response: Promise<{ json(): { success: boolean } }>) => (await response).json().success === false;
      expect(await taken(check(merchant, '0912345678'))).toBe(true);
      expect(await taken(check(merchant, '0999999999'))).toBe(false);
      refused(await call(merchant, 'GET', '/sys/duplicate/check', { query: { tableName: 'onl_supplier_contacts', fieldName: 'name', fieldVal: 'x' } }), 400);
      const mine = ok<Page<FormRow>>(await call(merchant, 'GET', '/online/cgform/api/getData/supplier_contacts', { query: { phone: '0912345678' } })).records[0]!;
      expect(await taken(check(merchant, '0912345678', mine.id))).toBe(false);
      refused(await check(merchant2, '0912345678', mine.id), 404);
      expect(await taken(call(admin, 'GET', '/sys/duplicate/check', { query: { tableName: 'onl_form', fieldName: 'code', fieldVal: 'fresh_code' } }))).toBe(false);
      expect(await taken(call(admin, 'GET', '/sys/duplicate/check', { query: { tableName: 'onl_form', fieldName: 'code', fieldVal: 'supplier_contacts' } }))).toBe(true);
    });

    it('lists, filters and sorts through the index; tenants see their own rows only', async () => {
      const list = async (token: string, query: Record<string, string>) => ok<Page<FormRow>>(await call(token, 'GET', '/online/cgform/api/getData/supplier_contacts', { query }));
      const names = (await list(merchant, { column: 'name', order: 'asc' })).records.map((r) => String(r.values.name));
      expect(names).toEqual([...names].sort());
      expect((await list(merchant, { name: 'acm' })).records.map((r) => r.values.name)).toEqual(['Acme']);
      expect((await list(merchant, { credit_begin: '10', credit_end: '20' })).records).toHaveLength(1);
      expect((await list(merchant, { country: 'TW' })).records).toHaveLength(1);
      const others = (await list(merchant2, {})).records;
      expect(others.map((r) => r.values.name)).toEqual(['Dup']);
      const acme = (await list(merchant, { name: 'Acme' })).records[0]!;
      refused(await call(merchant2, 'GET', `/online/cgform/api/form/supplier_contacts/${acme.id}`), 404);
      refused(await call(merchant2, 'PUT', '/online/cgform/api/form/supplier_contacts', { payload: { id: acme.id, version: acme.version, values: { name: 'Taken' } } }), 404);
      refused(await call(merchant2, 'DELETE', '/online/cgform/api/form/supplier_contacts', { query: { id: String(acme.id) } }), 404);
      const sheet = await readXlsx(await call(merchant2, 'GET', '/online/cgform/api/exportXls/supplier_contacts'));
      expect(JSON.stringify(sheet.rows)).not.toContain('Acme');
      const mine = await readXlsx(await call(merchant, 'GET', '/online/cgform/api/exportXls/supplier_contacts'));
      expect(mine.headers).toContain('Name');
      expect(JSON.stringify(mine.rows)).toContain('Acme');
    });

    it('edits at the version read', async () => {
      const acme = ok<Page<FormRow>>(await call(merchant, 'GET', '/online/cgform/api/getData/supplier_contacts', { query: { name: 'Acme' } })).records[0]!;
      const saved = ok<FormRow>(await call(merchant, 'PUT', '/online/cgform/api/form/supplier_contacts', { payload: { id: acme.id, version: acme.version, values: { ...acme.values, credit: '99' } } }));
      expect(saved).toMatchObject({ version: acme.version + 1, values: { credit: '99' } });
      refused(await call(merchant, 'PUT', '/online/cgform/api/form/supplier_contacts', { payload: { id: acme.id, version: acme.version, values: acme.values } }), 409);
    });

    it('imports all or nothing, naming the rows in error', async () => {
      const workbook = async (rows: string[][]) => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('rows');
        sheet.addRow(['Name', 'Phone', 'Country']);
        for (const row of rows) sheet.addRow(row);
        return Buffer.from(await book.xlsx.writeBuffer());
      };
      const upload = async (file: Buffer) => {
        const boundary = '----forms';
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return t.call({ method: 'POST', url: '/api/online/cgform/api/importXls/supplier_contacts', token: merchant, lang: 'en-US', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      };
      const before = await fingerprint(t.db, ['onl_form_row', 'onl_form_index']);
      const bad = ok<{ imported: number; errors: { row: number; column: string }[] }>(await upload(await workbook([['Good', '0955000000', 'HK'], ['', '0955000001', 'TW'], ['Twin', '0955000000', 'XX']])));
      expect(bad.imported).toBe(0);
      expect(bad.errors.map((e) => e.row)).toEqual([3, 4]);
      expect(await fingerprint(t.db, ['onl_form_row', 'onl_form_index'])).toBe(before);
      const good = ok<{ imported: number }>(await upload(await workbook([['Good', '0955000000', 'HK'], ['Better', '0955000001', 'TW']])));
      expect(good.imported).toBe(2);
    });
  });

  describe('history and re-indexing', () => {
    it('keeps 16 versions with their difference and rolls back to one', async () => {
      let current = ok<FormRecordDefinition>(await call(admin, 'GET', '/online/cgform/head/queryById', { query: { id: String(form.id) } }));
      for (let i = 0; i < ONLINE_HISTORY_LIMIT + 2; i++) {
        const definition = { ...current.definition, titles: titles(`Supplier contacts ${i}`) };
        current = ok<FormRecordDefinition>(await call(admin, 'PUT', '/online/cgform/head/edit', { payload: { ...definition, id: form.id, version: current.version } }));
      }
      refused(await call(admin, 'PUT', '/online/cgform/head/edit', { payload: { ...current.definition, id: form.id, version: current.version - 1 } }), 409);
      const history = ok<HistoryEntry[]>(await call(admin, 'GET', '/online/history/list', { query: { kind: 'form', code: 'supplier_contacts' } }));
      expect(history).toHaveLength(ONLINE_HISTORY_LIMIT);
      expect(history[0]!.version).toBe(current.version);
      expect(history[0]!.diff.map((d) => d.path)).toContain("titles.en-US");
      const oldest = history[history.length - 1]!;
      const rolled = ok<FormRecordDefinition>(await call(admin, 'POST', '/online/cgform/head/rollback', { payload: { kind: 'form', code: 'supplier_contacts', version: oldest.version } }));
      expect(rolled.version).toBe(current.version + 1);
      expect(rolled.titles).toEqual((oldest.definition as { titles: unknown }).titles);
      refused(await call(admin, 'POST', '/online/cgform/head/rollback', { payload: { kind: 'form', code: 'supplier_contacts', version: 1 } }), 404);
      form = rolled;
    });

    it('refuses a field newly unique over repeated values, and re-indexes a new queryable field', async () => {
      const level = form.definition.fields.findIndex((f) => f.key === 'name');
      const fields = form.definition.fields.map((f, i) => (i === level ? { ...f, unique: true } : f));
      // "Dup" exists in merchant's tenant once, "Big"... make two equal names first
      ok(await call(merchant, 'POST', '/online/cgform/api/form/supplier_contacts', { payload: { values: { name: 'Good' } } }));
      expect(refused(await call(admin, 'PUT', '/online/cgform/head/edit', { payload: { ...form.definition, fields, id: form.id, version: form.version } }), 409)).toContain('Name');
      const queryableLevel = form.definition.fields.map((f) => (f.key === 'level' ? { ...f, queryable: true } : f));
      form = ok<FormRecordDefinition>(await call(admin, 'PUT', '/online/cgform/head/edit', { payload: { ...form.definition, fields: queryableLevel, id: form.id, version: form.version } }));
      const gold = ok<Page<FormRow>>(await call(merchant, 'GET', '/online/cgform/api/getData/supplier_contacts', { query: { level: 'gold' } }));
      expect(gold.records.map((r) => r.values.name)).toEqual(['Big']);
    });

    it('does not delete a form with rows; deletes one without, with its history', async () => {
      expect(refused(await call(admin, 'DELETE', '/online/cgform/head/delete', { query: { id: String(form.id) } }), 409)).toContain('rows');
      const empty = ok<FormRecordDefinition>(await call(admin, 'POST', '/online/cgform/head/add', { payload: supplierForm('empty_form') }));
      ok(await call(admin, 'DELETE', '/online/cgform/head/delete', { query: { id: String(empty.id) } }));
      expect(ok<HistoryEntry[]>(await call(admin, 'GET', '/online/history/list', { query: { kind: 'form', code: 'empty_form' } }))).toEqual([]);
    });
  });
});
