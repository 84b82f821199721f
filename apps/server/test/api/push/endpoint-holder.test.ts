import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { PushType } from '@portal/shared/open-api';
import type { PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import type { Db } from '../../../src/db/client.ts';
import { pushAttempts, pushDeliveries } from '../../../src/db/schema/open-api.ts';
import { permissions, rolePermissions, roles, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { emit, insertEndpoint, startDeliveryApp, type DeliveryHarness } from '../../helpers/push-delivery.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Receiver } from '../../helpers/webhook-receiver.ts';

/*
 * Issue 23 item 2 (decision 0029): an endpoint's events carry the rights of its holder, who made it or last
 * changed it. A user holding only the endpoints' screen cannot subscribe to the wallet's events; an event
 * whose read rights the holder has lost, or any event of a frozen holder, is not sent.
 */

const T = 1;

/** A user of the demo merchant's company with one role of these grants; answers their id. */
async function person(db: Db, username: string, grants: string[]): Promise<number> {
  const [role] = await db.insert(roles).values({ tenantId: T, roleCode: username, roleName: username }).returning({ id: roles.id });
  const ids = (await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, grants))).map((row) => row.id);
  await db.insert(rolePermissions).values(ids.map((permissionId) => ({ tenantId: T, roleId: role!.id, permissionId })));
  const [user] = await db.insert(users).values({ username, realname: username, passwordHash: await hashPassword(DEMO_PASSWORD), defaultTenantId: T }).returning({ id: users.id });
  await db.insert(userTenants).values({ userId: user!.id, tenantId: T });
  await db.insert(userRoles).values({ userId: user!.id, tenantId: T, roleId: role!.id });
  return user!.id;
}

describe(`push endpoints: subscribing (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (token: string, eventTypes: PushType[]) =>
    t.call({ method: 'POST', url: '/api/config/push-endpoint/add', token, payload: { url: `https://hooks.example.com/${Math.random()}`, description: '', eventTypes, enabled: true } });

  it('a user holding only the endpoints screen subscribes to nothing they may not read, nor keeps it by an edit', async () => {
    await person(t.db, 'hook_keeper', ['config:push:list', 'config:push:add', 'config:push:edit', 'logistics:order:list']);
    const keeper = await t.login('hook_keeper');
    refused(await t.call({ method: 'POST', url: '/platform-api/finance/virtualWallet/wallet/details', token: keeper, payload: {} }), 403);
    for (const type of ['WALLET_CHANGE', 'RECHARGE_RESULT', 'REFUND_RESULT', 'PURCHASE_STATUS'] as const) expect(refused(await add(keeper, [type]), 403)).toContain(type);
    // the order status they may read
    const mine = ok<PushEndpointWithSecret>(await add(keeper, ['ORDER_STATUS']));
    expect(mine.endpoint).toMatchObject({ holder: 'hook_keeper', holderState: 'ACTIVE', unheldTypes: [] });
    // the main account's endpoint on the wallet: an edit by them would make it theirs with the wallet
    const merchant = await t.login('merchant');
    const wallet = ok<PushEndpointWithSecret>(await add(merchant, ['WALLET_CHANGE', 'ORDER_STATUS']));
    const edit = (eventTypes: PushType[]) => t.call({ method: 'PUT', url: '/api/config/push-endpoint/edit', token: keeper, payload: { id: wallet.endpoint.id, url: wallet.endpoint.url, description: 'mine now', eventTypes, enabled: true } });
    refused(await edit(['WALLET_CHANGE', 'ORDER_STATUS']), 403);
    const narrowed = ok<PushEndpointRecord>(await edit(['ORDER_STATUS']));
    expect(narrowed).toMatchObject({ holder: 'hook_keeper', eventTypes: ['ORDER_STATUS'] });
  });
});

describe(`push deliveries: the holder's rights at each delivery (${testDbKind()})`, () => {
  const secret = newWebhookSecret();
  let t: DeliveryHarness;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startDeliveryApp();
    receiver = await startReceiver([secret], () => ({ status: 204 }));
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const deliveryOf = async (endpointId: number) => (await t.db.select().from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, T), eq(pushDeliveries.endpointId, endpointId))))[0];
  const settled = async (endpointId: number) => ((await deliveryOf(endpointId))?.status ?? 'PENDING') !== 'PENDING';
  const sentTo = (path: string) => receiver.requests.filter((request) => request.path === path).length;

  it('does not send what the holder may not read, and nothing of a frozen holder', async () => {
    const holder = await person(t.db, 'order_reader', ['logistics:order:list']);
    // subscribed to the wallet when they still held it (or by a hand-edited row): not sent now
    const wallet = await insertEndpoint(t.db, { tenantId: T, url: receiver.url('/wallet'), secret, eventTypes: ['WALLET_CHANGE'], holderId: holder });
    await emit(t.db, T, 'WALLET_CHANGE', { walletNo: 'W1', balance: '100.00' });
    await waitUntil('the wallet event was settled', () => settled(wallet));
    expect(await deliveryOf(wallet)).toMatchObject({ status: 'FAILED', attempts: 0 });
    expect(await t.db.select().from(pushAttempts).where(and(eq(pushAttempts.tenantId, T), eq(pushAttempts.endpointId, wallet)))).toEqual([]);
    expect(sentTo('/wallet')).toBe(0);
    // what they may read is sent
    const orders = await insertEndpoint(t.db, { tenantId: T, url: receiver.url('/orders'), secret, eventTypes: ['ORDER_STATUS'], holderId: holder });
    await emit(t.db, T, 'ORDER_STATUS', { orderNo: 'KD-9', status: 'SHIPPED' });
    await waitUntil('the order event was delivered', () => settled(orders));
    expect(await deliveryOf(orders)).toMatchObject({ status: 'SUCCEEDED' });
    expect(sentTo('/orders')).toBe(1);
    // frozen: nothing more (the access cache is dropped by the freeze's event; here the row changes under it,
    // so the holder's state is what the delivery reads, from the database)
    await t.db.update(users).set({ status: 2 }).where(eq(users.id, holder));
    const frozen = await insertEndpoint(t.db, { tenantId: T, url: receiver.url('/frozen'), secret, eventTypes: ['ORDER_STATUS'], holderId: holder });
    await emit(t.db, T, 'ORDER_STATUS', { orderNo: 'KD-10', status: 'SHIPPED' });
    await waitUntil('the frozen holder’s event was settled', () => settled(frozen));
    expect(await deliveryOf(frozen)).toMatchObject({ status: 'FAILED', attempts: 0 });
    expect(sentTo('/frozen')).toBe(0);
  });
});
