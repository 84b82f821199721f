import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { insertOrder, insertParcel, type TestOrder } from '../../helpers/orders.ts';
import { departments, permissions, rolePermissions, roles, userDepartments, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { orders, parcels } from '../../../src/db/schema/logistics.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { orderConditions } from '../../../src/modules/logistics/order/list-repository.ts';
import type { DataRuleRecord, RoleDataRules } from '@portal/shared/system-data-rules';

/*
 * Data rules (docs/decisions/0016-data-rules.md): "staff see only orders of their own
 * department", as the merchant sets it up and as the staff meet it in the list, the detail, the export, the
 * status tabs and a cancel; values are values, never SQL; every refusal in three languages.
 */

const ADD = '/api/sys/permission/addPermissionRule';
const EDIT = '/api/sys/permission/editPermissionRule';
const DELETE = '/api/sys/permission/deletePermissionRule';
const BY_MENU = '/api/sys/permission/getPermRuleListByPermId';
const SEARCH = '/api/sys/permission/queryPermissionRule';
const CHOOSE = '/api/sys/role/datarule';
const T = 1;

describe(`data rules: staff see only orders of their own department (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let orderMenu: number;
  let packageMenu: number;
  let roleId: number;
  let ruleId: number;
  const people: Record<'ops' | 'fin' | 'lead', number> = { ops: 0, fin: 0, lead: 0 };
  let opsOrder: TestOrder;
  let finOrder: TestOrder;
  let opsToken: string;
  const bodies: string[] = [];

  const menuId = async (code: string) => (await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, code)))[0]!.id;
  const idsOf = async (codes: string[]) => (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes))).map((row) => row.id);

  async function role(code: string, grants: string[]): Promise<number> {
    const [row] = await t.db.insert(roles).values({ tenantId: T, roleCode: code, roleName: code }).returning({ id: roles.id });
    await t.db.insert(rolePermissions).values((await idsOf(grants)).map((permissionId) => ({ tenantId: T, roleId: row!.id, permissionId })));
    return row!.id;
  }

  async function person(username: string, orgCode: string, roleIds: number[]): Promise<number> {
    const [row] = await t.db.insert(users).values({ username, realname: username, passwordHash: await hashPassword(DEMO_PASSWORD), orgCode, defaultTenantId: T }).returning({ id: users.id });
    const userId = row!.id;
    await t.db.insert(userTenants).values({ userId, tenantId: T });
    const [depart] = await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, T), eq(departments.orgCode, orgCode)));
    await t.db.insert(userDepartments).values({ userId, tenantId: T, departmentId: depart!.id });
    for (const id of roleIds) await t.db.insert(userRoles).values({ userId, tenantId: T, roleId: id });
    return userId;
  }

  const call = async (options: Parameters<TestApp['call']>[0]) => {
    const response = await t.call(options);
    bodies.push(response.body);
    return response;
  };
  const listed = async (token: string, query: Record<string, string> = {}) =>
    ok<{ records: { id: number; orderNo: string }[]; total: number }>(await call({ method: 'GET', url: '/api/logistics/order/list', token, query: { pageSize: '100', ...query } }));
  const rule = (values: Record<string, unknown>) => ({ permissionId: orderMenu, ruleName: 'Own department', field: 'creatorDepartment', operator: 'eq', valueKind: 'variable', value: 'currentOrgCode', ...values });

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await t.login('merchant');
    orderMenu = await menuId('logistics:order:list');
    packageMenu = await menuId('logistics:package:list');
    roleId = await role('dept_orders', ['logistics:order:list', 'logistics:order:detail', 'logistics:order:cancel', 'logistics:order:export', 'logistics:package:list', 'wallet:recharge:list']);
    const admin = await role('order_rule_admin', ['logistics:order:list', 'system:role:auth']);
    people.ops = await person('ops_clerk', 'A01A01', [roleId]);
    people.fin = await person('fin_clerk', 'A01A02', [roleId]);
    people.lead = await person('rule_admin', 'A01A01', [admin]);
    opsOrder = await insertOrder(t.db, { tenantId: T });
    finOrder = await insertOrder(t.db, { tenantId: T });
    await t.db.update(orders).set({ createdBy: people.ops }).where(eq(orders.id, opsOrder.id));
    await t.db.update(orders).set({ createdBy: people.fin }).where(eq(orders.id, finOrder.id));
    opsToken = await t.login('ops_clerk');
  });
  afterAll(async () => {
    // no answer of these calls carries a secret
    for (const body of bodies) for (const secret of ['passwordHash', 'password_hash', '$argon2', 'token']) expect(body).not.toContain(secret);
    await t.close();
  });

  it('without rules the order query is the one it always was', async () => {
    const dialect = new PgDialect({ casing: 'snake_case' });
    expect(dialect.sqlToQuery(orderConditions(T, {}, undefined))).toEqual(dialect.sqlToQuery(orderConditions(T, {})));
    expect(dialect.sqlToQuery(orderConditions(T, {})).sql).toBe('"log_order"."tenant_id" = $1');
    // and the staff see every order of the tenant, theirs and the other department's
    const all = (await listed(opsToken)).records.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([opsOrder.id, finOrder.id]));
  });

  it('the merchant defines the rule on the order menu and chooses it for the role', async () => {
    const created = ok<DataRuleRecord>(await call({ method: 'POST', url: ADD, token: merchant, payload: rule({}) }));
    ruleId = created.id;
    expect(created).toMatchObject({ permissionId: orderMenu, field: 'creatorDepartment', operator: 'eq', valueKind: 'variable', value: 'currentOrgCode', status: 1 });
    expect(ok<DataRuleRecord[]>(await call({ method: 'GET', url: BY_MENU, token: merchant, query: { permissionId: String(orderMenu) } })).map((r) => r.id)).toEqual([ruleId]);
    expect(ok<DataRuleRecord[]>(await call({ method: 'GET', url: SEARCH, token: merchant, query: { permissionId: String(orderMenu), ruleName: 'department' } })).map((r) => r.id)).toEqual([ruleId]);
    expect(ok<DataRuleRecord[]>(await call({ method: 'GET', url: SEARCH, token: merchant, query: { field: 'status' } }))).toEqual([]);
    ok(await call({ method: 'POST', url: CHOOSE, token: merchant, payload: { permissionId: orderMenu, roleId, dataRuleIds: [ruleId] } }));
    expect(ok<RoleDataRules>(await call({ method: 'GET', url: `${CHOOSE}/${orderMenu}/${roleId}`, token: merchant }))).toMatchObject({ chosenIds: [ruleId], rules: [{ id: ruleId }] });
  });

  it("lists, counts, reads and exports only their department's orders; others answer 404", async () => {
    const page = await listed(opsToken);
    const ids = page.records.map((r) => r.id);
    expect(ids).toContain(opsOrder.id);
    expect(ids).not.toContain(finOrder.id);
    // every order listed was made by someone of the clerk's department (the merchant is in both of the demo's)
    const creators = await t.db.select({ createdBy: orders.createdBy }).from(orders).where(inArray(orders.id, ids));
    const members = (await t.db.select({ userId: userDepartments.userId }).from(userDepartments).innerJoin(departments, eq(departments.id, userDepartments.departmentId)).where(eq(departments.orgCode, 'A01A01'))).map((m) => m.userId);
    for (const { createdBy } of creators) expect(members).toContain(createdBy);
    const counts = ok<{ status: string; count: number }[]>(await call({ method: 'GET', url: '/api/logistics/order/statusCounts', token: opsToken }));
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(page.total);

    ok(await call({ method: 'GET', url: '/api/logistics/order/queryById', token: opsToken, query: { id: String(opsOrder.id) } }));
    refused(await call({ method: 'GET', url: '/api/logistics/order/queryById', token: opsToken, query: { id: String(finOrder.id) } }), 404);
    const sheet = await readXlsx(await t.call({ method: 'GET', url: '/api/logistics/order/exportXls', token: opsToken }));
    const text = sheet.rows.flat().join(' ');
    expect(text).toContain(opsOrder.orderNo);
    expect(text).not.toContain(finOrder.orderNo);

    refused(await call({ method: 'POST', url: '/api/logistics/order/cancel', token: opsToken, payload: { id: finOrder.id } }), 404);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, finOrder.id)))[0]!.status).toBe('CREATED');
    ok(await call({ method: 'POST', url: '/api/logistics/order/cancel', token: opsToken, payload: { id: opsOrder.id } }));

    // the other department's clerk, with the same role, sees the mirror image
    const finIds = (await listed(await t.login('fin_clerk'))).records.map((r) => r.id);
    expect(finIds).toContain(finOrder.id);
    expect(finIds).not.toContain(opsOrder.id);
    // and the merchant, whose role has no rule, still sees both
    expect((await listed(merchant)).records.map((r) => r.id)).toEqual(expect.arrayContaining([opsOrder.id, finOrder.id]));
  });

  it('SQL text in a rule is only a value (and a rule switched off narrows nothing)', async () => {
    const injected = ok<DataRuleRecord>(await call({ method: 'POST', url: ADD, token: merchant, payload: rule({ ruleName: 'Injected', field: 'status', operator: 'eq', valueKind: 'value', value: "CREATED' OR '1'='1" }) }));
    ok(await call({ method: 'POST', url: CHOOSE, token: merchant, payload: { permissionId: orderMenu, roleId, dataRuleIds: [ruleId, injected.id] } }));
    expect((await listed(opsToken)).total).toBe(0);
    expect((await t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, finOrder.id))).length).toBe(1);
    ok(await call({ method: 'PUT', url: EDIT, token: merchant, payload: { ...rule({ ruleName: 'Injected', field: 'status', operator: 'eq', valueKind: 'value', value: 'x' }), id: injected.id, status: 0 } }));
    expect((await listed(opsToken)).records.map((r) => r.id)).toContain(opsOrder.id);
    ok(await call({ method: 'DELETE', url: DELETE, token: merchant, query: { id: String(injected.id) } }));
    expect(ok<RoleDataRules>(await call({ method: 'GET', url: `${CHOOSE}/${orderMenu}/${roleId}`, token: merchant })).chosenIds).toEqual([ruleId]);
  });

  it('narrows parcels by a typed field as well', async () => {
    await insertParcel(t.db, { tenantId: T, orderId: null, trackingNo: 'RULE-FORECAST-1' });
    await insertParcel(t.db, { tenantId: T, orderId: null, trackingNo: 'RULE-SHIPPED-1', status: 'SHIPPED' });
    const shipped = ok<DataRuleRecord>(await call({ method: 'POST', url: ADD, token: merchant, payload: { permissionId: packageMenu, ruleName: 'Shipped only', field: 'status', operator: 'in', valueKind: 'value', value: 'SHIPPED, IN_WAREHOUSE' } }));
    ok(await call({ method: 'POST', url: CHOOSE, token: merchant, payload: { permissionId: packageMenu, roleId, dataRuleIds: [shipped.id] } }));
    const found = ok<{ records: { trackingNo: string; status: string }[] }>(await call({ method: 'GET', url: '/api/logistics/package/list', token: opsToken, query: { pageSize: '100', trackingNo: 'RULE-' } }));
    expect(found.records.map((r) => r.trackingNo)).toEqual(['RULE-SHIPPED-1']);
    const all = await t.db.select({ status: parcels.status }).from(parcels).where(eq(parcels.tenantId, T));
    expect(all.length).toBeGreaterThan(found.records.length);
  });

  it('narrows wallet records: a recharge rule of "created by me" hides the merchant\'s recharge from the list, the details and the export', async () => {
    const W = '/platform-api/finance/virtualWallet';
    const draft = { transferCurrency: 'CNY', transferAmount: '50.00', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', payerName: 'Rule Co.', payerAccount: '700-123-456', transferredAt: '2026-03-02T10:15:00+08:00', remark: 'data rule', voucherIds: [], draft: true };
    const recharge = ok<{ id: number; rechargeNo: string }>(await call({ method: 'POST', url: `${W}/recharge/submit`, token: merchant, payload: draft, headers: { 'idempotency-key': randomUUID() } }));
    const rechargeMenu = await menuId('wallet:recharge:list');
    const mine = ok<DataRuleRecord>(await call({ method: 'POST', url: ADD, token: merchant, payload: { permissionId: rechargeMenu, ruleName: 'Mine', field: 'createdBy', operator: 'eq', valueKind: 'variable', value: 'currentUserId' } }));
    const seen = async () => ok<{ records: { id: number }[] }>(await call({ method: 'POST', url: `${W}/recharge/list`, token: opsToken, payload: { pageSize: 100 } })).records.map((r) => r.id);
    expect(await seen()).toContain(recharge.id);
    ok(await call({ method: 'POST', url: CHOOSE, token: merchant, payload: { permissionId: rechargeMenu, roleId, dataRuleIds: [mine.id] } }));
    expect(await seen()).not.toContain(recharge.id);
    refused(await call({ method: 'POST', url: `${W}/recharge/details`, token: opsToken, payload: { id: recharge.id } }), 404);
    ok(await call({ method: 'POST', url: `${W}/recharge/details`, token: merchant, payload: { id: recharge.id } }));
  });

  it.each([
    ['zh-TW', '資料規則的欄位「createdBy; drop table log_order」不在此選單可用的欄位中'],
    ['zh-CN', '数据规则的字段「createdBy; drop table log_order」不在此菜单可用的字段中'],
    ['en-US', 'The data rule field "createdBy; drop table log_order" is not one this menu allows'],
  ])('refuses an unknown field in %s', async (lang, message) => {
    expect(refused(await call({ method: 'POST', url: ADD, token: merchant, lang, payload: rule({ field: 'createdBy; drop table log_order' }) }), 400)).toBe(message);
  });

  it.each([
    ['zh-TW', '不認識的條件「like」'],
    ['zh-CN', '不认识的条件「like」'],
    ['en-US', 'Unknown condition "like"'],
  ])('refuses an unknown operator in %s', async (lang, start) => {
    expect(refused(await call({ method: 'POST', url: ADD, token: merchant, lang, payload: rule({ operator: 'like' }) }), 400)).toContain(start);
  });

  it.each([
    [{ operator: 'gt' }, 'The condition "gt" cannot be used on the field "creatorDepartment"'],
    [{ value: 'sessionUser' }, 'Unknown variable "sessionUser"'],
    [{ value: 'today' }, 'The variable "today" cannot be used on the field "creatorDepartment"'],
    [{ value: 'myOrgCodes' }, 'The variable "myOrgCodes" stands for several values: use it with "in" or "not in"'],
    [{ valueKind: 'value', value: '' }, 'Enter a value or choose a variable ("empty" and "not empty" take none)'],
    [{ field: 'itemQuantity', operator: 'gt', valueKind: 'value', value: '1 or 1=1' }, 'The value "1 or 1=1" does not fit the field "itemQuantity"'],
    [{ field: 'status', operator: 'in', valueKind: 'value', value: Array.from({ length: 51 }, (_, i) => `S${i}`).join(',') }, 'A list takes at most 50 values'],
  ])('refuses %j with a message naming it', async (values, message) => {
    expect(refused(await call({ method: 'POST', url: ADD, token: merchant, lang: 'en-US', payload: rule(values) }), 400)).toBe(message);
  });

  it('refuses rules on a menu without a wired resource, and on rules of another menu', async () => {
    const home = await menuId('dashboard:analysis:view').catch(() => 0);
    const unwired = home || (await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'logistics:pickup-batch:list')))[0]!.id;
    expect(refused(await call({ method: 'POST', url: ADD, token: merchant, lang: 'en-US', payload: rule({ permissionId: unwired }) }), 400)).toBe('This menu has no data that rules can narrow');
    expect(refused(await call({ method: 'POST', url: CHOOSE, token: merchant, lang: 'en-US', payload: { permissionId: packageMenu, roleId, dataRuleIds: [ruleId] } }), 400)).toBe('The chosen data rules are not rules of this menu');
  });

  it('a rule administrator neither changes the rules of their own role nor sets rules on menus they lack', async () => {
    const lead = await t.login('rule_admin');
    const adminRole = (await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, people.lead)))[0]!.roleId;
    expect(refused(await call({ method: 'POST', url: CHOOSE, token: lead, lang: 'en-US', payload: { permissionId: orderMenu, roleId: adminRole, dataRuleIds: [] } }), 403)).toBe('You cannot change the data rules of a role you hold yourself');
    expect(refused(await call({ method: 'POST', url: ADD, token: lead, lang: 'en-US', payload: rule({ permissionId: packageMenu, field: 'status', operator: 'empty', valueKind: 'value', value: '' }) }), 403)).toBe('You can only set data rules on menus you hold yourself');
    // another role's choice on a menu they hold is theirs to make
    ok(await call({ method: 'POST', url: CHOOSE, token: lead, payload: { permissionId: orderMenu, roleId, dataRuleIds: [ruleId] } }));
  });

  it('401 without a session, 403 without the role permission code', async () => {
    refused(await t.call({ method: 'GET', url: BY_MENU, query: { permissionId: String(orderMenu) } }), 401);
    const staff = await t.login('staff');
    refused(await call({ method: 'POST', url: ADD, token: staff, payload: rule({}) }), 403);
    refused(await call({ method: 'GET', url: `${CHOOSE}/${orderMenu}/${roleId}`, token: opsToken }), 403);
  });

  it("another tenant's rules and roles answer 404 and change nothing", async () => {
    const other = await t.login('merchant2');
    expect(ok<DataRuleRecord[]>(await call({ method: 'GET', url: BY_MENU, token: other, query: { permissionId: String(orderMenu) } }))).toEqual([]);
    expect(ok<DataRuleRecord[]>(await call({ method: 'GET', url: SEARCH, token: other }))).toEqual([]);
    refused(await call({ method: 'GET', url: `${CHOOSE}/${orderMenu}/${roleId}`, token: other }), 404);
    refused(await call({ method: 'POST', url: CHOOSE, token: other, payload: { permissionId: orderMenu, roleId, dataRuleIds: [] } }), 404);
    refused(await call({ method: 'PUT', url: EDIT, token: other, payload: { ...rule({ value: 'myOrgCodes', operator: 'in' }), id: ruleId } }), 404);
    refused(await call({ method: 'DELETE', url: DELETE, token: other, query: { id: String(ruleId) } }), 404);
    expect(ok<RoleDataRules>(await call({ method: 'GET', url: `${CHOOSE}/${orderMenu}/${roleId}`, token: merchant }))).toMatchObject({ chosenIds: [ruleId], rules: [{ id: ruleId, operator: 'eq', value: 'currentOrgCode' }] });
  });
});
