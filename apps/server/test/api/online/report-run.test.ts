import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { onlineReportCode, queryInfoItem, REPORT_ROW_CAP, reportChartAnswer, reportDataAnswer, rpColumnsAnswer, type DataSetRecord, type ReportRecord } from '@portal/shared/online';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { copyChargedOrders, insertOrder, insertParcel, type TestOrder } from '../../helpers/orders.ts';
import { IDENTIFIER_PAYLOADS, ORDER_PAYLOADS, VALUE_PAYLOADS } from '../../helpers/injection-payloads.ts';
import { permissions, rolePermissions, roles, tenants, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { sampleReport } from '../../helpers/online-reports.ts';

/*
 * The runtime calls of online reports (spec §7): the shapes, paging, sorting and filters, the caller's
 * tenant and data rules only (merchant2 sees none of merchant's rows through any call), permissions, and
 * the injection payloads against every place a client names something.
 */

const API = '/api/online/cgreport/api';
const T = 1;
type Data = { records: Record<string, string | number | null>[]; total: number; totalExact: boolean };

describe(`online reports: the runtime calls (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let merchant2: string;
  let warehouse: string;
  let orderPicker: ReportRecord;
  let custom: ReportRecord;
  const mine: TestOrder[] = [];
  const theirs: TestOrder[] = [];
  const day = new Date('2031-03-04T05:06:07Z');

  const idOf = async (code: string) => ok<{ records: ReportRecord[] }>(await t.call({ method: 'GET', url: '/api/online/cgreport/head/list', token: admin, query: { code } })).records.find((r) => r.code === code)!;
  const data = (token: string, report: ReportRecord, query: Record<string, string> = {}, lang = 'en-US') => t.call({ method: 'GET', url: `${API}/getData/${report.id}`, token, lang, query });
  const rows = async (token: string, report: ReportRecord, query: Record<string, string> = {}) => reportDataAnswer.parse(ok(await data(token, report, query))) as Data;

  async function person(username: string, grants: string[]): Promise<string> {
    const [role] = await t.db.insert(roles).values({ tenantId: T, roleCode: username, roleName: username }).returning({ id: roles.id });
    const ids = (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, grants))).map((row) => row.id);
    await t.db.insert(rolePermissions).values(ids.map((permissionId) => ({ tenantId: T, roleId: role!.id, permissionId })));
    const [user] = await t.db.insert(users).values({ username, realname: username, passwordHash: await hashPassword(DEMO_PASSWORD), defaultTenantId: T }).returning({ id: users.id });
    await t.db.insert(userTenants).values({ userId: user!.id, tenantId: T });
    await t.db.insert(userRoles).values({ userId: user!.id, tenantId: T, roleId: role!.id });
    return t.login(username);
  }

  beforeAll(async () => {
    t = await createTestApp();
    [admin, merchant, merchant2, warehouse] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('merchant2'), t.login('warehouse')]);
    const statuses = ['CREATED', 'DONE', 'DONE', 'CANCEL', 'WHIN'] as const;
    for (const [index, status] of statuses.entries()) {
      mine.push(await insertOrder(t.db, { tenantId: T, status, recipientName: `Rpt Mine ${index}`, createdAt: new Date(day.getTime() + index * 60_000), actualWeight: 1000 + index }));
    }
    // two orders at the very same time: the id breaks the tie
    mine.push(await insertOrder(t.db, { tenantId: T, status: 'DONE', recipientName: 'Rpt Mine 5', createdAt: day }));
    for (let i = 0; i < 3; i += 1) theirs.push(await insertOrder(t.db, { tenantId: 2, status: 'DONE', recipientName: `Rpt Theirs ${i}`, createdAt: day }));
    await insertParcel(t.db, { tenantId: T, orderId: mine[0]!.id, trackingNo: 'RPT-PARCEL-MINE', status: 'IN_WAREHOUSE', storageTime: day });
    await insertParcel(t.db, { tenantId: 2, orderId: theirs[0]!.id, trackingNo: 'RPT-PARCEL-THEIRS', status: 'IN_WAREHOUSE', storageTime: day });
    orderPicker = await idOf('order_picker');
    const definition = sampleReport('run_orders', {
      queryFields: [
        { field: 'orderNo', operator: 'like' },
        { field: 'status', operator: 'in' },
        { field: 'recipientName', operator: 'like' },
        { field: 'weight', operator: 'range' },
        { field: 'createdAt', operator: 'range' },
      ],
      chart: { type: 'bar', groupBy: 'status', measure: { sum: 'weight' } },
    });
    custom = ok<ReportRecord>(await t.call({ method: 'POST', url: '/api/online/cgreport/head/add', token: admin, payload: definition }));
  });
  afterAll(() => t.close());

  const inDay = { createdAt_begin: '2031-03-04', createdAt_end: '2031-03-04' };

  it('answers getRpColumns in the spec shape, titles in the caller language and the dictionaries filled', async () => {
    const answer = rpColumnsAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getRpColumns/order_picker`, token: merchant })));
    expect(answer).toMatchObject({ cgRpConfigId: orderPicker.id, cgRpConfigName: '選擇訂單', defaultSort: { column: 'createdAt', order: 'desc' } });
    expect(answer.columns.map((c) => c.dataIndex)).toEqual(['orderNo', 'merchantOrderNo', 'status', 'destinationCountry', 'recipientName', 'weight', 'createdAt']);
    expect(answer.columns.find((c) => c.dataIndex === 'status')).toMatchObject({ title: '狀態', customRender: 'LOGOrderStateEnum', sorter: true });
    expect(answer.dictOptions.LOGOrderStateEnum!.find((o) => o.value === 'DONE')).toBeDefined();
    expect(Object.keys(answer.dictOptions).sort()).toEqual(['CountryType', 'LOGOrderStateEnum']);
    const english = rpColumnsAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getRpColumns/order_picker`, token: merchant, lang: 'en-US' })));
    expect(english.cgRpConfigName).toBe('Pick an order');
    refused(await t.call({ method: 'GET', url: `${API}/getRpColumns/no_such_report`, token: merchant }), 404);
    // a user's status is shown as a word, not as its number
    const people = rpColumnsAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getRpColumns/user_picker`, token: merchant, lang: 'en-US' })));
    expect(people.columns.find((c) => c.dataIndex === 'status')).toMatchObject({ customRender: 'UserStatus' });
    expect(people.dictOptions.UserStatus!.map((o) => [o.value, o.text])).toEqual([['1', 'Normal'], ['2', 'Frozen']]);
  });

  it('answers getQueryInfo with the range as a group and the hidden flag', async () => {
    const items = ok<unknown[]>(await t.call({ method: 'GET', url: `${API}/getQueryInfo/${orderPicker.id}`, token: merchant, lang: 'en-US' })).map((item) => queryInfoItem.parse(item));
    expect(items).toEqual([
      { field: 'orderNo', label: 'Order number', type: 'text', mode: 'single', operator: 'like', dictCode: null, defaultValue: '', hidden: '0' },
      { field: 'status', label: 'Status', type: 'dict', mode: 'single', operator: 'in', dictCode: 'LOGOrderStateEnum', defaultValue: '', hidden: '0' },
      { field: 'createdAt', label: 'Created at', type: 'date', mode: 'group', operator: 'range', dictCode: null, defaultValue: '', hidden: '1' },
    ]);
    refused(await t.call({ method: 'GET', url: `${API}/getQueryInfo/999999`, token: merchant }), 404);
  });

  it('pages, sorts with the id as tiebreak and filters by the query fields', async () => {
    const all = await rows(merchant, custom, { ...inDay, pageSize: '100' });
    expect(all.total).toBe(6);
    expect(all.totalExact).toBe(true);
    expect(all.records.map((r) => r.id)).toEqual([mine[4], mine[3], mine[2], mine[1], mine[5], mine[0]].map((o) => o!.id));
    expect(all.records[0]).toMatchObject({ orderNo: mine[4]!.orderNo, status: 'WHIN', weight: 1004, createdAt: new Date(day.getTime() + 4 * 60_000).toISOString() });
    const second = await rows(merchant, custom, { ...inDay, pageNo: '2', pageSize: '4' });
    expect(second).toMatchObject({ total: 6 });
    expect(second.records.map((r) => r.id)).toEqual([mine[5]!.id, mine[0]!.id]);
    const byNo = await rows(merchant, custom, { ...inDay, column: 'orderNo', order: 'asc', pageSize: '100' });
    expect(byNo.records.map((r) => r.orderNo)).toEqual([...mine].map((o) => o.orderNo).sort());
    expect((await rows(merchant, custom, { ...inDay, status: 'DONE,CANCEL' })).total).toBe(4);
    expect((await rows(merchant, custom, { ...inDay, recipientName: 'mine 3' })).records.map((r) => r.id)).toEqual([mine[3]!.id]);
    expect((await rows(merchant, custom, { ...inDay, orderNo: mine[2]!.orderNo.slice(-8) })).total).toBe(1);
    expect((await rows(merchant, custom, { ...inDay, weight_begin: '1002', weight_end: '1003' })).total).toBe(2);
    expect((await rows(merchant, custom, { createdAt_begin: '2031-03-04T05:07:00Z', createdAt_end: '2031-03-04T05:08:30Z' })).total).toBe(2);
    // empty values ask for nothing
    expect((await rows(merchant, custom, { ...inDay, status: '', orderNo: '' })).total).toBe(6);
  });

  it('refuses what is not a field, a sortable column, a page or a value of the report, in the caller language', async () => {
    const message = (query: Record<string, string>, lang = 'en-US') => data(merchant, custom, query, lang).then((response) => refused(response, 400));
    expect(await message({ recipientPhone: '0912' })).toBe('The query parameter recipientPhone is not a query field of this report');
    expect(await message({ createdAt: '2031-03-04' })).toBe('The query parameter createdAt is not a query field of this report');
    expect(await message({ pageSize: '101' })).toBe('The page number is a positive whole number and a page holds at most 100 rows');
    expect(await message({ pageNo: '0' })).toContain('positive whole number');
    expect(await message({ pageNo: '101', pageSize: '100' })).toBe('A report shows at most its first 10000 rows: narrow the query');
    expect(await message({ column: 'recipientName' })).toBe('Sort only by a sortable column of the report, in the order asc or desc');
    expect(await message({ order: 'up' })).toContain('asc or desc');
    expect(await message({ weight_begin: 'heavy' })).toBe('The value of the query field "Weight (g)" is not valid');
    expect(await message({ createdAt_end: 'yesterday' }, 'zh-CN')).toBe('查询条件「创建时间」的值不正确');
    refused(await data(merchant, { ...custom, id: 999999 }), 404);
  });

  it('groups the chart with dictionary labels, and exports the same rows', async () => {
    const chart = reportChartAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getChart/${custom.id}`, token: merchant, lang: 'en-US', query: inDay })));
    const done = chart.groups.find((g) => g.key === 'DONE')!;
    expect(done.value).toBe(String(1001 + 1002 + 800));
    expect(done.label).not.toBe('DONE');
    expect(chart.groups.map((g) => g.key).sort()).toEqual(['CANCEL', 'CREATED', 'DONE', 'WHIN']);
    const counted = reportChartAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getChart/${orderPicker.id}`, token: merchant, query: { ...inDay, status: 'DONE' } })));
    expect(counted.groups).toEqual([{ key: 'DONE', label: expect.any(String), value: '3' }]);
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${API}/exportXls/${custom.id}`, token: merchant, lang: 'en-US', query: { ...inDay, status: 'DONE', timeZone: 'UTC' } }));
    expect(sheet.headers).toEqual(['Order number', 'Status', 'Weight', 'Created']);
    expect(sheet.rows.map((row) => row[0]).sort()).toEqual([mine[1], mine[2], mine[5]].map((o) => o!.orderNo).sort());
    refused(await t.call({ method: 'GET', url: `${API}/exportXls/${custom.id}`, token: merchant, query: { bogus: '1' } }), 400);
  });

  it("gives merchant2 none of merchant's rows through any call", async () => {
    const theirsNos = theirs.map((o) => o.orderNo);
    const seen = await rows(merchant2, custom, { ...inDay, pageSize: '100' });
    expect(seen.records.map((r) => r.orderNo).sort()).toEqual([...theirsNos].sort());
    const picker = await rows(merchant2, orderPicker, { ...inDay, pageSize: '100' });
    expect(picker.records.every((r) => theirsNos.includes(String(r.orderNo)))).toBe(true);
    for (const order of mine) expect((await rows(merchant2, orderPicker, { orderNo: order.orderNo })).total).toBe(0);
    const chart = reportChartAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getChart/${orderPicker.id}`, token: merchant2, query: inDay })));
    expect(chart.groups).toEqual([{ key: 'DONE', label: expect.any(String), value: '3' }]);
    const sheet = await readXlsx(await t.call({ method: 'GET', url: `${API}/exportXls/${custom.id}`, token: merchant2, query: inDay }));
    expect(sheet.rows.map((row) => row[0]).sort()).toEqual([...theirsNos].sort());
    const parcels = await rows(merchant2, await idOf('parcel_picker'), { trackingNo: 'RPT-PARCEL' });
    expect(parcels.records.map((r) => r.trackingNo)).toEqual(['RPT-PARCEL-THEIRS']);
    expect(parcels.records[0]).toMatchObject({ orderNo: theirs[0]!.orderNo, weight: 900, storedAt: day.toISOString() });
    const people = await rows(merchant2, await idOf('user_picker'), { pageSize: '100' });
    expect(people.records.map((r) => r.username)).toContain('merchant2');
    expect(people.records.map((r) => r.username)).not.toContain('merchant');
    expect(JSON.stringify(people)).not.toMatch(/password|\$argon|\$2[aby]\$/i);
  });

  it('needs the permission of the screen of those rows; platform staff preview with system:online:preview', async () => {
    const clerk = await person('rpt_parcels_only', ['logistics:package:list']);
    expect(refused(await data(clerk, orderPicker), 403)).toBeTruthy();
    refused(await t.call({ method: 'GET', url: `${API}/getRpColumns/order_picker`, token: clerk }), 403);
    refused(await t.call({ method: 'GET', url: `${API}/exportXls/${orderPicker.id}`, token: clerk }), 403);
    expect((await rows(clerk, await idOf('parcel_picker'), { trackingNo: 'RPT-PARCEL' })).total).toBe(1);
    // the platform holds no merchant's orders: its preview is empty
    expect(await rows(admin, orderPicker, { pageSize: '100' })).toEqual({ records: [], total: 0, totalExact: true });
    refused(await data(warehouse, orderPicker), 403);
  });

  it("shows a published report's menu entry only to readers of its data set's screen, following the data set when it changes", async () => {
    const [group] = await t.db.select({ id: permissions.id }).from(permissions).where(and(eq(permissions.menuType, 0), eq(permissions.platformOnly, false))).limit(1);
    const packageIds = [...new Set((await t.db.select({ packageId: tenants.packageId }).from(tenants)).map((p) => p.packageId).filter((id): id is number => id !== null))];
    const report = ok<ReportRecord>(await t.call({ method: 'POST', url: '/api/online/cgreport/head/add', token: admin, payload: sampleReport('run_menu') }));
    ok(await t.call({ method: 'POST', url: '/api/online/cgreport/head/publish', token: admin, payload: { id: report.id, parentId: group!.id, packageIds } }));
    const path = '/online/cgreport/run_menu';
    const code = onlineReportCode('run_menu');
    const [reportOnly, orderReader, parcelReader] = await Promise.all([person('rpt_menu_alone', [code]), person('rpt_menu_orders', [code, 'logistics:order:list']), person('rpt_menu_parcels', [code, 'logistics:package:list'])]);
    const shows = async (token: string) => JSON.stringify(ok(await t.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token }))).includes(`"path":"${path}"`);
    // the entry alone would open on a refusal of its every call: it is not shown
    expect([await shows(reportOnly), await shows(orderReader), await shows(parcelReader)]).toEqual([false, true, false]);
    refused(await t.call({ method: 'GET', url: `${API}/getRpColumns/run_menu`, token: reportOnly }), 403);

    // read from parcels now: the parcels' readers see it, the orders' do not
    const parcelsReport = sampleReport('run_menu', {
      dataSet: 'parcels',
      columns: [{ field: 'trackingNo', titles: { 'zh-TW': '快遞單號', 'zh-CN': '快递单号', 'en-US': 'Tracking number' }, sortable: true }],
      queryFields: [],
      defaultSort: { field: 'trackingNo', order: 'asc' },
      chart: null,
    });
    ok(await t.call({ method: 'PUT', url: '/api/online/cgreport/head/edit', token: admin, payload: { ...parcelsReport, id: report.id, version: report.version } }));
    expect([await shows(reportOnly), await shows(orderReader), await shows(parcelReader)]).toEqual([false, false, true]);
  });

  it("applies the data rules of the screen's menu", async () => {
    const clerk = await person('rpt_rule_clerk', ['logistics:order:list']);
    const [menu] = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'logistics:order:list'));
    const rule = ok<{ id: number }>(
      await t.call({ method: 'POST', url: '/api/sys/permission/addPermissionRule', token: merchant, payload: { permissionId: menu!.id, ruleName: 'Only done', field: 'status', operator: 'eq', valueKind: 'value', value: 'DONE' } }),
    );
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, T), eq(roles.roleCode, 'rpt_rule_clerk')));
    ok(await t.call({ method: 'POST', url: '/api/sys/role/datarule', token: merchant, payload: { permissionId: menu!.id, roleId: role!.id, dataRuleIds: [rule.id] } }));
    const seen = await rows(clerk, custom, { ...inDay, pageSize: '100' });
    expect(seen.total).toBe(3);
    expect(seen.records.every((r) => r.status === 'DONE')).toBe(true);
    const chart = reportChartAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getChart/${custom.id}`, token: clerk, query: inDay })));
    expect(chart.groups.map((g) => g.key)).toEqual(['DONE']);
  });

  it('runs every data set with every field as a column, sorted by each sortable one, for either merchant', async () => {
    const sets = ok<DataSetRecord[]>(await t.call({ method: 'GET', url: '/api/online/cgreport/dataSets', token: admin }));
    for (const set of sets) {
      const sortable = set.fields.filter((field) => field.sortable);
      const definition = {
        code: `every_${set.id}`,
        titles: { 'zh-TW': set.id, 'zh-CN': set.id, 'en-US': set.id },
        dataSet: set.id,
        columns: set.fields.map((field) => ({ field: field.key, titles: { 'zh-TW': field.key, 'zh-CN': field.key, 'en-US': field.key }, sortable: field.sortable })),
        queryFields: set.fields.filter((field) => field.operators.length > 0).map((field) => ({ field: field.key, operator: field.operators.at(-1) })),
        defaultSort: { field: sortable[0]!.key, order: 'desc' },
        chart: { type: 'bar', groupBy: set.fields[1]!.key, measure: 'count' },
      };
      const report = ok<ReportRecord>(await t.call({ method: 'POST', url: '/api/online/cgreport/head/add', token: admin, payload: definition }));
      for (const token of [merchant, merchant2]) {
        for (const field of sortable) {
          for (const order of ['asc', 'desc']) {
            const answer = await rows(token, report, { column: field.key, order });
            expect(answer.records.length, `${set.id} by ${field.key}`).toBe(Math.min(answer.total, 10));
          }
        }
        reportChartAnswer.parse(ok(await t.call({ method: 'GET', url: `${API}/getChart/${report.id}`, token, query: {} })));
        expect((await readXlsx(await t.call({ method: 'GET', url: `${API}/exportXls/${report.id}`, token, query: {} }))).headers).toHaveLength(set.fields.length);
      }
    }
  });

  it('refuses injection payloads or takes them as plain values, leaking nothing', async () => {
    const clean = (body: string) => expect(body).not.toMatch(/syntax error|does not exist|ERROR:|sqlstate|Rpt Theirs/i);
    for (const payload of IDENTIFIER_PAYLOADS) {
      for (const query of [{ column: payload }, { [payload]: 'x' }, { [`${payload}_begin`]: '1' }]) {
        const response = await data(merchant, custom, query);
        // the query string parser drops a `__proto__` key: the server never sees it, and answers the caller's own rows
        const dropped = Object.keys(query)[0] === '__proto__';
        expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(dropped ? 200 : 400);
        clean(response.body);
      }
      const chart = await t.call({ method: 'GET', url: `${API}/getChart/${custom.id}`, token: merchant, query: { [payload]: '1', [`${payload}_end`]: '1' } });
      expect(chart.statusCode, payload).toBe(400);
      clean(chart.body);
      const columns = await t.call({ method: 'GET', url: `${API}/getRpColumns/${encodeURIComponent(payload)}`, token: merchant });
      expect([400, 404]).toContain(columns.statusCode);
      clean(columns.body);
    }
    for (const payload of ORDER_PAYLOADS) {
      const response = await data(merchant, custom, { order: payload });
      expect(response.statusCode, payload).toBe(400);
      clean(response.body);
    }
    for (const payload of VALUE_PAYLOADS) {
      for (const query of [{ orderNo: payload }, { recipientName: payload }, { status: payload }] as Record<string, string>[]) {
        const response = await data(merchant, custom, { ...query, ...inDay });
        expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(200);
        expect(response.json().result.total, JSON.stringify(query)).toBe(0);
        clean(response.body);
      }
      for (const query of [{ weight_begin: payload }, { createdAt_end: payload }] as Record<string, string>[]) {
        const response = await data(merchant, custom, query);
        expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
        clean(response.body);
      }
    }
    // the users are as they were (no payload ran an update)
    expect((await t.db.select({ id: users.id }).from(users).where(eq(users.status, 2))).length).toBe(0);
  });

  // last: it gives merchant2 ten thousand orders more
  it('counts no further than REPORT_ROW_CAP: past it the total is the cap, not exact, and the export is refused', async () => {
    await copyChargedOrders(t.db, { templateId: theirs[0]!.id, tenantId: 2, count: REPORT_ROW_CAP + 1, tag: 'RPTCAP' });
    const many = await rows(merchant2, custom, { ...inDay, pageSize: '10' });
    expect(many).toMatchObject({ total: REPORT_ROW_CAP, totalExact: false });
    expect(many.records).toHaveLength(10);
    // the last page the cap allows has its rows; the export of them all is refused in words
    expect((await rows(merchant2, custom, { ...inDay, pageNo: '100', pageSize: '100' })).records).toHaveLength(100);
    const sheet = await t.call({ method: 'GET', url: `${API}/exportXls/${custom.id}`, token: merchant2, lang: 'en-US', query: inDay });
    expect(refused(sheet, 400)).toContain('10000');
    // a filter under the cap counts exactly again
    expect(await rows(merchant2, custom, { ...inDay, orderNo: theirs[1]!.orderNo })).toMatchObject({ total: 1, totalExact: true });
  });
});
