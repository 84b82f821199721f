import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { ApiScope } from '@portal/shared/open-api';
import type { ApiKeyIssued, ApiKeyRecord } from '@portal/shared/open-api-keys';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { bearer } from '../../helpers/api-keys.ts';
import { insertOrder } from '../../helpers/orders.ts';
import { departments, permissions, rolePermissions, roles, userDepartments, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';

/*
 * Decision 0027: a key carries the rights of its holder, who made it or last changed its
 * scopes or secret. The findings replayed: a user holding only the key screen's rights cannot give a key the
 * orders or the wallet, by creating, editing or rolling one; a key narrows when its holder loses a right,
 * stops when they are frozen or deleted, and reads only the rows its holder's data rules let through.
 */

const T = 1;
const KEYS = '/api/config/api-key';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
type Page<T> = { records: T[]; total: number };

describe(`API keys carry their holder's rights (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  const idsOf = async (codes: string[]) => (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes))).map((row) => row.id);

  async function role(code: string, grants: string[]): Promise<number> {
    const [row] = await t.db.insert(roles).values({ tenantId: T, roleCode: code, roleName: code }).returning({ id: roles.id });
    await t.db.insert(rolePermissions).values((await idsOf(grants)).map((permissionId) => ({ tenantId: T, roleId: row!.id, permissionId })));
    return row!.id;
  }
  /** A user of the demo merchant's company in Operations, with these roles; answers their id and a session. */
  async function person(username: string, roleIds: number[]): Promise<{ id: number; token: string }> {
    const [row] = await t.db.insert(users).values({ username, realname: username, passwordHash: await hashPassword(DEMO_PASSWORD), orgCode: 'A01A01', defaultTenantId: T }).returning({ id: users.id });
    const id = row!.id;
    await t.db.insert(userTenants).values({ userId: id, tenantId: T });
    const [depart] = await t.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, T), eq(departments.orgCode, 'A01A01')));
    await t.db.insert(userDepartments).values({ userId: id, tenantId: T, departmentId: depart!.id });
    for (const roleId of roleIds) await t.db.insert(userRoles).values({ userId: id, tenantId: T, roleId });
    return { id, token: await t.login(username) };
  }
  const addKey = (token: string, scopes: ApiScope[]) => t.call({ method: 'POST', url: `${KEYS}/add`, token, payload: { name: `k${Math.random()}`, scopes, expiresAt: inDays(30) } });
  const editKey = (token: string, key: ApiKeyRecord, scopes: ApiScope[]) => t.call({ method: 'PUT', url: `${KEYS}/edit`, token, payload: { id: key.id, name: key.name, scopes, expiresAt: key.expiresAt, ipAllowList: [] } });
  const listed = async (id: number) => ok<Page<ApiKeyRecord>>(await t.call({ method: 'GET', url: `${KEYS}/list`, token: merchant, query: { pageSize: '200' } })).records.find((k) => k.id === id)!;
  const open = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url: `/open/v1${url}`, headers: { ...bearer(key), ...(method === 'POST' ? { 'idempotency-key': `i-${Math.random()}` } : {}) }, ...(payload ? { payload } : {}) });
  /** An open-API refusal's message (its own shape: `{ error: { code, message } }`). */
  const message = (response: { body: string }) => (JSON.parse(response.body) as { error: { message: string } }).error.message;
  /** An open-API answer (its own shape, no envelope): 200 and its body. */
  const answered = <T = unknown>(response: { statusCode: number; body: string }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return JSON.parse(response.body) as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await t.login('merchant');
  });
  afterAll(() => t.close());

  it('a user holding only the key screen gives a key nothing they do not hold: not by creating, editing or rolling', async () => {
    const keyKeeper = await person('key_keeper', [await role('key_keeper', ['config:token:list', 'config:token:add', 'config:token:edit', 'config:token:reset-secret'])]);
    // refused the orders and the wallet on the portal
    refused(await t.call({ method: 'GET', url: '/api/logistics/order/list', token: keyKeeper.token }), 403);
    refused(await t.call({ method: 'POST', url: '/platform-api/finance/virtualWallet/balance', token: keyKeeper.token, payload: { currency: 'CNY' } }), 403);
    // so no key of theirs gets them
    for (const scope of ['orders:read', 'orders:write', 'wallet:read', 'tracking:read', 'parcels:read', 'purchases:read'] as const) {
      expect(refused(await addKey(keyKeeper.token, [scope]), 403)).toContain(scope);
    }
    // a key the main account made: widened, kept or rolled by them, it would carry what they do not hold
    const made = ok<ApiKeyIssued>(await addKey(merchant, ['orders:read']));
    expect(made.record).toMatchObject({ holder: 'merchant', holderState: 'ACTIVE', unheldScopes: [] });
    refused(await editKey(keyKeeper.token, made.record, ['orders:read', 'orders:write', 'wallet:read']), 403);
    refused(await editKey(keyKeeper.token, made.record, ['orders:read']), 403);
    refused(await t.call({ method: 'POST', url: `${KEYS}/roll`, token: keyKeeper.token, payload: { id: made.record.id, overlapHours: 0 } }), 403);
    // nothing changed: still the main account's key, and its one secret still works
    expect(await listed(made.record.id)).toMatchObject({ scopes: ['orders:read'], holder: 'merchant' });
    answered(await open(made.key, 'GET', '/orders?pageSize=1'));
  });

  it('narrows with its holder: a right taken from their role stops that scope at the next call, and it comes back with it', async () => {
    const grants = ['logistics:order:list', 'logistics:order:detail', 'logistics:order:add', 'logistics:order:cancel', 'config:token:list', 'config:token:add'];
    const roleId = await role('order_keys', grants);
    const deputy = await person('order_deputy', [roleId]);
    const { key, record } = ok<ApiKeyIssued>(await addKey(deputy.token, ['orders:read', 'orders:write']));
    expect(record).toMatchObject({ holder: 'order_deputy', unheldScopes: [] });
    answered(await open(key, 'GET', '/orders?pageSize=1'));
    // the main account takes the order creation away from the deputy's role (the call publishes the change)
    const without = await idsOf(grants.filter((code) => code !== 'logistics:order:add'));
    ok(await t.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', token: merchant, payload: { roleId, permissionIds: without } }));
    const refusal = await open(key, 'POST', '/orders', {});
    expect(refusal.statusCode).toBe(403);
    expect(message(refusal)).toContain('order_deputy');
    answered(await open(key, 'GET', '/orders?pageSize=1'));
    expect(await listed(record.id)).toMatchObject({ holder: 'order_deputy', holderState: 'ACTIVE', unheldScopes: ['orders:write'] });
    ok(await t.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', token: merchant, payload: { roleId, permissionIds: await idsOf(grants) } }));
    expect((await listed(record.id)).unheldScopes).toEqual([]);
  });

  it('stops whole when its holder is frozen or deleted, and says why on the key screen', async () => {
    const holder = await person('frozen_holder', [await role('frozen_keys', ['logistics:order:list', 'logistics:order:detail', 'config:token:list', 'config:token:add'])]);
    const { key, record } = ok<ApiKeyIssued>(await addKey(holder.token, ['orders:read']));
    answered(await open(key, 'GET', '/orders?pageSize=1'));
    ok(await t.call({ method: 'PUT', url: '/api/sys/user/frozenBatch', token: merchant, payload: { ids: [holder.id], status: 2 } }));
    const frozen = await open(key, 'GET', '/orders?pageSize=1');
    expect(frozen.statusCode).toBe(401);
    expect(message(frozen)).toContain('frozen_holder');
    expect(await listed(record.id)).toMatchObject({ status: 'ACTIVE', holder: 'frozen_holder', holderState: 'FROZEN' });
    ok(await t.call({ method: 'PUT', url: '/api/sys/user/frozenBatch', token: merchant, payload: { ids: [holder.id], status: 1 } }));
    answered(await open(key, 'GET', '/orders?pageSize=1'));
    // to the recycle bin
    ok(await t.call({ method: 'DELETE', url: '/api/sys/user/delete', token: merchant, query: { id: String(holder.id) } }));
    expect((await open(key, 'GET', '/orders?pageSize=1')).statusCode).toBe(401);
    expect((await listed(record.id)).holderState).toBe('DELETED');
  });

  it("reads only the rows its holder's data rules let through", async () => {
    const roleId = await role('tw_orders', ['logistics:order:list', 'logistics:order:detail', 'config:token:list', 'config:token:add']);
    const holder = await person('tw_holder', [roleId]);
    const menu = (await idsOf(['logistics:order:list']))[0]!;
    const rule = ok<{ id: number }>(
      await t.call({ method: 'POST', url: '/api/sys/permission/addPermissionRule', token: merchant, payload: { permissionId: menu, ruleName: 'Taiwan only', field: 'destinationCountry', operator: 'eq', valueKind: 'value', value: 'TW' } }),
    );
    ok(await t.call({ method: 'POST', url: '/api/sys/role/datarule', token: merchant, payload: { permissionId: menu, roleId, dataRuleIds: [rule.id] } }));
    const taiwan = await insertOrder(t.db, { tenantId: T, destinationCountry: 'TW' });
    const japan = await insertOrder(t.db, { tenantId: T, destinationCountry: 'JP' });
    const { key } = ok<ApiKeyIssued>(await addKey(holder.token, ['orders:read']));
    const page = answered<Page<{ orderNo: string; destinationCountry: string }>>(await open(key, 'GET', '/orders?pageSize=200'));
    expect(page.records.length).toBeGreaterThan(0);
    expect(new Set(page.records.map((order) => order.destinationCountry))).toEqual(new Set(['TW']));
    answered(await open(key, 'GET', `/orders/${taiwan.orderNo}`));
    expect((await open(key, 'GET', `/orders/${japan.orderNo}`)).statusCode).toBe(404);
  });
});
