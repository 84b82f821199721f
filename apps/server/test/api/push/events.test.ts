import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { PUSH_TYPES, type PushType } from '@portal/shared/open-api';
import { PUSH_EVENT_EXAMPLES, PUSH_EVENT_SCHEMAS } from '@portal/shared/push-events';
import type { OrderInput } from '@portal/shared/logistics-schemas';
import { orders } from '../../../src/db/schema/logistics.ts';
import { pushDeliveries, pushEndpoints, pushMessages } from '../../../src/db/schema/open-api.ts';
import { DEVELOPMENT_SECRET_KEY, encryptSecret } from '../../../src/lib/secret-box.ts';
import { walletLeg, platformLeg } from '../../../src/modules/finance/ledger/model.ts';
import { post as postJournal } from '../../../src/modules/finance/ledger/service.ts';
import { emitPushEvent } from '../../../src/lib/outbox.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { insertOrder, insertParcel } from '../../helpers/orders.ts';
import { shippedPurchase } from '../purchase/stock-fixtures.ts';
import { fundWallet, idempotencyHeaders, voucherUpload } from '../../helpers/wallet-client.ts';
import { referenceChanged } from '../../../src/lib/reference-memory.ts';

/*
 * The events of the existing flows: each real flow, driven through the API as
 * the demo users do, writes exactly one message of its type per change in the change's transaction,
 * with one delivery per enabled endpoint of the tenant that subscribes to the type.
 */

const W = '/platform-api/finance/virtualWallet';
const MERCHANT = 1;
const MERCHANT2 = 2;

/** Every type but TRACKING_EVENT: the "unsubscribed type" of these tests. */
const MOST = PUSH_TYPES.filter((type) => type !== 'TRACKING_EVENT');

const sampleOrder = (merchantOrderNo: string): OrderInput => ({
  merchantOrderNo,
  serviceType: 'BASE',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.', province: 'Taiwan', city: 'Taipei', district: 'Xinyi', town: 'Xicun', postcode: '110' },
  currency: 'CNY',
  items: [{ name: 'Bluetooth earphones', category: 'Electronics', quantity: 3, specifications: 'Black', material: 'Plastic', unitPrice: '19.99' }],
  weight: '1.250',
  remark: '',
});

