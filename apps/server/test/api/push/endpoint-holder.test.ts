import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushType } from '@portal/shared/open-api';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import type { PushDeliveryDetail, PushEndpointRecord, PushEndpointWithSecret } from '@portal/shared/push-endpoints';
import type { Db } from '../../../src/db/client.ts';
import { pushAttempts, pushDeliveries, pushMessages } from '../../../src/db/schema/open-api.ts';
import { recharges, refunds } from '../../../src/db/schema/finance.ts';
import { dataRules, permissions, rolePermissions, roleDataRules, roles, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { hashPassword } from '../../../src/lib/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { moveOrder } from '../../../src/modules/logistics/order/lifecycle.ts';
import { emitParcelsReceived, emitRechargeResult, emitRefundResult } from '../../../src/lib/push-events.ts';
import { insertOrder, insertParcel } from '../../helpers/orders.ts';
import { emit, insertEndpoint, startDeliveryApp, type DeliveryHarness } from '../../helpers/push-delivery.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Receiver } from '../../helpers/webhook-receiver.ts';

/*
 * Decision 0029: an endpoint's events carry the rights of its holder, who made it or last
 * changed it. A user holding only the endpoints' screen cannot subscribe to the wallet's events; an event
 * whose read rights the holder has lost, any event of a frozen holder, or an event about a row the holder's
 * data rules hide from them (decision 0016), is not sent.
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

/** A data rule on a menu chosen by the role `person` made for `username` (the rules and role screens' rows). */
async function ruleOf(db: Db, username: string, menu: DataRuleMenu, field: string, value: string): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, T), eq(roles.roleCode, username)));
  const [entry] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, menu));
  const [rule] = await db.insert(dataRules).values({ tenantId: T, permissionId: entry!.id, ruleName: `${field} is ${value}`, field, operator: 'eq', valueKind: 'value', value }).returning({ id: dataRules.id });
  await db.insert(roleDataRules).values({ tenantId: T, roleId: role!.id, ruleId: rule!.id });
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
    expect(await deliveryOf(wallet)).toMatchObject({ status: 'FAILED', attempts: 0, refusal: 'HOLDER_RIGHTS' });
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
    expect(await deliveryOf(frozen)).toMatchObject({ status: 'FAILED', attempts: 0, refusal: 'HOLDER_FROZEN' });
    expect(sentTo('/frozen')).toBe(0);
  });
});

