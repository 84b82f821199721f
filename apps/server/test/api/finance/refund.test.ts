import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { currencyFromMinor, type CurrencyCode } from '@portal/shared/money';
import type { PaymentRecord, PayOrderRecord, RefundRecord } from '@portal/shared/finance-schemas';
import { journals, payOrders, refunds } from '../../../src/db/schema/finance.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { roles, userRoles, users, userTenants } from '../../../src/db/schema/sys.ts';
import { fundWallet, idempotencyHeaders, newKey, walletBalanceOf } from '../../helpers/wallet-client.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { insertOrder } from '../../helpers/orders.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const W = '/platform-api/finance/virtualWallet';
const R = '/platform-api/finance/review/refund';

describe(`refunds (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, merchant2, staff, finance] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('finance')]);
  });
  afterAll(() => t.close());

  const call = (url: string, token: string, payload: object, options: { key?: string | null; lang?: string; tenant?: number } = {}) =>
    t.call({
      method: 'POST',
      url,
      token,
      payload,
      lang: options.lang ?? 'en-US',
      tenant: options.tenant,
      headers: idempotencyHeaders(options.key),
    });
  const fund = (currency: CurrencyCode, minor: bigint, tenantId = 1) => fundWallet(t.db, currency, minor, tenantId);
  const balance = (currency: CurrencyCode, tenantId = 1) => walletBalanceOf(t.db, currency, tenantId);
  /** A paid charge of tenant 1: an order charged `minor`, paid through the API. */
  const paidCharge = async (minor: bigint, currency: CurrencyCode = 'CNY'): Promise<{ payOrderNo: string; orderNo: string }> => {
    const order = await insertOrder(t.db, { tenantId: 1, status: 'WHIN' });
    await t.db.update(orders).set({ freightCharge: minor, freightCurrency: currency }).where(eq(orders.id, order.id));
    await fund(currency, minor);
    const paid = ok<PaymentRecord>(await call(`${W}/payment/submit`, merchant, { orderIds: [order.id], draft: false }));
    return { payOrderNo: paid.lines[0]!.payOrderNo!, orderNo: order.orderNo };
  };
  const balanceRefund = (amount: string, currency: CurrencyCode = 'CNY', token = merchant, options: { key?: string; tenant?: number } = {}) =>
    call(`${W}/refund/submit`, token, { kind: 'BALANCE', currency, amount, payeeName: '陳大文', payeeAccount: '6222 0000 1111', payeeBank: 'ICBC Shenzhen', reason: 'closing the wallet' }, options);
  const chargeRefund = (payOrderNo: string, amount: string, token = merchant) => call(`${W}/refund/submit`, token, { kind: 'CHARGE', payOrderNo, amount, reason: 'parcel lost' });
  const verify = (id: number, approve: boolean, reason = '', token = finance) => call(`${W}/refund/verify`, token, { id, approve, reason });
  const refundRow = async (id: number) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const payOrdersPage = async (token = merchant, body: object = {}) => ok<Page<PayOrderRecord>>(await call(`${W}/refund/payOrders`, token, { pageSize: 200, ...body }, { key: null }));

  describe('balance refunds', () => {
    it('moves nothing at submission and takes the money out of the wallet when finance verifies', async () => {
      await fund('HKD', 20_000n);
      const submitted = ok<RefundRecord>(await balanceRefund('50.00', 'HKD'));
      expect(submitted.refundNo).toMatch(new RegExp(`^RF${new Date().toISOString().slice(2, 10).replace(/-/g, '')}\\d{8}$`));
      expect(submitted).toMatchObject({
        status: 'SUBMITTED',
        kind: 'BALANCE',
        currency: 'HKD',
        amount: '50.00',
        payOrderNo: null,
        orderNo: null,
        payeeName: '陳大文',
        payeeAccount: '6222 0000 1111',
        payeeBank: 'ICBC Shenzhen',
        reason: 'closing the wallet',
        createdBy: '陳大文',
        refunder: '',
        decidedAt: null,
        postedAt: null,
        tenantId: 1,
        tenantName: 'Demo Trading',
      });
      expect(await balance('HKD')).toBe(20_000n);
      const wallet = ok<{ pendingRefund: string }>(await call(`${W}/balance`, merchant, { currency: 'HKD' }, { key: null }));
      expect(wallet.pendingRefund).toBe('50.00');

      const approved = ok<RefundRecord>(await verify(submitted.id, true));
      expect(approved).toMatchObject({ id: submitted.id, status: 'APPROVED', refunder: '財務 林美玲' });
      expect(approved.decidedAt).not.toBeNull();
      expect(approved.postedAt).not.toBeNull();
      expect(await balance('HKD')).toBe(20_000n - 5_000n);
      expect(ok<RefundRecord>(await call(`${W}/refund/details`, merchant, { id: submitted.id }, { key: null }))).toEqual(approved);
      expect(await t.db.select({ id: journals.id }).from(journals).where(and(eq(journals.refNo, submitted.refundNo), eq(journals.kind, 'REFUND')))).toHaveLength(1);
    });

    it('refuses more than the balance less the refunds awaiting review, saying what is available', async () => {
      await fund('USD', 10_000n);
      expect(refused(await balanceRefund('100.01', 'USD'), 409)).toBe(
        'At most 100.00 USD can be refunded from the balance (the balance less balance refunds awaiting review); 100.01 was asked',
      );
      ok(await balanceRefund('70.00', 'USD'));
      expect(refused(await balanceRefund('30.01', 'USD'), 409)).toContain('At most 30.00 USD');
      ok(await balanceRefund('30.00', 'USD'));
      expect(refused(await balanceRefund('0.01', 'USD'), 409)).toContain('At most 0.00 USD');
      expect(refused(await balanceRefund('1.00', 'GBP'), 409)).toContain('At most 0.00 GBP');
      expect(await balance('USD')).toBe(10_000n);
    });

    it('refuses to verify a balance refund whose money was spent meanwhile', async () => {
      await fund('AUD', 1_000n);
      const refund = ok<RefundRecord>(await balanceRefund('10.00', 'AUD'));
      // a payment spends the money the refund was counting on
      const order = await insertOrder(t.db, { tenantId: 1, status: 'WHIN' });
      await t.db.update(orders).set({ freightCharge: 600n, freightCurrency: 'AUD' }).where(eq(orders.id, order.id));
      ok(await call(`${W}/payment/submit`, merchant, { orderIds: [order.id], draft: false }));
      expect(refused(await verify(refund.id, true), 409)).toMatch(/^Insufficient AUD wallet balance/);
      expect((await refundRow(refund.id)).status).toBe('SUBMITTED');
      expect(await balance('AUD')).toBe(400n);
    });

    it('takes amounts with no more decimals than the currency has', async () => {
      expect(refused(await balanceRefund('1.5', 'JPY'), 400)).toBe('Refund amount: JPY amounts have at most 0 decimals');
      expect(refused(await balanceRefund('0', 'CNY'), 400)).toMatch(naming('amount', `${W}/refund/submit`));
      expect(refused(await balanceRefund('1.001', 'CNY'), 400)).toMatch(naming('amount', `${W}/refund/submit`));
    });

    it('answers a repeated submission with the first answer', async () => {
      await fund('CAD', 1_000n);
      const key = newKey();
      const first = ok<RefundRecord>(await balanceRefund('1.00', 'CAD', merchant, { key }));
      expect(ok<RefundRecord>(await balanceRefund('1.00', 'CAD', merchant, { key }))).toEqual(first);
      expect(refused(await balanceRefund('2.00', 'CAD', merchant, { key }), 409)).toContain('Idempotency-Key');
      expect(await t.db.select().from(refunds).where(eq(refunds.currency, 'CAD'))).toHaveLength(1);
      expect(refused(await call(`${W}/refund/submit`, merchant, { kind: 'BALANCE', currency: 'CAD', amount: '1.00', payeeName: 'a', payeeAccount: 'b', payeeBank: 'c' }, { key: null }), 400)).toContain(
        'Idempotency-Key',
      );
    });
  });

  describe('charge refunds', () => {
    it('returns up to what was paid to the wallet, and no more', async () => {
      const charge = await paidCharge(10_000n);
      const listed = (await payOrdersPage(merchant, { payOrderNo: charge.payOrderNo })).records;
      expect(listed).toEqual([expect.objectContaining({ payOrderNo: charge.payOrderNo, orderNo: charge.orderNo, currency: 'CNY', amount: '100.00', refunded: '0.00', refundable: '100.00' })]);

      const first = ok<RefundRecord>(await chargeRefund(charge.payOrderNo, '60.00'));
      expect(first).toMatchObject({ kind: 'CHARGE', status: 'SUBMITTED', currency: 'CNY', amount: '60.00', payOrderNo: charge.payOrderNo, orderNo: charge.orderNo });
      expect((await payOrdersPage(merchant, { orderNo: charge.orderNo })).records[0]).toMatchObject({ refunded: '0.00', refundable: '40.00' });
      expect(refused(await chargeRefund(charge.payOrderNo, '40.01'), 409)).toBe(
        `At most 40.00 CNY of pay order ${charge.payOrderNo} can be refunded (paid less refunded and refunds awaiting review); 40.01 was asked`,
      );

      const before = await balance('CNY');
      ok(await verify(first.id, true));
      expect(await balance('CNY')).toBe(before + 6_000n);
      const [payOrder] = await t.db.select().from(payOrders).where(eq(payOrders.payOrderNo, charge.payOrderNo));
      expect(payOrder!.refunded).toBe(6_000n);
      const payment = ok<PaymentRecord>(await call(`${W}/payment/details`, merchant, { id: payOrder!.paymentId }, { key: null }));
      expect(payment.lines[0]).toMatchObject({ payOrderNo: charge.payOrderNo, refunded: '60.00' });

      const rest = ok<RefundRecord>(await chargeRefund(charge.payOrderNo, '40.00'));
      ok(await verify(rest.id, true));
      expect(await balance('CNY')).toBe(before + 10_000n);
      expect((await payOrdersPage()).records.map((p) => p.payOrderNo)).not.toContain(charge.payOrderNo);
      expect(refused(await chargeRefund(charge.payOrderNo, '0.01'), 409)).toContain('At most 0.00 CNY');
    });

    it('summarises a refund in the finance details: the order and pay order, or the bank, and the reason', async () => {
      const charge = await paidCharge(5_000n);
      const byCharge = ok<RefundRecord>(await chargeRefund(charge.payOrderNo, '10.00'));
      ok(await verify(byCharge.id, true));
      // a currency of its own, so the HKD export below still holds one balance refund
      await fund('MYR', 20_000n);
      const byBank = ok<RefundRecord>(await balanceRefund('5.00', 'MYR'));
      ok(await verify(byBank.id, true));
      const memoOf = async (refNo: string) =>
        ok<{ records: { memo: string }[] }>(await t.call({ method: 'POST', url: '/api/finance/detail/list', token: merchant, payload: { pageNo: 1, pageSize: 10, refNo } })).records.map((record) => record.memo);
      expect(await memoOf(byCharge.refundNo)).toEqual([`${charge.orderNo} · ${charge.payOrderNo} · parcel lost`]);
      expect(await memoOf(byBank.refundNo)).toEqual(['陳大文 · ICBC Shenzhen · 6222 0000 1111 · closing the wallet']);
    });

    it('never lets verified charge refunds exceed what was paid', async () => {
      const charge = await paidCharge(1_000n);
      const refund = ok<RefundRecord>(await chargeRefund(charge.payOrderNo, '10.00'));
      // as if another refund had been verified meanwhile without counting this one
      await t.db.update(payOrders).set({ refunded: 500n }).where(eq(payOrders.payOrderNo, charge.payOrderNo));
      const before = await balance('CNY');
      expect(refused(await verify(refund.id, true), 409)).toBe(`Pay order ${charge.payOrderNo} was paid 10.00 and 5.00 of it is refunded already: 10.00 more cannot be refunded`);
      expect(await balance('CNY')).toBe(before);
      expect((await refundRow(refund.id)).status).toBe('SUBMITTED');
    });

    it('lets only one of two simultaneous requests for more than half of a charge through', async () => {
      const charge = await paidCharge(10_000n);
      const answers = await Promise.all([chargeRefund(charge.payOrderNo, '60.00'), chargeRefund(charge.payOrderNo, '60.00')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      await fund('SGD', 10_000n);
      const balances = await Promise.all([balanceRefund('60.00', 'SGD'), balanceRefund('60.00', 'SGD')]);
      expect(balances.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it("refuses a pay order that is not the tenant's", async () => {
      const charge = await paidCharge(500n);
      expect(refused(await chargeRefund(charge.payOrderNo, '1.00', merchant2), 404)).toBe(`Pay order ${charge.payOrderNo} does not exist`);
      refused(await chargeRefund('PO00000000000000', '1.00'), 404);
    });
  });

  describe("finance's decision", () => {
    it('rejects only with a reason, and then nothing moves', async () => {
      await fund('TWD', 10_000n);
      const refund = ok<RefundRecord>(await balanceRefund('10.00', 'TWD'));
      expect(refused(await verify(refund.id, false), 400)).toBe('A reason is required when rejecting');
      expect(refused(await verify(refund.id, false, '   '), 400)).toBe('A reason is required when rejecting');
      // the reviewer's reason, as the decision dialog labels it, not the merchant's refund reason
      expect(refused(await call(`${W}/refund/verify`, finance, { id: refund.id, approve: false, reason: 'x'.repeat(501) }, { lang: 'zh-TW' }), 400)).toBe('原因最多 500 個字元');
      const rejected = ok<RefundRecord>(await verify(refund.id, false, 'Payee account does not match the company'));
      expect(rejected).toMatchObject({ status: 'REJECTED', decisionRemark: 'Payee account does not match the company', refunder: '財務 林美玲', postedAt: null });
      expect(await balance('TWD')).toBe(10_000n);
      expect(refused(await verify(refund.id, true), 409)).toBe(`${refund.refundNo} is "Rejected": it cannot be reviewed`);
      // no longer pending: the full balance is available again
      ok(await balanceRefund('100.00', 'TWD'));
    });

    it('refuses a decision on an approved refund and on an unknown one', async () => {
      await fund('MOP', 1_000n);
      const refund = ok<RefundRecord>(await balanceRefund('1.00', 'MOP'));
      ok(await verify(refund.id, true));
      const zh = await call(`${W}/refund/verify`, finance, { id: refund.id, approve: true, reason: '' }, { lang: 'zh-TW' });
      expect(refused(zh, 409)).toBe(`${refund.refundNo} 的狀態為「已退款」，不能審核`);
      refused(await verify(987_654_321, true), 404);
      expect(await balance('MOP')).toBe(900n);
    });

    it('never lets the submitter decide, even one holding the finance permissions', async () => {
      // the finance user also works for tenant 1 as its administrator
      const [financeUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'finance'));
      const [adminRole] = await t.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_admin')));
      await t.db.insert(userTenants).values({ userId: financeUser!.id, tenantId: 1 }).onConflictDoNothing();
      await t.db.insert(userRoles).values({ userId: financeUser!.id, tenantId: 1, roleId: adminRole!.id });
      const both = await t.login('finance');
      await fund('EUR', 1_000n);
      const own = ok<RefundRecord>(await balanceRefund('1.00', 'EUR', both, { tenant: 1 }));
      expect(own.createdBy).toBe('財務 林美玲');
      expect(refused(await verify(own.id, true, '', both), 409)).toBe('The person who submitted a request cannot review it');
      expect(refused(await verify(own.id, false, 'no', both), 409)).toBe('The person who submitted a request cannot review it');
      expect((await refundRow(own.id)).status).toBe('SUBMITTED');
      expect(await balance('EUR')).toBe(1_000n);
    });

    it('answers a repeated decision with the first answer and moves the money once', async () => {
      await fund('KRW', 1_000n);
      const refund = ok<RefundRecord>(await balanceRefund('100', 'KRW'));
      const key = newKey();
      const first = ok<RefundRecord>(await call(`${W}/refund/verify`, finance, { id: refund.id, approve: true, reason: '' }, { key }));
      expect(ok<RefundRecord>(await call(`${W}/refund/verify`, finance, { id: refund.id, approve: true, reason: '' }, { key }))).toEqual(first);
      expect(await balance('KRW')).toBe(900n);
      refused(await call(`${W}/refund/verify`, finance, { id: refund.id, approve: true, reason: '' }, { key: null }), 400);
    });

    it('is for the platform only', async () => {
      await fund('CNY', 100n);
      const refund = ok<RefundRecord>(await balanceRefund('1.00'));
      refused(await verify(refund.id, true, '', merchant), 403);
      refused(await verify(refund.id, false, 'x', merchant), 403);
      refused(await verify(refund.id, true, '', staff), 403);
      expect((await refundRow(refund.id)).status).toBe('SUBMITTED');
    });
  });

  describe('lists and exports', () => {
    it("keeps tenant 1's refunds from tenant 2 and from staff", async () => {
      await fund('CNY', 100n);
      const refund = ok<RefundRecord>(await balanceRefund('1.00'));
      refused(await call(`${W}/refund/details`, merchant2, { id: refund.id }, { key: null }), 404);
      expect(ok<Page<RefundRecord>>(await call(`${W}/refund/list`, merchant2, {}, { key: null })).records).toEqual([]);
      expect((await payOrdersPage(merchant2)).records).toEqual([]);
      const sheet = await readXlsx(await t.call({ method: 'GET', url: `${W}/refund/exportXls`, token: merchant2, lang: 'en-US' }));
      expect(sheet.rows).toEqual([]);
      for (const url of [`${W}/refund/list`, `${W}/refund/details`, `${W}/refund/payOrders`, `${W}/refund/submit`]) refused(await call(url, staff, {}), 403);
      refused(await t.call({ method: 'GET', url: `${W}/refund/exportXls`, token: staff }), 403);
      // the platform has no wallet to refund from
      expect(refused(await balanceRefund('1.00', 'CNY', finance), 403)).toBe('Platform accounts have no wallet: use a merchant account');
    });

    it("lists the merchant's own refunds with filters, newest first", async () => {
      const list = async (body: object) => ok<Page<RefundRecord>>(await call(`${W}/refund/list`, merchant, { pageSize: 200, ...body }, { key: null }));
      const all = await list({});
      const count = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.tenantId, 1)))[0]!.n);
      expect(all.total).toBe(count);
      const times = all.records.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect((await list({ kind: 'CHARGE' })).records.every((r) => r.kind === 'CHARGE')).toBe(true);
      expect((await list({ status: 'REJECTED', currency: 'TWD' })).records.map((r) => r.status)).toEqual(['REJECTED']);
      const one = all.records[3]!;
      expect((await list({ refundNo: one.refundNo })).records).toEqual([one]);
      // the platform's tenant filter is not the merchant's to use
      expect(refused(await call(`${W}/refund/list`, merchant, { tenantId: 2 }, { key: null }), 400)).toContain('tenantId');
    });

    it("shows finance every tenant's refunds, or one tenant's", async () => {
      await fund('CNY', 1_000n, 2);
      const foreign = ok<RefundRecord>(await balanceRefund('2.00', 'CNY', merchant2));
      const review = async (body: object) => ok<Page<RefundRecord>>(await call(`${R}/list`, finance, { pageSize: 200, ...body }, { key: null }));
      const all = await review({});
      expect(all.total).toBe(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(refunds))[0]!.n));
      expect((await review({ tenantId: 2 })).records.map((r) => r.id)).toEqual([foreign.id]);
      expect(ok<RefundRecord>(await call(`${R}/details`, finance, { id: foreign.id }, { key: null }))).toMatchObject({ tenantId: 2, tenantName: 'Harbour Imports', amount: '2.00' });
      refused(await call(`${R}/list`, merchant, {}, { key: null }), 403);
      refused(await call(`${R}/details`, merchant, { id: foreign.id }, { key: null }), 403);
      refused(await t.call({ method: 'GET', url: `${R}/exportXls`, token: merchant }), 403);
    });

    it('exports with translated headers', async () => {
      const mine = await readXlsx(await t.call({ method: 'GET', url: `${W}/refund/exportXls`, token: merchant, lang: 'en-US', query: { kind: 'BALANCE', currency: 'HKD' } }));
      expect(mine.name).toBe('Refunds');
      expect(mine.headers.slice(0, 5)).toEqual(['Transaction number', 'Refund type', 'Status', 'Currency', 'Refund amount']);
      expect(mine.rows).toHaveLength(1);
      expect(mine.rows[0]!.slice(1, 5)).toEqual(['Balance refund', 'Refunded', 'HKD', 50]);
      const platform = await readXlsx(await t.call({ method: 'GET', url: `${R}/exportXls`, token: finance, lang: 'zh-CN', query: { tenantId: '2' } }));
      expect(platform.headers[0]).toBe('商家');
      expect(platform.rows.map((row) => row[0])).toEqual(['Harbour Imports']);
      expect(platform.rows[0]![5]).toBe(Number(currencyFromMinor(200n, 'CNY')));
    });

    it('names the permission of each call in the API document', async () => {
      const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
      const expected: [string, string, string][] = [
        ['post', `${W}/refund/list`, 'wallet:refund:list'],
        ['post', `${W}/refund/details`, 'wallet:refund:list'],
        ['post', `${W}/refund/payOrders`, 'wallet:refund:list'],
        ['post', `${W}/refund/submit`, 'wallet:refund:submit'],
        ['get', `${W}/refund/exportXls`, 'wallet:refund:export'],
        ['post', `${W}/refund/verify`, 'finance:refund-review:list'],
        ['post', `${R}/list`, 'finance:refund-review:list'],
        ['post', `${R}/details`, 'finance:refund-review:list'],
        ['get', `${R}/exportXls`, 'finance:refund-review:export'],
      ];
      for (const [method, path, permission] of expected) expect(doc.paths[path]?.[method]?.['x-permission'], path).toBe(permission);
    });
  });
});
