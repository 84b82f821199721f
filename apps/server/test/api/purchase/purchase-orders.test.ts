import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, convertMinor, currencyFromMinor } from '@portal/shared/money';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { PurchaseOrderRecord, QueueDetail } from '@portal/shared/purchasing-schemas';
import { payOrders, refunds } from '../../../src/db/schema/finance.ts';
import { purchaseOrders } from '../../../src/db/schema/purchase.ts';
import { returnToWallet } from '../../../src/modules/purchase/purchase-order/settlement.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { moneyAndPurchaseDigest, paidPreOrder, scriptedPlatforms, unpaidTopUps, walletOf, type FixtureLine, type PaidPreOrder } from './buying-fixtures.ts';

/*
 * Purchase orders: the queue, the split, the state machine, settlement through the
 * ledger in CNY and in another wallet currency, top-ups, cancellations, timeouts and the reconciliation
 * pass, and who may see what.
 */

const { platforms, script } = scriptedPlatforms();
let t: TestApp;
const tokens = { purchaser: '', admin: '', merchant: '', merchant2: '' };

const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url: `/api${url}`, token, payload, lang: 'en-US' });
const get = (url: string, token: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api${url}`, token, query, lang: 'en-US' });

const TWO_SELLERS: FixtureLine[] = [
  { sellerId: 'S100', unitPrice: 1990n, quantity: 2, expressFee: 800n },
  { sellerId: 'S200', unitPrice: 4550n, quantity: 1, expressFee: 1000n },
  { sellerId: 'S100', unitPrice: 350n, quantity: 3, expressFee: 600n },
];

/** A paid pre-order, taken by the purchaser and split one order per seller. */
async function split(lines: FixtureLine[] = TWO_SELLERS, options: { currency?: 'CNY' | 'HKD'; rate?: string; tenantId?: number } = {}): Promise<{ pre: PaidPreOrder; orders: PurchaseOrderRecord[] }> {
  const pre = await paidPreOrder(t.db, { lines, ...options });
  ok(await post('/purchasing/queue/take', tokens.purchaser, { tenantId: pre.tenantId, id: pre.id }));
  const detail = ok<QueueDetail>(await post('/purchasing/queue/split', tokens.purchaser, { tenantId: pre.tenantId, id: pre.id }));
  return { pre, orders: detail.purchaseOrders };
}

const minor = (text: string | null) => BigInt(Math.round(Number(text ?? '0') * 100));
const estimateOf = (order: PurchaseOrderRecord) => minor(order.purchaseAmount) + minor(order.estimatedExpressFee);
const cny = (fen: bigint) => currencyFromMinor(fen, 'CNY');

async function confirm(order: PurchaseOrderRecord, actual: bigint, tenantId = 1) {
  return post('/purchasing/order/confirm', tokens.purchaser, { tenantId, id: order.id, externalPurchaseNo: `EXT-${order.purchaseNo}`, platformOrderId: '', domesticExpressFee: '0', actualPaymentAmount: cny(actual) });
}

async function detailOf(pre: PaidPreOrder): Promise<QueueDetail> {
  return ok<QueueDetail>(await get('/purchasing/queue/detail', tokens.purchaser, { tenantId: String(pre.tenantId), id: String(pre.id) }));
}

describe(`purchase orders (${testDbKind()})`, () => {
  beforeAll(async () => {
    t = await createTestApp({ purchasePlatforms: platforms });
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await t.login(name);
  });
  afterAll(() => t?.close());

  describe('the queue', () => {
    it('lists paid pre-orders of every tenant, oldest payment first, and lets one purchaser take each', async () => {
      const first = await paidPreOrder(t.db, { lines: TWO_SELLERS });
      const second = await paidPreOrder(t.db, { tenantId: 2, lines: TWO_SELLERS, platform: '1688' });
      const page = ok<{ records: { id: number; tenantId: number; preOrderNo: string; status: string }[] }>(await get('/purchasing/queue/list', tokens.purchaser, { pageSize: '200' }));
      const numbers = page.records.map((record) => record.preOrderNo);
      expect(numbers.indexOf(first.preOrderNo)).toBeGreaterThanOrEqual(0);
      expect(numbers.indexOf(first.preOrderNo)).toBeLessThan(numbers.indexOf(second.preOrderNo));
      const filtered = ok<{ records: { preOrderNo: string }[] }>(await get('/purchasing/queue/list', tokens.purchaser, { tenantId: '2', platform: '1688', preOrderNo: second.preOrderNo.slice(0, 8).toLowerCase() }));
      expect(filtered.records.map((record) => record.preOrderNo)).toEqual([second.preOrderNo]);

      const taken = ok<QueueDetail>(await post('/purchasing/queue/take', tokens.purchaser, { tenantId: 1, id: first.id }));
      expect(taken).toMatchObject({ status: 'PURCHASING', purchaser: expect.any(String) });
      expect(taken.lines).toHaveLength(3);
      // taking it again is harmless; another purchaser is refused and changes nothing
      ok(await post('/purchasing/queue/take', tokens.purchaser, { tenantId: 1, id: first.id }));
      const before = await moneyAndPurchaseDigest(t.db);
      expect(refused(await post('/purchasing/queue/take', tokens.admin, { tenantId: 1, id: first.id }), 409)).toContain(first.preOrderNo);
      expect(refused(await post('/purchasing/queue/split', tokens.admin, { tenantId: 1, id: first.id }), 409)).toContain('purchaser');
      expect(await moneyAndPurchaseDigest(t.db)).toBe(before);
      // an id of another tenant is 404
      refused(await post('/purchasing/queue/take', tokens.purchaser, { tenantId: 2, id: first.id + 1_000_000 }), 404);
    });

    it('splits one order per seller by default, the express fee shared exactly', async () => {
      const { pre, orders } = await split();
      expect(orders.map((order) => order.sellerId)).toEqual(['S100', 'S200']);
      expect(orders.map((order) => order.status)).toEqual(['PLACING', 'PLACING']);
      expect(orders.map((order) => order.purchaseAmount)).toEqual(['50.30', '45.50']);
      expect(orders.reduce((sum, order) => sum + minor(order.estimatedExpressFee), 0n)).toBe(1800n);
      expect(orders.every((order) => /^PC\d{6}\d{8}$/.test(order.purchaseNo))).toBe(true);
      expect(orders[0]?.lines.map((line) => line.quantity)).toEqual([2, 3]);
      // once only
      refused(await post('/purchasing/queue/split', tokens.purchaser, { tenantId: 1, id: pre.id }), 409);
    });

    it('refuses a split that does not cover every line exactly once, changing nothing', async () => {
      const pre = await paidPreOrder(t.db, { lines: TWO_SELLERS });
      ok(await post('/purchasing/queue/take', tokens.purchaser, { tenantId: 1, id: pre.id }));
      const [a, b, c] = pre.lineIds as [number, number, number];
      const before = await moneyAndPurchaseDigest(t.db);
      const bad = [
        { name: 'a line short', orders: [{ lines: [{ lineId: a, quantity: 1 }, { lineId: c, quantity: 3 }] }, { lines: [{ lineId: b, quantity: 1 }] }], says: 'needs 2' },
        { name: 'a line over', orders: [{ lines: [{ lineId: a, quantity: 2 }, { lineId: c, quantity: 3 }] }, { lines: [{ lineId: a, quantity: 1 }] }, { lines: [{ lineId: b, quantity: 1 }] }], says: 'needs 2' },
        { name: 'a line missing', orders: [{ lines: [{ lineId: a, quantity: 2 }] }, { lines: [{ lineId: b, quantity: 1 }] }], says: 'Line 3' },
        { name: 'a foreign line', orders: [{ lines: [{ lineId: a, quantity: 2 }, { lineId: c, quantity: 3 }, { lineId: 999_999_999, quantity: 1 }] }, { lines: [{ lineId: b, quantity: 1 }] }], says: '999999999' },
        { name: 'two sellers in one', orders: [{ lines: [{ lineId: a, quantity: 2 }, { lineId: b, quantity: 1 }, { lineId: c, quantity: 3 }] }], says: 'one seller' },
        { name: 'a line twice in one', orders: [{ lines: [{ lineId: a, quantity: 1 }, { lineId: a, quantity: 1 }, { lineId: c, quantity: 3 }] }, { lines: [{ lineId: b, quantity: 1 }] }], says: 'twice' },
      ];
      for (const attempt of bad) {
        const message = refused(await post('/purchasing/queue/split', tokens.purchaser, { tenantId: 1, id: pre.id, orders: attempt.orders }), 400);
        expect(message, attempt.name).toContain(attempt.says);
      }
      expect(await moneyAndPurchaseDigest(t.db)).toBe(before);
      // a seller's goods in two orders: the seller's express share is divided between them, the sum still exact
      const detail = ok<QueueDetail>(
        await post('/purchasing/queue/split', tokens.purchaser, {
          tenantId: 1,
          id: pre.id,
          orders: [{ lines: [{ lineId: a, quantity: 1 }] }, { lines: [{ lineId: a, quantity: 1 }, { lineId: c, quantity: 3 }] }, { lines: [{ lineId: b, quantity: 1 }] }],
        }),
      );
      expect(detail.purchaseOrders).toHaveLength(3);
      expect(detail.purchaseOrders.reduce((sum, order) => sum + minor(order.estimatedExpressFee), 0n)).toBe(1800n);
      expect(detail.purchaseOrders.reduce((sum, order) => sum + minor(order.purchaseAmount), 0n)).toBe(2n * 1990n + 4550n + 3n * 350n);
    });
  });

  describe('settlement', () => {
    it('returns exactly 3.20 CNY when two purchase orders cost 3.20 less, and closes the pre-order', async () => {
      const { pre, orders } = await split();
      const [first, second] = orders as [PurchaseOrderRecord, PurchaseOrderRecord];
      const before = await walletOf(t.db, 1, 'CNY');
      ok(await confirm(first, estimateOf(first) - 120n));
      ok(await confirm(second, estimateOf(second) - 200n));
      expect((await walletOf(t.db, 1, 'CNY')) - before).toBe(320n);
      const detail = await detailOf(pre);
      expect(detail.status).toBe('DONE');
      expect(minor(detail.actualAmount)).toBe(estimateOf(first) + estimateOf(second) - 320n);
      expect(detail.purchaseOrders.every((order) => order.settledAt !== null && order.status === 'PURCHASED')).toBe(true);
      const [payOrder] = await t.db.select().from(payOrders).where(and(eq(payOrders.source, 'PURCHASE'), eq(payOrders.sourceId, pre.goodsChargeId)));
      expect(payOrder?.refunded).toBe(320n);
    });

    it('returns a lower cost paid in HKD at the charge’s rate, half to even, and never more than was paid', async () => {
      const rate = '1.0875';
      const { pre, orders } = await split(TWO_SELLERS, { currency: 'HKD', rate });
      const [first, second] = orders as [PurchaseOrderRecord, PurchaseOrderRecord];
      const before = await walletOf(t.db, 1, 'HKD');
      ok(await confirm(first, estimateOf(first) - 333n));
      // 3.33 CNY × 1.0875 = 3.621375 HKD: 3.62
      const expected = convertMinor(333n, CURRENCY_EXPONENTS.CNY, CURRENCY_EXPONENTS.HKD, rate).amount;
      expect(expected).toBe(362n);
      expect((await walletOf(t.db, 1, 'HKD')) - before).toBe(expected);
      const rows = await t.db.select().from(refunds).where(sql`${refunds.reason} like ${`${first.purchaseNo}%`}`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'CHARGE', status: 'APPROVED', currency: 'HKD', amount: 362n });
      // 0.10 CNY × 1.0875 = 0.10875: 0.11 (half to even at the cent)
      ok(await confirm(second, estimateOf(second) - 10n));
      expect((await walletOf(t.db, 1, 'HKD')) - before).toBe(362n + 11n);
      // what the pay order still holds caps a return: asking for far more gives back only that
      const [payOrder] = await t.db.select().from(payOrders).where(and(eq(payOrders.source, 'PURCHASE'), eq(payOrders.sourceId, pre.goodsChargeId)));
      const holds = (payOrder?.amount ?? 0n) - (payOrder?.refunded ?? 0n);
      const left = await t.db.transaction((tx) => returnToWallet(tx, { tenantId: 1, preOrderId: pre.id, purchaseNo: first.purchaseNo }, pre.total * 2n, 'cap test', { userId: null }));
      expect(left).toBeGreaterThan(0n);
      const [after] = await t.db.select().from(payOrders).where(and(eq(payOrders.source, 'PURCHASE'), eq(payOrders.sourceId, pre.goodsChargeId)));
      expect(after?.refunded).toBe(payOrder?.amount);
      expect((await walletOf(t.db, 1, 'HKD')) - before).toBe(362n + 11n + holds);
    });

    it('raises a top-up the merchant sees when the goods cost more', async () => {
      const { pre, orders } = await split();
      const [first] = orders as [PurchaseOrderRecord];
      const before = await walletOf(t.db, 1, 'CNY');
      ok(await confirm(first, estimateOf(first) + 500n));
      expect(await walletOf(t.db, 1, 'CNY')).toBe(before);
      const topUps = await unpaidTopUps(t.db, 1, pre.id);
      expect(topUps).toEqual([{ id: expect.any(Number), amount: 500n, purchaseOrderId: first.id }]);
      const mine = ok<PurchaseOrderRecord>(await get('/purchase/taobao/order/detail', tokens.merchant, { id: String(first.id) }));
      expect(mine).toMatchObject({ topUpAmount: '5.00', topUpStatus: 'UNPAID', status: 'PURCHASED' });
    });

    it('a cancelled pre-order returns everything paid, and cancelling each order returns its share', async () => {
      const { pre } = await split(TWO_SELLERS, { currency: 'HKD', rate: '1.0875' });
      const before = await walletOf(t.db, 1, 'HKD');
      script.place = 'timeout';
      const detail = await detailOf(pre);
      ok(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: detail.purchaseOrders[0]?.id }));
      const cancelled = ok<QueueDetail>(await post('/purchasing/queue/cancel', tokens.purchaser, { tenantId: 1, id: pre.id, reason: 'merchant asked by phone' }));
      expect(cancelled.status).toBe('CANCELLED');
      expect(cancelled.purchaseOrders.map((order) => order.status)).toEqual(['CANCELLED', 'CANCELLED']);
      expect((await walletOf(t.db, 1, 'HKD')) - before).toBe(pre.payAmount);

      // order by order: the first returns its estimate and fee share at the rate, the last everything left
      const { pre: other, orders } = await split(TWO_SELLERS, { currency: 'HKD', rate: '1.0875' });
      const [first, second] = orders as [PurchaseOrderRecord, PurchaseOrderRecord];
      const start = await walletOf(t.db, 1, 'HKD');
      ok(await post('/purchasing/order/cancel', tokens.purchaser, { tenantId: 1, id: first.id, outOfStock: true, reason: 'sold out' }));
      const goods = 2n * 1990n + 4550n + 3n * 350n;
      const fee = ((goods * 5n) / 100n < 500n ? 500n : (goods * 5n) / 100n) * minor(first.purchaseAmount) / goods;
      expect((await walletOf(t.db, 1, 'HKD')) - start).toBe(convertMinor(estimateOf(first) + fee, 2, 2, '1.0875').amount);
      ok(await post('/purchasing/order/cancel', tokens.purchaser, { tenantId: 1, id: second.id, outOfStock: false, reason: 'seller closed' }));
      expect((await walletOf(t.db, 1, 'HKD')) - start).toBe(other.payAmount);
      const closed = await detailOf(other);
      expect(closed.purchaseOrders.map((order) => order.status)).toEqual(['OUT_OF_STOCK', 'CANCELLED']);
      expect(closed.status).toBe('DONE');
    });

    it('refuses to cancel a pre-order once something of it is bought', async () => {
      const { pre, orders } = await split();
      ok(await confirm(orders[0] as PurchaseOrderRecord, estimateOf(orders[0] as PurchaseOrderRecord)));
      const before = await moneyAndPurchaseDigest(t.db);
      expect(refused(await post('/purchasing/queue/cancel', tokens.purchaser, { tenantId: 1, id: pre.id, reason: 'too late' }), 409)).toContain(orders[0]?.purchaseNo);
      expect(await moneyAndPurchaseDigest(t.db)).toBe(before);
    });
  });

  describe('placing and reconciling', () => {
    it('a confirmed placement settles at once', async () => {
      script.place = 'confirm';
      script.delta = -50n;
      const { orders } = await split([{ sellerId: 'S300', unitPrice: 1000n, quantity: 1, expressFee: 0n }]);
      const before = await walletOf(t.db, 1, 'CNY');
      const placed = ok<PurchaseOrderRecord>(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: orders[0]?.id }));
      expect(placed).toMatchObject({ status: 'PURCHASED', externalPurchaseNo: `EXT${placed.purchaseNo}`, actualPaymentAmount: '9.50' });
      expect((await walletOf(t.db, 1, 'CNY')) - before).toBe(50n);
      script.delta = 0n;
    });

    it('a timeout never refunds; the reconciliation then confirms one and closes another', async () => {
      script.place = 'timeout';
      const { orders } = await split();
      const [first, second] = orders as [PurchaseOrderRecord, PurchaseOrderRecord];
      const before = await walletOf(t.db, 1, 'CNY');
      const refundsBefore = (await t.db.select({ id: refunds.id }).from(refunds)).length;
      for (const order of orders) expect(ok<PurchaseOrderRecord>(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: order.id })).status).toBe('AWAITING_CONFIRMATION');
      expect(await walletOf(t.db, 1, 'CNY')).toBe(before);
      expect((await t.db.select({ id: refunds.id }).from(refunds)).length).toBe(refundsBefore);

      // the platform knows nothing yet: both wait, asked
      ok(await post('/purchasing/order/reconcile', tokens.purchaser, {}));
      const waiting = await t.db.select({ status: purchaseOrders.status, reconciledAt: purchaseOrders.reconciledAt }).from(purchaseOrders).where(eq(purchaseOrders.id, first.id));
      expect(waiting[0]?.status).toBe('AWAITING_CONFIRMATION');
      expect(waiting[0]?.reconciledAt).not.toBeNull();
      expect(await walletOf(t.db, 1, 'CNY')).toBe(before);

      script.found.set(first.purchaseNo, { externalPurchaseNo: 'X1', platformOrderId: 'T1', state: 'CONFIRMED', actualPaymentAmount: estimateOf(first) - 100n, domesticExpressFee: 0n, expressCompany: null, expressNo: null });
      script.found.set(second.purchaseNo, { externalPurchaseNo: 'X2', platformOrderId: 'T2', state: 'CLOSED', actualPaymentAmount: null, domesticExpressFee: null, expressCompany: null, expressNo: null });
      const result = ok<{ purchased: number; cancelled: number }>(await post('/purchasing/order/reconcile', tokens.purchaser, {}));
      expect(result.purchased).toBeGreaterThanOrEqual(1);
      expect(result.cancelled).toBeGreaterThanOrEqual(1);
      const after = ok<PurchaseOrderRecord>(await get('/purchase/taobao/order/detail', tokens.merchant, { id: String(first.id) }));
      expect(after).toMatchObject({ status: 'PURCHASED', externalPurchaseNo: 'X1' });
      const closed = ok<PurchaseOrderRecord>(await get('/purchase/taobao/order/detail', tokens.merchant, { id: String(second.id) }));
      expect(closed.status).toBe('CANCELLED');
      expect((await walletOf(t.db, 1, 'CNY')) - before).toBeGreaterThan(100n + estimateOf(second));
    });

    it('a refusal of the platform is 409 and a throttled one 503, changing nothing', async () => {
      const { orders } = await split();
      const before = await moneyAndPurchaseDigest(t.db);
      script.place = 'refused';
      expect(refused(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: orders[0]?.id }), 409)).toContain('item off the shelf');
      script.place = 'throttled';
      refused(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: orders[0]?.id }), 503);
      expect(await moneyAndPurchaseDigest(t.db)).toBe(before);
      script.place = 'confirm';
    });

    it('settles once when the confirmation and the reconciliation race', async () => {
      script.place = 'wait';
      const { orders } = await split([{ sellerId: 'S400', unitPrice: 5000n, quantity: 2, expressFee: 500n }]);
      const order = orders[0] as PurchaseOrderRecord;
      ok(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: order.id }));
      script.found.set(order.purchaseNo, { externalPurchaseNo: 'R1', platformOrderId: 'T9', state: 'CONFIRMED', actualPaymentAmount: estimateOf(order) - 77n, domesticExpressFee: 500n, expressCompany: null, expressNo: null });
      const before = await walletOf(t.db, 1, 'CNY');
      const answers = await Promise.all([confirm(order, estimateOf(order) - 77n), post('/purchasing/order/reconcile', tokens.purchaser, {}), confirm(order, estimateOf(order) - 77n), post('/purchasing/order/reconcile', tokens.purchaser, {})]);
      expect(answers.map((answer) => answer.statusCode).every((code) => code === 200 || code === 409)).toBe(true);
      expect((await walletOf(t.db, 1, 'CNY')) - before).toBe(77n);
      expect(await t.db.select({ id: refunds.id }).from(refunds).where(sql`${refunds.reason} like ${`${order.purchaseNo}%`}`)).toHaveLength(1);
      script.place = 'confirm';
    });
  });

  describe('the state machine', () => {
    /** One order in each status, made through the API where one exists (IN_STOCK is the warehouse's, set directly). */
    async function orderIn(status: PurchaseOrderStatus): Promise<PurchaseOrderRecord> {
      const { orders } = await split([{ sellerId: `SM${status}`, unitPrice: 2000n, quantity: 1, expressFee: 300n }]);
      const order = orders[0] as PurchaseOrderRecord;
      const key = { tenantId: 1, id: order.id };
      if (status === 'AWAITING_CONFIRMATION') {
        script.place = 'wait';
        ok(await post('/purchasing/order/place', tokens.purchaser, key));
      }
      if (['PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'REFUNDED'].includes(status)) ok(await confirm(order, estimateOf(order)));
      if (status === 'SELLER_SHIPPED' || status === 'IN_STOCK') ok(await post('/purchasing/order/ship', tokens.purchaser, { ...key, expressCompany: 'SF', expressNo: `SF${order.id}` }));
      if (status === 'IN_STOCK') await t.db.update(purchaseOrders).set({ status: 'IN_STOCK' }).where(and(eq(purchaseOrders.tenantId, 1), eq(purchaseOrders.id, order.id)));
      if (status === 'CANCELLED' || status === 'OUT_OF_STOCK' || status === 'REFUNDED') ok(await post('/purchasing/order/cancel', tokens.purchaser, { ...key, outOfStock: status === 'OUT_OF_STOCK', reason: 'test' }));
      script.place = 'confirm';
      return ok<PurchaseOrderRecord>(await get('/purchase/taobao/order/detail', tokens.merchant, { id: String(order.id) }));
    }

    const ALLOWED: Record<'place' | 'confirm' | 'ship' | 'cancel', PurchaseOrderStatus[]> = {
      place: ['PLACING'],
      confirm: ['PLACING', 'AWAITING_CONFIRMATION'],
      ship: ['PURCHASED'],
      cancel: ['PLACING', 'AWAITING_CONFIRMATION', 'PURCHASED', 'SELLER_SHIPPED'],
    };
    const STATUSES: PurchaseOrderStatus[] = ['PLACING', 'AWAITING_CONFIRMATION', 'PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'CANCELLED', 'OUT_OF_STOCK', 'REFUNDED'];

    it.each(STATUSES)('refuses every move the machine does not allow from %s with 409, changing nothing', async (status) => {
      const order = await orderIn(status);
      expect(order.status).toBe(status);
      const key = { tenantId: 1, id: order.id };
      const bodies = {
        place: key,
        confirm: { ...key, externalPurchaseNo: 'E1', platformOrderId: '', domesticExpressFee: '0', actualPaymentAmount: '1.00' },
        ship: { ...key, expressCompany: 'SF', expressNo: 'SF1' },
        cancel: { ...key, outOfStock: false, reason: 'no' },
      };
      for (const action of Object.keys(ALLOWED) as (keyof typeof ALLOWED)[]) {
        if (ALLOWED[action].includes(status)) continue;
        const before = await moneyAndPurchaseDigest(t.db);
        const message = refused(await post(`/purchasing/order/${action}`, tokens.purchaser, bodies[action]), 409);
        expect(message, `${action} from ${status}`).toContain(order.purchaseNo);
        expect(await moneyAndPurchaseDigest(t.db)).toBe(before);
      }
    });
  });

  describe('who sees what', () => {
    it('merchants see and cancel only their own purchase orders, of the right platform', async () => {
      const { orders } = await split();
      const [first, second] = orders as [PurchaseOrderRecord, PurchaseOrderRecord];
      const mine = ok<{ records: PurchaseOrderRecord[] }>(await get('/purchase/taobao/order/list', tokens.merchant, { purchaseNo: first.purchaseNo }));
      expect(mine.records.map((record) => record.id)).toEqual([first.id]);
      expect(ok<{ records: PurchaseOrderRecord[] }>(await get('/purchase/1688/order/list', tokens.merchant, { purchaseNo: first.purchaseNo })).records).toEqual([]);
      const theirs = ok<{ records: PurchaseOrderRecord[] }>(await get('/purchase/taobao/order/list', tokens.merchant2, { pageSize: '200' }));
      expect(theirs.records.map((record) => record.purchaseNo)).not.toContain(first.purchaseNo);
      const before = await moneyAndPurchaseDigest(t.db);
      refused(await get('/purchase/taobao/order/detail', tokens.merchant2, { id: String(first.id) }), 404);
      refused(await post('/purchase/taobao/order/cancel', tokens.merchant2, { id: first.id }), 404);
      refused(await post('/purchase/taobao/order/sync', tokens.merchant2, { id: first.id }), 404);
      refused(await get('/purchase/1688/order/detail', tokens.merchant, { id: String(first.id) }), 404);
      expect(await moneyAndPurchaseDigest(t.db)).toBe(before);

      // the merchant cancels one not placed yet; a placed one is 409
      const walletBefore = await walletOf(t.db, 1, 'CNY');
      expect(ok<PurchaseOrderRecord>(await post('/purchase/taobao/order/cancel', tokens.merchant, { id: first.id })).status).toBe('CANCELLED');
      expect(await walletOf(t.db, 1, 'CNY')).toBeGreaterThan(walletBefore);
      script.place = 'wait';
      ok(await post('/purchasing/order/place', tokens.purchaser, { tenantId: 1, id: second.id }));
      script.place = 'confirm';
      refused(await post('/purchase/taobao/order/cancel', tokens.merchant, { id: second.id }), 409);
      expect(ok<PurchaseOrderRecord>(await post('/purchase/taobao/order/sync', tokens.merchant, { id: second.id })).status).toBe('AWAITING_CONFIRMATION');

      const sheet = await readXlsx(await get('/purchase/taobao/order/exportXls', tokens.merchant, { purchaseNo: second.purchaseNo }));
      expect(sheet.rows.flat()).toContain(second.purchaseNo);
      const all = await readXlsx(await get('/purchasing/order/exportXls', tokens.purchaser, { purchaseNo: second.purchaseNo }));
      expect(all.rows.flat()).toContain(second.purchaseNo);
    });

    it('refuses merchants the platform routes and the purchaser the merchant routes', async () => {
      refused(await get('/purchasing/queue/list', tokens.merchant), 403);
      refused(await get('/purchasing/order/list', tokens.merchant), 403);
      refused(await post('/purchasing/order/reconcile', tokens.merchant, {}), 403);
      refused(await get('/purchase/taobao/order/list', tokens.purchaser), 403);
      refused(await post('/purchase/1688/order/cancel', tokens.purchaser, { id: 1 }), 403);
    });
  });
});