describe(`push deliveries: the holder's data rules at each delivery (${testDbKind()})`, () => {
  const secret = newWebhookSecret();
  let t: DeliveryHarness;
  let receiver: Receiver;
  /** a second app server on the same database, without the job queue: the delivery log's screen */
  let screens: TestApp;
  let merchant = '';
  beforeAll(async () => {
    t = await startDeliveryApp();
    receiver = await startReceiver([secret], () => ({ status: 204 }));
    screens = await createTestApp({ testDatabase: t.testDatabase });
    merchant = await screens.login('merchant');
  });
  afterAll(async () => {
    await screens?.close();
    await t?.close();
    await receiver?.close();
  });

  /** The endpoint's delivery of the message whose data has `field` = `value`. */
  async function deliveryAbout(endpointId: number, field: string, value: string) {
    const [row] = await t.db
      .select({ id: pushDeliveries.id, status: pushDeliveries.status, attempts: pushDeliveries.attempts, refusal: pushDeliveries.refusal })
      .from(pushDeliveries)
      .innerJoin(pushMessages, and(eq(pushMessages.tenantId, pushDeliveries.tenantId), eq(pushMessages.id, pushDeliveries.messageId)))
      .where(and(eq(pushDeliveries.tenantId, T), eq(pushDeliveries.endpointId, endpointId), sql`${pushMessages.payload} ->> ${field} = ${value}`));
    return row;
  }
  const settled = async (endpointId: number, field: string, value: string) => ((await deliveryAbout(endpointId, field, value))?.status ?? 'PENDING') !== 'PENDING';
  /** What reached the receiver at `path` about `value` (the raw bodies as received). */
  const receivedAbout = (path: string, value: string) => receiver.requests.filter((request) => request.path === path && request.body.includes(value));
  const attemptsOf = async (deliveryId: number) => t.db.select().from(pushAttempts).where(and(eq(pushAttempts.tenantId, T), eq(pushAttempts.deliveryId, deliveryId)));

  /** The row's message was sent once; the hidden row's is FAILED with no attempt and nothing reached the receiver. */
  async function expectOnlyVisible(endpointId: number, path: string, field: string, visible: string, hidden: string): Promise<void> {
    await waitUntil(`the message about ${visible} was settled`, () => settled(endpointId, field, visible));
    await waitUntil(`the message about ${hidden} was settled`, () => settled(endpointId, field, hidden));
    expect(await deliveryAbout(endpointId, field, visible)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(receivedAbout(path, visible)).toHaveLength(1);
    const refused = await deliveryAbout(endpointId, field, hidden);
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 0, refusal: 'HOLDER_DATA_RULES' });
    expect(await attemptsOf(refused!.id)).toEqual([]);
    expect(receivedAbout(path, hidden)).toEqual([]);
    // the delivery log says why nothing was sent
    const logged = ok<PushDeliveryDetail>(await screens.call({ method: 'GET', url: '/api/config/push-endpoint/delivery/queryById', token: merchant, query: { id: String(refused!.id) } }));
    expect(logged).toMatchObject({ delivery: { status: 'FAILED', attempts: 0, refusal: 'HOLDER_DATA_RULES' }, attempts: [] });
  }

  it("sends an order's status and a parcel's arrival only when the holder's rules show the row", async () => {
    const holder = await person(t.db, 'tw_watcher', ['logistics:order:list', 'logistics:package:list']);
    await ruleOf(t.db, 'tw_watcher', 'logistics:order:list', 'destinationCountry', 'TW');
    await ruleOf(t.db, 'tw_watcher', 'logistics:package:list', 'warehouseCode', 'SZ01');
    const endpoint = await insertEndpoint(t.db, { tenantId: T, url: receiver.url('/ruled'), secret, eventTypes: ['ORDER_STATUS', 'PARCEL_WHIN'], holderId: holder });

    // two real moves, as a cancel on the order screen makes them: ORDER_STATUS through the outbox
    const taiwan = await insertOrder(t.db, { tenantId: T, destinationCountry: 'TW' });
    const japan = await insertOrder(t.db, { tenantId: T, destinationCountry: 'JP' });
    for (const order of [taiwan, japan]) await t.db.transaction((tx) => moveOrder(tx, { ...order, status: 'CREATED' }, 'CANCEL', { source: 'MANUAL' }));
    await expectOnlyVisible(endpoint, '/ruled', 'orderNo', taiwan.orderNo, japan.orderNo);

    // parcels received at two warehouses, the holder's rule showing only one
    const shown = `SZ-${Date.now()}`;
    const other = `GZ-${Date.now()}`;
    await insertParcel(t.db, { tenantId: T, orderId: null, trackingNo: shown, status: 'IN_WAREHOUSE', warehouseCode: 'SZ01' });
    await insertParcel(t.db, { tenantId: T, orderId: null, trackingNo: other, status: 'IN_WAREHOUSE', warehouseCode: 'GZ01' });
    for (const [trackingNo, warehouseCode] of [[shown, 'SZ01'], [other, 'GZ01']] as const) {
      await t.db.transaction((tx) => emitParcelsReceived(tx, T, null, [{ trackingNo, weight: 900, warehouseCode, at: new Date() }]));
    }
    await expectOnlyVisible(endpoint, '/ruled', 'trackingNo', shown, other);
  });

  it("sends a recharge's and a refund's result only when the holder's rules show the row", async () => {
    const holder = await person(t.db, 'twd_watcher', ['wallet:recharge:list', 'wallet:refund:list']);
    await ruleOf(t.db, 'twd_watcher', 'wallet:recharge:list', 'transferCurrency', 'TWD');
    await ruleOf(t.db, 'twd_watcher', 'wallet:refund:list', 'currency', 'TWD');
    const endpoint = await insertEndpoint(t.db, { tenantId: T, url: receiver.url('/wallet-ruled'), secret, eventTypes: ['RECHARGE_RESULT', 'REFUND_RESULT'], holderId: holder });

    const stamp = Date.now();
    for (const currency of ['TWD', 'USD'] as const) {
      const recharge = { tenantId: T, rechargeNo: `RC-${currency}-${stamp}`, transferAmount: 10_000n, transferCurrency: currency, receivedCurrency: currency };
      await t.db.insert(recharges).values({ ...recharge, status: 'SUBMITTED', receivingAccountCode: 'TW-CTBC' });
      await t.db.transaction((tx) => emitRechargeResult(tx, recharge, 'REJECTED', { reason: 'no transfer found' }));
      const refund = { tenantId: T, refundNo: `RF-${currency}-${stamp}`, kind: 'BALANCE' as const, amount: 5_000n, currency };
      await t.db.insert(refunds).values(refund);
      await t.db.transaction((tx) => emitRefundResult(tx, refund, false, 'not verified'));
    }
    await expectOnlyVisible(endpoint, '/wallet-ruled', 'rechargeNo', `RC-TWD-${stamp}`, `RC-USD-${stamp}`);
    await expectOnlyVisible(endpoint, '/wallet-ruled', 'refundNo', `RF-TWD-${stamp}`, `RF-USD-${stamp}`);
  });
});