describe(`pushed events of the existing flows (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let warehouse: string;
  let finance: string;
  /** tenant 1: `most` takes every type but TRACKING_EVENT, `orders` only ORDER_STATUS, `off` is disabled */
  const endpoint = { most: 0, orders: 0, off: 0, other: 0 };
  let mark = 0;

  const addEndpoint = async (tenantId: number, eventTypes: PushType[], enabled = true) => {
    const [row] = await t.db
      .insert(pushEndpoints)
      .values({ tenantId, url: `https://hooks.example.com/${tenantId}/${eventTypes.length}`, eventTypes, enabled, secretEnc: encryptSecret(DEVELOPMENT_SECRET_KEY, 'push', 'whsec_dGVzdA==') })
      .returning({ id: pushEndpoints.id });
    await referenceChanged(t.db, `pushEndpoints:${tenantId}`);
    return row!.id;
  };

  /** The messages written since the mark, with the endpoints each was delivered to. */
  const newMessages = async () => {
    const rows = await t.db.select().from(pushMessages).where(gt(pushMessages.id, mark)).orderBy(pushMessages.id);
    const deliveries = rows.length ? await t.db.select().from(pushDeliveries).where(inArray(pushDeliveries.messageId, rows.map((row) => row.id))) : [];
    return rows.map((row) => ({ ...row, endpoints: deliveries.filter((d) => d.messageId === row.id).map((d) => d.endpointId).sort((a, b) => a - b) }));
  };
  /** Exactly one new message of `type` (validated by its schema), and what it says. */
  const onlyOne = async (type: PushType) => {
    const messages = (await newMessages()).filter((message) => message.type === type);
    expect(messages, type).toHaveLength(1);
    const [message] = messages;
    expect(message!.tenantId).toBe(MERCHANT);
    const expected = type === 'ORDER_STATUS' ? [endpoint.most, endpoint.orders] : [endpoint.most];
    expect(message!.endpoints).toEqual(expected.sort((a, b) => a - b));
    return PUSH_EVENT_SCHEMAS[type].parse(message!.payload);
  };
  const call = (url: string, token: string, payload: object, withKey = false) =>
    t.call({ method: 'POST', url, token, payload, lang: 'en-US', headers: withKey ? idempotencyHeaders() : {} });

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, warehouse, finance] = await Promise.all(['merchant', 'merchant2', 'warehouse', 'finance'].map((name) => t.login(name))) as [string, string, string, string];
    endpoint.most = await addEndpoint(MERCHANT, MOST);
    endpoint.orders = await addEndpoint(MERCHANT, ['ORDER_STATUS']);
    endpoint.off = await addEndpoint(MERCHANT, [...PUSH_TYPES], false);
    endpoint.other = await addEndpoint(MERCHANT2, [...PUSH_TYPES]);
  });
  afterAll(() => t.close());
  /** From here on, only newer messages count. */
  const markNow = async () => {
    const [last] = await t.db.select({ id: pushMessages.id }).from(pushMessages).orderBy(desc(pushMessages.id)).limit(1);
    mark = last?.id ?? 0;
  };
  beforeEach(markNow);

  it('has a schema and a valid example for every type, and docs/push-events.md names each', () => {
    const doc = readFileSync(new URL('../../../../../docs/push-events.md', import.meta.url), 'utf8');
    for (const type of [...PUSH_TYPES, 'PING'] as const) {
      expect(() => PUSH_EVENT_SCHEMAS[type].parse(PUSH_EVENT_EXAMPLES[type]), type).not.toThrow();
      expect(doc, type).toContain(`\`${type}\``);
    }
  });

  it('tells of a new order (ORDER_STATUS to CREATED) but not its tracking event, which nobody enabled subscribes to', async () => {
    const created = ok<{ orderNo: string }>(await call('/api/logistics/order/add', merchant, sampleOrder('PUSH-NEW-1')));
    const data = await onlyOne('ORDER_STATUS');
    expect(data).toMatchObject({ orderNo: created.orderNo, merchantOrderNo: 'PUSH-NEW-1', from: null, to: 'CREATED' });
    // TRACKING_EVENT: the only endpoint wanting it is disabled
    expect((await newMessages()).map((message) => message.type)).toEqual(['ORDER_STATUS']);
  });

  it('tells of warehouse-in: the order status and the parcel received, nothing to merchant2', async () => {
    const order = await insertOrder(t.db, { tenantId: MERCHANT, merchantOrderNo: 'PUSH-WHIN' });
    await insertParcel(t.db, { tenantId: MERCHANT, orderId: order.id, trackingNo: 'SF-PUSH-0001' });
    ok(await call('/api/warehouse/parcel/receive', warehouse, { number: 'SF-PUSH-0001', warehouseCode: 'SZ01', weight: '1.2', length: '30', width: '20', height: '15' }));
    expect(await onlyOne('ORDER_STATUS')).toMatchObject({ orderNo: order.orderNo, merchantOrderNo: 'PUSH-WHIN', from: 'CREATED', to: 'WHIN' });
    expect(await onlyOne('PARCEL_WHIN')).toMatchObject({ trackingNo: 'SF-PUSH-0001', orderNo: order.orderNo, weight: '1.200', warehouseCode: 'SZ01' });
    expect((await newMessages()).every((message) => message.tenantId === MERCHANT)).toBe(true);
  });

  it('tells of ship-out, and nothing when the move is refused', async () => {
    const order = await insertOrder(t.db, { tenantId: MERCHANT, status: 'WHIN' });
    await insertParcel(t.db, { tenantId: MERCHANT, orderId: order.id, trackingNo: 'SF-PUSH-0002', status: 'IN_WAREHOUSE' });
    ok(await call('/api/warehouse/order/shipOut', warehouse, { orderNos: [order.orderNo], waybillNo: 'WB-PUSH-1' }));
    expect(await onlyOne('ORDER_STATUS')).toMatchObject({ orderNo: order.orderNo, from: 'WHIN', to: 'WHOUT' });
    expect(await onlyOne('PARCEL_WHOUT')).toMatchObject({ trackingNo: 'SF-PUSH-0002', orderNo: order.orderNo });

    // shipped again: refused (WHOUT -> WHOUT), so nothing is told
    await markNow();
    await call('/api/warehouse/order/shipOut', warehouse, { orderNos: [order.orderNo] });
    expect(await newMessages()).toEqual([]);
  });

  it('sends TRACKING_EVENT to an endpoint subscribed to it, with the carrier code and location', async () => {
    const tracking = await addEndpoint(MERCHANT, ['TRACKING_EVENT']);
    try {
      const order = await insertOrder(t.db, { tenantId: MERCHANT, status: 'WHOUT', waybillNo: 'WB-PUSH-2' });
      const occurredAt = new Date(Date.now() - 60_000).toISOString();
      ok(await call('/api/warehouse/tracking/add', warehouse, { orderNo: order.orderNo, occurredAt, location: 'Taipei', rawText: 'Arrived at hub', carrierCode: 'AR', source: 'CARRIER' }));
      const messages = await newMessages();
      expect(messages.map((message) => [message.type, message.endpoints])).toEqual([['TRACKING_EVENT', [tracking]]]);
      expect(PUSH_EVENT_SCHEMAS.TRACKING_EVENT.parse(messages[0]!.payload)).toMatchObject({ orderNo: order.orderNo, waybillNo: 'WB-PUSH-2', status: null, carrierCode: 'AR', location: 'Taipei', rawText: 'Arrived at hub', occurredAt });
    } finally {
      await t.db.delete(pushEndpoints).where(eq(pushEndpoints.id, tracking));
    }
  });

  it('tells of an exception raised by the warehouse and dealt with by the merchant', async () => {
    const order = await insertOrder(t.db, { tenantId: MERCHANT });
    const raised = ok<{ id: number; exceptionNo: string }>(await call('/api/warehouse/exception/add', warehouse, { orderNo: order.orderNo, type: 'DAMAGED', description: 'box crushed' }));
    expect(await onlyOne('EXCEPTION')).toMatchObject({ exceptionNo: raised.exceptionNo, orderNo: order.orderNo, type: 'DAMAGED', from: null, to: '0', description: 'box crushed' });
    await markNow();
    ok(await call('/api/logistics/collectionException/deal', merchant, { id: raised.id, resolution: 'RESHIP', remark: 'send it again' }));
    expect(await onlyOne('EXCEPTION')).toMatchObject({ exceptionNo: raised.exceptionNo, from: '0', to: '1', resolution: 'RESHIP', merchantRemark: 'send it again' });
    // dealt again: refused, nothing told
    await markNow();
    await call('/api/logistics/collectionException/deal', merchant, { id: raised.id, resolution: 'RESHIP', remark: '' });
    expect(await newMessages()).toEqual([]);
  });

  it("tells of a recharge confirmed by finance and of the wallet's change", async () => {
    const voucher = ok<{ id: number }>(await t.call({ method: 'POST', url: `${W}/recharge/credentials`, token: merchant, lang: 'en-US', ...voucherUpload() }));
    const submitted = ok<{ id: number; rechargeNo: string }>(
      await call(
        `${W}/recharge/submit`,
        merchant,
        { transferCurrency: 'CNY', transferAmount: '300.00', receivedCurrency: 'CNY', receivingAccountCode: 'CN-ICBC', payerName: 'Demo', payerAccount: '1', transferredAt: '2026-03-02T10:15:00+08:00', remark: '', voucherIds: [voucher.id], draft: false },
        true,
      ),
    );
    expect(await newMessages()).toEqual([]);
    ok(await call(`${W}/recharge/confirm/submit`, finance, { id: submitted.id, approve: true, reason: '' }, true));
    expect(await onlyOne('RECHARGE_RESULT')).toMatchObject({ rechargeNo: submitted.rechargeNo, result: 'CONFIRMED', transferAmount: '300.00', creditedAmount: '300.00', creditedCurrency: 'CNY' });
    const wallet = await onlyOne('WALLET_CHANGE');
    expect(wallet).toMatchObject({ currency: 'CNY', amount: '300.00', journalKind: 'RECHARGE', refNo: submitted.rechargeNo });
  });

  it('tells of a refund rejected, with the reason, and moves no wallet', async () => {
    await fundWallet(t.db, 'HKD', 10_000n, MERCHANT);
    const refund = ok<{ id: number; refundNo: string }>(
      await call(`${W}/refund/submit`, merchant, { kind: 'BALANCE', currency: 'HKD', amount: '20.00', payeeName: 'A', payeeAccount: '1', payeeBank: 'B', reason: 'close' }, true),
    );
    await markNow();
    ok(await call(`${W}/refund/verify`, finance, { id: refund.id, approve: false, reason: 'wrong account' }, true));
    expect(await onlyOne('REFUND_RESULT')).toMatchObject({ refundNo: refund.refundNo, kind: 'BALANCE', result: 'REJECTED', amount: '20.00', currency: 'HKD', reason: 'wrong account' });
    expect((await newMessages()).map((message) => message.type)).toEqual(['REFUND_RESULT']);
  });

  it('tells of a pick-up batch made and made ready, with its order moving to WAIT_COLLECT', async () => {
    const order = await insertOrder(t.db, { tenantId: MERCHANT });
    const expectedPickupAt = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const batch = ok<{ id: number; batchNo: string }>(
      await call('/api/logistics/pickupBatch/add', merchant, { orderIds: [order.id], expectedPickupAt, contactName: 'Chen', contactPhone: '0912000001', pickupAddress: 'Dock 1', remark: '' }),
    );
    expect(await onlyOne('PICKUP_STATUS')).toMatchObject({ batchNo: batch.batchNo, from: null, to: 'WAIT_PREPARE_GOODS' });
    await markNow();
    ok(await call('/api/logistics/pickupBatch/ready', merchant, { id: batch.id }));
    expect(await onlyOne('PICKUP_STATUS')).toMatchObject({ batchNo: batch.batchNo, from: 'WAIT_PREPARE_GOODS', to: 'WAIT_TAKE_GOODS' });
    expect(await onlyOne('ORDER_STATUS')).toMatchObject({ orderNo: order.orderNo, from: 'CREATED', to: 'WAIT_COLLECT' });
    // ready again: refused, nothing told
    await markNow();
    await call('/api/logistics/pickupBatch/ready', merchant, { id: batch.id });
    expect(await newMessages()).toEqual([]);
  });

  it('tells of a payment taking money out of the wallet (a negative WALLET_CHANGE with the balance after)', async () => {
    const order = await insertOrder(t.db, { tenantId: MERCHANT, status: 'WHIN' });
    await t.db.update(orders).set({ freightCharge: 1_250n, freightCurrency: 'TWD' }).where(eq(orders.id, order.id));
    await fundWallet(t.db, 'TWD', 10_000n, MERCHANT);
    await markNow();
    ok(await call(`${W}/payment/submit`, merchant, { orderIds: [order.id], draft: false }, true));
    expect(await onlyOne('WALLET_CHANGE')).toMatchObject({ currency: 'TWD', amount: '-12.50', balance: '87.50', journalKind: 'PAYMENT' });
  });

  it('tells of a purchase order received into stock at the warehouse', async () => {
    const purchase = await shippedPurchase(t.db, { tenantId: MERCHANT, expressNo: 'SF-PUSH-PUR-1' });
    ok(await call('/api/warehouse/purchase/receive', warehouse, { expressNo: 'SF-PUSH-PUR-1', warehouseCode: 'GZ01' }));
    expect(await onlyOne('PURCHASE_STATUS')).toMatchObject({ purchaseNo: purchase.purchaseNo, from: 'SELLER_SHIPPED', to: 'IN_STOCK' });
  });

  it("tells merchant2's endpoint of merchant2's changes only", async () => {
    ok(await call('/api/logistics/order/add', merchant2, sampleOrder('PUSH-M2')));
    const messages = await newMessages();
    expect(messages.map((message) => [message.tenantId, message.type, message.endpoints])).toEqual([
      [MERCHANT2, 'ORDER_STATUS', [endpoint.other]],
      [MERCHANT2, 'TRACKING_EVENT', [endpoint.other]],
    ]);
  });

  it('writes nothing when the transaction that emitted rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await postJournal(tx, { tenantId: MERCHANT, kind: 'RECHARGE', refNo: 'RCROLLBACK', createdBy: null }, [platformLeg('BANK', 'USD', -100n), walletLeg(MERCHANT, 'USD', 100n)]);
        expect(await emitPushEvent(tx, { tenantId: MERCHANT, type: 'ORDER_STATUS', data: PUSH_EVENT_EXAMPLES.ORDER_STATUS })).toBe(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await newMessages()).toEqual([]);
    expect(await t.db.select().from(pushDeliveries).where(and(eq(pushDeliveries.tenantId, MERCHANT), gt(pushDeliveries.messageId, mark)))).toEqual([]);
  });
});
