import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dataSetRecord, reportRecord, type ReportDefinitionInput, type ReportRecord } from '@portal/shared/online';
import { sampleReport, titles } from '../../helpers/online-reports.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { IDENTIFIER_PAYLOADS, TEMPLATE_PAYLOADS } from '../../helpers/injection-payloads.ts';
import { onlineHistory, onlineReports } from '../../../src/db/schema/online.ts';
import { auditLogs } from '../../../src/db/schema/admin.ts';

/*
 * The report designer: definitions checked against their data set with a message that
 * names the problem, optimistic edits, built-in pickers, history of 16 versions with diff and rollback,
 * an audit line per save; platform only.
 */

const BASE = '/api/online/cgreport/head';
describe(`online reports: the designer (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let warehouse: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, merchant, warehouse] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('warehouse')]);
  });
  afterAll(() => t.close());

  const add = (body: unknown, lang = 'en-US', token = admin) => t.call({ method: 'POST', url: `${BASE}/add`, token, lang, payload: body as object });
  const edit = (body: unknown, lang = 'en-US') => t.call({ method: 'PUT', url: `${BASE}/edit`, token: admin, lang, payload: body as object });
  const reportCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(onlineReports))[0]!.n;
  const versions = (code: string) => t.db.select().from(onlineHistory).where(and(eq(onlineHistory.kind, 'report'), eq(onlineHistory.code, code))).orderBy(onlineHistory.version);

  it('answers the catalogue of data sets, with the fixed field keys and no secret', async () => {
    const sets = ok<unknown[]>(await t.call({ method: 'GET', url: '/api/online/cgreport/dataSets', token: admin }));
    const parsed = sets.map((set) => dataSetRecord.parse(set));
    expect(parsed.map((set) => set.id)).toEqual(['orders', 'parcels', 'users', 'purchase_orders', 'wallet_details']);
    const keys = (id: string) => parsed.find((set) => set.id === id)!.fields.map((field) => field.key);
    expect(keys('orders')).toEqual(expect.arrayContaining(['id', 'orderNo', 'merchantOrderNo', 'status', 'destinationCountry', 'waybillNo', 'recipientName', 'itemQuantity', 'weight', 'merchandiseValue', 'createdAt', 'statusUpdatedAt']));
    expect(keys('parcels')).toEqual(expect.arrayContaining(['id', 'trackingNo', 'orderNo', 'weight', 'length', 'width', 'height', 'storedAt', 'shippedAt']));
    expect(keys('users')).toEqual(expect.arrayContaining(['id', 'username', 'realname', 'phone', 'email', 'status', 'createdAt']));
    expect(JSON.stringify(parsed)).not.toMatch(/password|salt|token|hash/i);
    const status = parsed[0]!.fields.find((field) => field.key === 'status')!;
    expect(status).toMatchObject({ type: 'dict', dictCode: 'LOGOrderStateEnum', sortable: true });
    refused(await t.call({ method: 'GET', url: '/api/online/cgreport/dataSets', token: merchant }), 403);
  });

  it('has the built-in pickers, which cannot be deleted', async () => {
    const page = ok<{ records: ReportRecord[]; total: number }>(await t.call({ method: 'GET', url: `${BASE}/list`, token: admin, query: { code: 'picker', pageSize: '50' } }));
    const builtIn = page.records.filter((record) => record.builtIn).map((record) => record.code);
    expect(builtIn.sort()).toEqual(['order_picker', 'parcel_picker', 'user_picker']);
    for (const record of page.records) reportRecord.parse(record);
    const order = page.records.find((record) => record.code === 'order_picker')!;
    expect(order.definition.queryFields).toEqual([
      { field: 'orderNo', operator: 'like', defaultValue: '', hidden: '0' },
      { field: 'status', operator: 'in', defaultValue: '', hidden: '0' },
      { field: 'createdAt', operator: 'range', defaultValue: '', hidden: '1' },
    ]);
    expect(refused(await t.call({ method: 'DELETE', url: `${BASE}/delete`, token: admin, lang: 'en-US', query: { id: String(order.id) } }), 409)).toBe('A built-in report cannot be deleted');
    expect((await versions('order_picker')).length).toBeGreaterThanOrEqual(1);
  });

  it('adds a report as version 1 with its audit line, and finds it by id, code and name', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.resource, 'online-report')))[0]!.n;
    const created = reportRecord.parse(ok(await add(sampleReport('orders_by_status'))));
    expect(created).toMatchObject({ code: 'orders_by_status', version: 1, builtIn: false, dataSet: 'orders', updatedBy: 'admin' });
    expect(ok<ReportRecord>(await t.call({ method: 'GET', url: `${BASE}/queryById`, token: admin, query: { id: String(created.id) } })).code).toBe('orders_by_status');
    const byName = ok<{ records: ReportRecord[] }>(await t.call({ method: 'GET', url: `${BASE}/list`, token: admin, query: { name: 'report orders_by' } }));
    expect(byName.records.map((record) => record.code)).toEqual(['orders_by_status']);
    expect((await versions('orders_by_status')).map((row) => row.version)).toEqual([1]);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.resource, 'online-report')))[0]!.n;
    expect(after).toBe(before + 1);
    // the log screen names and filters it
    const lines = ok<{ records: { resource: string; label: string }[] }>(await t.call({ method: 'GET', url: '/api/sys/auditLog/list', token: admin, query: { resource: 'online-report', pageSize: '100' } }));
    expect(lines.records.map((line) => line.label)).toContain('orders_by_status');
    expect(refused(await add(sampleReport('orders_by_status')), 409)).toBe('A report with the code orders_by_status already exists');
    refused(await t.call({ method: 'GET', url: `${BASE}/queryById`, token: admin, query: { id: '999999' } }), 404);
  });

  it('refuses a second report of one title in a language, at add and at edit, naming the other, in three languages', async () => {
    ok(await add(sampleReport('parcel_report', { titles: { 'zh-TW': '包裹報表', 'zh-CN': '包裹报表', 'en-US': 'Parcel report' } })));
    const before = await fingerprint(t.db);
    expect(refused(await add(sampleReport('parcel_report_b', { titles: { 'zh-TW': '包裹報表', 'zh-CN': '另一个', 'en-US': 'Another' } }), 'zh-TW'), 409)).toBe('標題「包裹報表」已由 parcel_report 使用：兩者在選單與列表中將無法區分');
    expect(refused(await add(sampleReport('parcel_report_b', { titles: { 'zh-TW': '另一個', 'zh-CN': '另一个', 'en-US': ' parcel REPORT ' } })), 409)).toBe('The title "parcel REPORT" is already parcel_report\'s: the two could not be told apart in menus and lists');
    // every title the same: each reader is named the one in their language
    expect(refused(await add(sampleReport('parcel_report_d', { titles: { 'zh-TW': '包裹報表', 'zh-CN': '包裹报表', 'en-US': 'Parcel report' } })), 409)).toBe('The title "Parcel report" is already parcel_report\'s: the two could not be told apart in menus and lists');
    expect(await fingerprint(t.db)).toBe(before);
    const other = ok<ReportRecord>(await add(sampleReport('parcel_report_c', { titles: { 'zh-TW': '另一個', 'zh-CN': '另一个', 'en-US': 'Another' } })));
    expect(refused(await edit({ ...sampleReport('parcel_report_c', { titles: { 'zh-TW': '另一個', 'zh-CN': '包裹报表', 'en-US': 'Another' } }), id: other.id, version: 1 }, 'zh-CN'), 409)).toContain('标题「包裹报表」已由 parcel_report 使用');
    // its own titles kept at an edit are no clash
    ok(await edit({ ...sampleReport('parcel_report_c', { titles: { 'zh-TW': '另一個', 'zh-CN': '另一个', 'en-US': 'Another' } }), id: other.id, version: 1 }));
  });

  it('refuses a definition its data set does not allow, naming the problem, and keeps nothing', async () => {
    const count = await reportCount();
    const cases: [Partial<ReportDefinitionInput>, string][] = [
      [{ columns: [{ field: 'passwordHash', titles: titles('x') }] }, 'The data set orders has no field passwordHash'],
      [{ queryFields: [{ field: 'weight', operator: 'like' }] }, 'The field weight cannot be queried with the operator like'],
      [{ queryFields: [{ field: 'nowhere', operator: 'eq' }] }, 'The data set orders has no field nowhere'],
      [{ columns: [{ field: 'orderNo', titles: titles('x'), dictCode: 'NoSuchDictionary' }], defaultSort: { field: 'orderNo', order: 'asc' }, chart: null }, 'There is no dictionary NoSuchDictionary'],
      [{ defaultSort: { field: 'recipientName', order: 'asc' } }, 'The default sort must be a sortable column of the report (recipientName is not)'],
      [{ chart: { type: 'bar', groupBy: 'merchantOrderNo', measure: 'count' } }, "The chart's grouping must be a column of the report (merchantOrderNo is not)"],
      [{ chart: { type: 'pie', groupBy: 'status', measure: { sum: 'orderNo' } } }, 'A chart can only sum a number column of the report (orderNo is not)'],
      [{ dataSet: 'users' }, 'The data set users has no field orderNo'],
    ];
    for (const [change, message] of cases) expect(refused(await add(sampleReport('bad_report', change)), 400), message).toBe(message);
    // in the caller's language
    expect(refused(await add(sampleReport('bad_report', cases[0]![0]), 'zh-CN'), 400)).toBe('数据集 orders 没有字段 passwordHash');
    expect(await reportCount()).toBe(count);
  });

  it('refuses injection payloads wherever a definition names something, and keeps titles verbatim', async () => {
    const count = await reportCount();
    for (const payload of IDENTIFIER_PAYLOADS) {
      const column = { field: payload, titles: titles('x') };
      for (const change of [
        { columns: [column] },
        { queryFields: [{ field: payload, operator: 'eq' as const }] },
        { defaultSort: { field: payload, order: 'asc' as const } },
        { chart: { type: 'bar' as const, groupBy: payload, measure: 'count' as const } },
        { chart: { type: 'bar' as const, groupBy: 'status', measure: { sum: payload } } },
        { columns: [{ field: 'orderNo', titles: titles('x'), dictCode: payload }], defaultSort: { field: 'orderNo', order: 'asc' as const }, chart: null },
      ]) {
        const response = await add(sampleReport('probe_report', change));
        expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
        expect(response.body).not.toMatch(/syntax error|does not exist|ERROR:|sqlstate/i);
      }
    }
    expect(await reportCount()).toBe(count);
    for (const [index, payload] of TEMPLATE_PAYLOADS.entries()) {
      const created = ok<ReportRecord>(await add({ ...sampleReport(`template_${index}`), titles: titles(payload), columns: sampleReport('x').columns.map((c) => ({ ...c, titles: titles(payload) })) }));
      expect(created.titles['en-US']).toBe(payload);
      const columns = ok<{ cgRpConfigName: string; columns: { title: string }[] }>(await t.call({ method: 'GET', url: `/api/online/cgreport/api/getRpColumns/template_${index}`, token: admin, lang: 'zh-CN' }));
      expect(columns.cgRpConfigName).toBe(payload);
      expect(columns.columns.every((column) => column.title === payload)).toBe(true);
    }
  });

  it('edits as the next version, refuses a stale edit and a new code', async () => {
    const created = ok<ReportRecord>(await add(sampleReport('edited_report')));
    const edited = ok<ReportRecord>(await edit({ ...sampleReport('edited_report', { titles: titles('Renamed') }), id: created.id, version: 1 }));
    expect(edited).toMatchObject({ version: 2, titles: titles('Renamed') });
    expect(refused(await edit({ ...sampleReport('edited_report'), id: created.id, version: 1 }, 'zh-TW'), 409)).toBe('報表已被他人修改，請重新載入後再編輯');
    expect(refused(await edit({ ...sampleReport('another_code'), id: created.id, version: 2 }), 400)).toBe("A report's code cannot be changed");
    refused(await edit({ ...sampleReport('edited_report'), id: 999999, version: 1 }), 404);
    const [history] = [await versions('edited_report')];
    expect(history.map((row) => row.version)).toEqual([1, 2]);
    expect(history[1]!.diff).toEqual(expect.arrayContaining([{ path: 'titles.en-US', before: 'Report edited_report', after: 'Renamed' }]));
  });

  it('keeps 16 versions and rolls back to a kept one as a new version', async () => {
    let record = ok<ReportRecord>(await add(sampleReport('history_report')));
    for (let i = 1; i <= 17; i += 1) {
      record = ok<ReportRecord>(await edit({ ...sampleReport('history_report', { titles: titles(`Title ${i}`) }), id: record.id, version: record.version }));
    }
    expect(record.version).toBe(18);
    const kept = await versions('history_report');
    expect(kept.map((row) => row.version)).toEqual(Array.from({ length: 16 }, (_, i) => i + 3));
    const rolled = ok<ReportRecord>(await t.call({ method: 'POST', url: `${BASE}/rollback`, token: admin, payload: { kind: 'report', code: 'history_report', version: 5 } }));
    expect(rolled).toMatchObject({ version: 19, titles: titles('Title 4') });
    expect((await versions('history_report')).at(-1)).toMatchObject({ version: 19, diff: expect.arrayContaining([{ path: 'titles.en-US', before: 'Title 17', after: 'Title 4' }]) });
    expect(refused(await t.call({ method: 'POST', url: `${BASE}/rollback`, token: admin, lang: 'en-US', payload: { kind: 'report', code: 'history_report', version: 2 } }), 400)).toBe(
      'Version 2 of the report history_report is not kept',
    );
    refused(await t.call({ method: 'POST', url: `${BASE}/rollback`, token: admin, payload: { kind: 'form', code: 'history_report', version: 5 } }), 400);
    refused(await t.call({ method: 'POST', url: `${BASE}/rollback`, token: admin, payload: { kind: 'report', code: 'no_such_report', version: 1 } }), 404);
  });

  it('deletes a report with its history', async () => {
    const created = ok<ReportRecord>(await add(sampleReport('doomed_report')));
    ok(await t.call({ method: 'DELETE', url: `${BASE}/delete`, token: admin, query: { id: String(created.id) } }));
    expect(await versions('doomed_report')).toEqual([]);
    refused(await t.call({ method: 'DELETE', url: `${BASE}/delete`, token: admin, query: { id: String(created.id) } }), 404);
  });

  it('is the platform administrators’ alone', async () => {
    const count = await reportCount();
    refused(await t.call({ method: 'GET', url: `${BASE}/list`, token: merchant }), 403);
    refused(await add(sampleReport('merchant_report'), 'en-US', merchant), 403);
    refused(await t.call({ method: 'GET', url: `${BASE}/list`, token: warehouse }), 403);
    refused(await add(sampleReport('warehouse_report'), 'en-US', warehouse), 403);
    expect(await reportCount()).toBe(count);
  });
});
