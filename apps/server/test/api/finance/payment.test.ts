import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { currencyFromMinor, currencyToMinor, type CurrencyCode } from '@portal/shared/money';
import type { ChargeRecord, PaymentPreview, PaymentRecord } from '@portal/shared/finance-schemas';
import { accounts, entries, journals, paymentLines, payments, payOrders } from '../../../src/db/schema/finance.ts';
import { orders } from '../../../src/db/schema/logistics.ts';
import { fundWallet, newKey, walletBalanceOf, walletPost } from '../../helpers/wallet-client.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';
import { insertOrder } from '../../helpers/orders.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const W = '/platform-api/finance/virtualWallet';

describe(`payments of charges (${testDbKind()})`, () => {
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

  const call = (url: string, token: string, payload: object, key?: string | null, lang = 'en-US') => walletPost(t)(`${W}${url}`, token, payload, { key, lang });

  const fund = (currency: CurrencyCode, minor: bigint, tenantId = 1) => fundWallet(t.db, currency, minor, tenantId);
  const balance = (currency: CurrencyCode, tenantId = 1) => walletBalanceOf(t.db, currency, tenantId);
  /** An order of tenant 1 (unless told) charged `minor` at warehouse-in. */
  const charged = async (minor: bigint | null, options: { currency?: CurrencyCode; status?: 'WHIN' | 'CANCEL' | 'DONE'; tenantId?: number } = {}) => {
    const order = await insertOrder(t.db, { tenantId: options.tenantId ?? 1, status: options.status ?? 'WHIN' });
    await t.db
      .update(orders)
      .set({ freightCharge: minor, freightCurrency: options.currency ?? 'CNY' })
      .where(eq(orders.id, order.id));
    return order;
  };
  const payOrdersOf = (orderIds: number[]) => t.db.select().from(payOrders).where(inArray(payOrders.sourceId, orderIds));
  const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
  const journalCount = async (refNo: string) => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(journals).where(eq(journals.refNo, refNo)))[0]!.n);
  const draft = async (orderIds: number[], remark = '') => ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds, remark, draft: true }));
  const charges = async (token = merchant, body: object = {}) => ok<Page<ChargeRecord>>(await call('/payment/charges', token, { pageSize: 200, ...body }));

  describe('the charges to pay', () => {
    it("lists the tenant's measured, uncancelled, unpaid freight, newest first", async () => {
      const cancelled = await charged(500n, { status: 'CANCEL' });
      const unmeasured = await charged(null);
      const fresh = await charged(4321n);
      const page = await charges();
      const expected = await t.db
        .select({ id: orders.id, orderNo: orders.orderNo, freightCharge: orders.freightCharge, freightCurrency: orders.freightCurrency })
        .from(orders)
        .where(and(eq(orders.tenantId, 1), isNotNull(orders.freightCharge), ne(orders.status, 'CANCEL'), sql`${orders.freightCharge} > 0`));
      // the demo has charged orders of its own, besides this file's
      expect(expected.length).toBeGreaterThan(1);
      expect(page.total).toBe(expected.length);
      expect(new Set(page.records.map((r) => r.orderId))).toEqual(new Set(expected.map((e) => e.id)));
      expect(page.records.map((r) => r.orderId)).not.toContain(cancelled.id);
      expect(page.records.map((r) => r.orderId)).not.toContain(unmeasured.id);
      const times = page.records.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(page.records.find((r) => r.orderId === fresh.id)).toMatchObject({ orderNo: fresh.orderNo, currency: 'CNY', amount: '43.21', orderStatus: 'WHIN', draftPaymentNos: [] });
      // money as exact strings in the currency's unit
      const demo = page.records.find((r) => r.orderId === expected[0]!.id)!;
      expect(demo.amount).toMatch(/^\d+\.\d{2}$/);
    });

    it('filters by order number and currency and pages', async () => {
      const hkd = await charged(999n, { currency: 'HKD' });
      expect((await charges(merchant, { orderNo: hkd.orderNo })).records.map((r) => r.orderId)).toEqual([hkd.id]);
      const onlyHkd = await charges(merchant, { currency: 'HKD' });
      expect(onlyHkd.records.every((r) => r.currency === 'HKD')).toBe(true);
      expect(onlyHkd.records.map((r) => r.orderId)).toContain(hkd.id);
      const firstPage = await charges(merchant, { pageSize: 2, pageNo: 1 });
      expect(firstPage.records).toHaveLength(2);
      expect(firstPage.size).toBe(2);
    });

    it("shows another tenant's charges to nobody else", async () => {
      const foreign = await charged(700n, { tenantId: 2 });
      expect((await charges()).records.map((r) => r.orderId)).not.toContain(foreign.id);
      const theirs = await charges(merchant2);
      expect(theirs.records.map((r) => r.orderId)).toContain(foreign.id);
      expect(theirs.records.every((r) => r.orderId !== undefined)).toBe(true);
    });
  });

  describe('draft, edit, preview, pay', () => {
    it('pays a draft: the wallet loses exactly the sum, pay orders appear, the charges leave the list', async () => {
      await fund('CNY', 100_000n);
      const a = await charged(12_050n);
      const b = await charged(3_025n);
      const before = await balance('CNY');

      const created = await draft([a.id], 'first try');
      expect(created).toMatchObject({ status: 'DRAFT', currency: 'CNY', amount: '120.50', remark: 'first try', payee: 'Cross Border Consolidation Ltd', paidAt: null, balanceAfter: null, createdBy: '陳大文', paidBy: '' });
      expect(created.paymentNo).toMatch(new RegExp(`^PY${new Date().toISOString().slice(2, 10).replace(/-/g, '')}\\d{8}$`));
      expect(created.lines).toEqual([{ orderId: a.id, orderNo: a.orderNo, amount: '120.50', payOrderNo: null, refunded: null }]);
      expect((await charges()).records.find((r) => r.orderId === a.id)?.draftPaymentNos).toEqual([created.paymentNo]);

      const edited = ok<PaymentRecord>(await call('/payment/edit', merchant, { id: created.id, orderIds: [b.id, a.id], remark: 'both' }));
      expect(edited).toMatchObject({ id: created.id, status: 'DRAFT', amount: '150.75', remark: 'both' });
      expect(edited.lines.map((l) => [l.orderId, l.amount])).toEqual([
        [a.id, '120.50'],
        [b.id, '30.25'],
      ]);

      const preview = ok<PaymentPreview>(await call('/payment/confirm', merchant, { id: created.id }, null));
      expect(preview).toMatchObject({ currency: 'CNY', amount: '150.75', balance: currencyFromMinor(before, 'CNY'), balanceAfter: currencyFromMinor(before - 15_075n, 'CNY'), sufficient: true });
      expect(preview.lines.every((l) => l.payable && l.reason === '')).toBe(true);
      // a preview changes nothing
      expect(await balance('CNY')).toBe(before);
      expect((await paymentRow(created.id))!.status).toBe('DRAFT');

      const paid = ok<PaymentRecord>(await call('/payment/confirm/submit', merchant, { id: created.id }));
      expect(paid).toMatchObject({ id: created.id, status: 'PAID', amount: '150.75', paidBy: '陳大文' });
      expect(paid.paidAt).not.toBeNull();
      expect(await balance('CNY')).toBe(before - 15_075n);
      expect(paid.balanceAfter).toBe(currencyFromMinor(before - 15_075n, 'CNY'));
      for (const line of paid.lines) {
        expect(line.payOrderNo).toMatch(/^PO\d{14}$/);
        expect(line.refunded).toBe('0.00');
      }
      const made = await payOrdersOf([a.id, b.id]);
      expect(made.map((p) => [p.sourceId, p.amount, p.source, p.paymentId, p.tenantId, p.sourceNo]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
        [a.id, 12_050n, 'FREIGHT', created.id, 1, a.orderNo],
        [b.id, 3_025n, 'FREIGHT', created.id, 1, b.orderNo],
      ]);
      // the journal: wallet out, revenue in, nothing else
      const row = (await paymentRow(created.id))!;
      const legs = await t.db.select({ amount: entries.amount, kind: accounts.kind }).from(entries).innerJoin(accounts, eq(accounts.id, entries.accountId)).where(eq(entries.journalId, row.journalId!));
      expect(legs.map((l) => [l.kind, l.amount]).sort()).toEqual([
        ['REVENUE', 15_075n],
        ['WALLET', -15_075n],
      ]);
      const left = (await charges()).records.map((r) => r.orderId);
      expect(left).not.toContain(a.id);
      expect(left).not.toContain(b.id);

      const details = ok<PaymentRecord>(await call('/payment/details', merchant, { id: created.id }, null));
      expect(details).toEqual(paid);
    });

    it('summarises a payment in the finance details by the orders it paid', async () => {
      await fund('CNY', 100_000n);
      const a = await charged(1_000n);
      const b = await charged(2_000n);
      const paid = ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds: [a.id, b.id], remark: '', draft: false }));
      const details = ok<{ records: { refNo: string; memo: string }[] }>(
        await t.call({ method: 'POST', url: '/api/finance/detail/list', token: merchant, payload: { pageNo: 1, pageSize: 10, refNo: paid.paymentNo } }),
      );
      expect(details.records.map((record) => record.memo)).toEqual([`${a.orderNo}, ${b.orderNo}`]);
    });

    it('names the payee in the caller’s language', async () => {
      const a = await charged(1_000n);
      const created = await draft([a.id]);
      const payee = async (lang: string) => ok<PaymentRecord>(await call('/payment/details', merchant, { id: created.id }, null, lang)).payee;
      expect([await payee('zh-TW'), await payee('zh-CN'), await payee('en-US')]).toEqual(['跨境集運股份有限公司', '跨境集运股份有限公司', 'Cross Border Consolidation Ltd']);
    });

    it('refuses to pay a paid payment again, or its charges in a new one', async () => {
      const a = await charged(1_000n);
      const payment = await draft([a.id]);
      await fund('CNY', 1_000n);
      ok(await call('/payment/confirm/submit', merchant, { id: payment.id }));
      const before = await balance('CNY');
      expect(refused(await call('/payment/confirm/submit', merchant, { id: payment.id }), 409)).toBe(`${payment.paymentNo} is "Paid": it cannot be paid`);
      expect(refused(await call('/payment/submit', merchant, { orderIds: [a.id], draft: true }), 409)).toBe(`The freight of order ${a.orderNo} is already paid`);
      expect(refused(await call('/payment/submit', merchant, { orderIds: [a.id], draft: false }), 409)).toBe(`The freight of order ${a.orderNo} is already paid`);
      expect(refused(await call('/payment/edit', merchant, { id: payment.id, orderIds: [a.id] }), 409)).toBe(`${payment.paymentNo} is "Paid": it cannot be edited`);
      expect(refused(await call('/deletePaymentRecord', merchant, { id: payment.id }, null), 409)).toBe(`${payment.paymentNo} is "Paid": it cannot be deleted`);
      expect(refused(await call('/payment/confirm', merchant, { id: payment.id }, null), 409)).toBe(`${payment.paymentNo} is "Paid": it cannot be paid`);
      expect(await balance('CNY')).toBe(before);
      expect(await payOrdersOf([a.id])).toHaveLength(1);
    });

    it('pays what the charge is when paying, not what it was when drafted', async () => {
      const a = await charged(1_000n);
      const payment = await draft([a.id]);
      await t.db.update(orders).set({ freightCharge: 1_234n }).where(eq(orders.id, a.id));
      await fund('CNY', 1_234n);
      const before = await balance('CNY');
      const paid = ok<PaymentRecord>(await call('/payment/confirm/submit', merchant, { id: payment.id }));
      expect(paid.amount).toBe('12.34');
      expect(paid.lines[0]!.amount).toBe('12.34');
      expect(await balance('CNY')).toBe(before - 1_234n);
      expect((await payOrdersOf([a.id]))[0]!.amount).toBe(1_234n);
    });

    it('pays at once with draft false', async () => {
      await fund('CNY', 5_000n);
      const a = await charged(2_500n);
      const before = await balance('CNY');
      const b = await charged(1_005n);
      const paid = ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds: [b.id, a.id], remark: 'now', draft: false }));
      expect(paid).toMatchObject({ status: 'PAID', amount: '35.05', remark: 'now', paidBy: '陳大文', balanceAfter: currencyFromMinor(before - 3_505n, 'CNY') });
      expect(await balance('CNY')).toBe(before - 3_505n);
      // the answer is built from what the transaction held: it must be the record as stored
      expect(ok<PaymentRecord>(await call('/payment/details', merchant, { id: paid.id }, null))).toEqual(paid);
      expect(await payOrdersOf([a.id, b.id])).toHaveLength(2);
      expect(await journalCount(paid.paymentNo)).toBe(1);
    });

    it('refuses a draft that became unpayable, naming the order', async () => {
      const a = await charged(100n);
      const payment = await draft([a.id]);
      await t.db.update(orders).set({ status: 'CANCEL' }).where(eq(orders.id, a.id));
      const preview = ok<PaymentPreview>(await call('/payment/confirm', merchant, { id: payment.id }, null));
      expect(preview.lines).toEqual([{ orderId: a.id, orderNo: a.orderNo, amount: '1.00', payable: false, reason: `Order ${a.orderNo} is cancelled: its freight cannot be paid` }]);
      expect(preview).toMatchObject({ amount: '0.00' });
      expect(refused(await call('/payment/confirm/submit', merchant, { id: payment.id }), 409)).toBe(`Order ${a.orderNo} is cancelled: its freight cannot be paid`);
      expect((await paymentRow(payment.id))!.status).toBe('DRAFT');
    });

    it('deletes a draft with its lines', async () => {
      const a = await charged(100n);
      const payment = await draft([a.id]);
      expect(ok(await call('/deletePaymentRecord', merchant, { id: payment.id }, null))).toBeNull();
      expect(await paymentRow(payment.id)).toBeUndefined();
      expect(await t.db.select().from(paymentLines).where(eq(paymentLines.paymentId, payment.id))).toEqual([]);
      refused(await call('/payment/details', merchant, { id: payment.id }, null), 404);
      refused(await call('/deletePaymentRecord', merchant, { id: payment.id }, null), 404);
    });
  });

  describe('what cannot be paid', () => {
    it('previews charges by order ids, with the reason of each refusal in the caller language', async () => {
      await fund('CNY', 100n);
      const good = await charged(300n);
      const cancelled = await charged(200n, { status: 'CANCEL' });
      const unmeasured = await charged(null);
      const preview = ok<PaymentPreview>(await call('/payment/confirm', merchant, { orderIds: [good.id, cancelled.id, unmeasured.id] }, null));
      expect(preview.currency).toBe('CNY');
      expect(preview.amount).toBe('3.00');
      expect(preview.lines.map((l) => [l.orderId, l.payable, l.reason])).toEqual([
        [good.id, true, ''],
        [cancelled.id, false, `Order ${cancelled.orderNo} is cancelled: its freight cannot be paid`],
        [unmeasured.id, false, `Order ${unmeasured.orderNo} has no freight charge yet: it is charged once weighed at the warehouse`],
      ]);
      const zh = ok<PaymentPreview>(await call('/payment/confirm', merchant, { orderIds: [cancelled.id, good.id] }, null, 'zh-TW'));
      expect(zh.lines[1]!.reason).toBe(`訂單 ${cancelled.orderNo} 已取消，不能支付運費`);
    });

    it('says when the balance is short, and paying then changes nothing', async () => {
      const wallet = await balance('CNY');
      const big = await charged(wallet + 1n);
      const payment = await draft([big.id]);
      const preview = ok<PaymentPreview>(await call('/payment/confirm', merchant, { id: payment.id }, null));
      expect(preview.sufficient).toBe(false);
      expect(preview.balanceAfter).toBe('-0.01');
      const journalsBefore = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(journals))[0]!.n);
      expect(refused(await call('/payment/confirm/submit', merchant, { id: payment.id }), 409)).toMatch(/^Insufficient CNY wallet balance/);
      expect(await balance('CNY')).toBe(wallet);
      expect((await paymentRow(payment.id))!.status).toBe('DRAFT');
      expect(await payOrdersOf([big.id])).toEqual([]);
      expect(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(journals))[0]!.n)).toBe(journalsBefore);

      // paying at once leaves not even the payment behind
      const paymentsBefore = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n);
      refused(await call('/payment/submit', merchant, { orderIds: [big.id], draft: false }), 409);
      expect(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n)).toBe(paymentsBefore);
      expect(await balance('CNY')).toBe(wallet);
    });

    it.each([
      ['an order of another tenant', 'foreign', 404],
      ['an unknown order', 'unknown', 404],
      ['a cancelled order', 'cancelled', 409],
      ['an order not weighed yet', 'unmeasured', 409],
      ['a zero charge', 'zero', 409],
    ] as const)('refuses %s', async (_, which, status) => {
      const order =
        which === 'foreign'
          ? await charged(100n, { tenantId: 2 })
          : which === 'cancelled'
            ? await charged(100n, { status: 'CANCEL' })
            : which === 'unmeasured'
              ? await charged(null)
              : which === 'zero'
                ? await charged(0n)
                : { id: 987_654_321, orderNo: '' };
      const before = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n);
      const message = refused(await call('/payment/submit', merchant, { orderIds: [order.id], draft: true }), status);
      expect(message).toContain(status === 404 ? String(order.id) : order.orderNo);
      expect(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n)).toBe(before);
    });

    it('keeps a payment in one currency, naming the orders outside it', async () => {
      const cny = await charged(100n);
      const hkd = await charged(100n, { currency: 'HKD' });
      const message = refused(await call('/payment/submit', merchant, { orderIds: [cny.id, hkd.id] }), 400);
      expect(message).toBe(`A payment is in one currency, but orders ${hkd.id} are charged in CNY, HKD`);
      refused(await call('/payment/confirm', merchant, { orderIds: [cny.id, hkd.id] }, null), 400);
      const payment = await draft([cny.id]);
      refused(await call('/payment/edit', merchant, { id: payment.id, orderIds: [cny.id, hkd.id] }), 400);
    });

    it.each([
      [{ orderIds: [] }, naming('orderIds', `${W}/payment/submit`)],
      // the sentence names the order listed twice
      [{ orderIds: [1, 1] }, /^Order 1 is listed more than once$/],
      [{ orderIds: ['1'] }, naming('orderIds', `${W}/payment/submit`)],
      [{ orderIds: Array.from({ length: 101 }, (_, i) => i + 1) }, naming('orderIds', `${W}/payment/submit`)],
      [{ orderIds: [1], remark: 'x'.repeat(501) }, naming('remark', `${W}/payment/submit`)],
      [{ orderIds: [1], extra: true }, naming('extra', `${W}/payment/submit`)],
    ])('refuses the body %j naming the field', async (payload, expected) => {
      expect(refused(await call('/payment/submit', merchant, payload), 400)).toMatch(expected);
    });
  });

  describe('idempotency and races', () => {
    it('answers a repeated request with the first answer and posts once', async () => {
      await fund('CNY', 1_000n);
      const a = await charged(700n);
      const key = newKey();
      const first = ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds: [a.id], draft: false }, key));
      const before = await balance('CNY');
      const again = ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds: [a.id], draft: false }, key));
      expect(again).toEqual(first);
      expect(await balance('CNY')).toBe(before);
      expect(await journalCount(first.paymentNo)).toBe(1);
      expect(refused(await call('/payment/submit', merchant, { orderIds: [a.id], draft: true }, key), 409)).toBe(
        'This Idempotency-Key was already used for a different request: use a new key for a new request',
      );
      expect(refused(await call('/payment/submit', merchant, { orderIds: [a.id] }, null), 400)).toContain('Idempotency-Key');
      expect(refused(await call('/payment/confirm/submit', merchant, { id: first.id }, null), 400)).toContain('Idempotency-Key');
      expect(refused(await call('/payment/edit', merchant, { id: first.id, orderIds: [a.id] }, null), 400)).toContain('Idempotency-Key');
    });

    it('lets only the first of two drafts holding the same charge pay it', async () => {
      await fund('CNY', 10_000n);
      const a = await charged(800n);
      const b = await charged(200n);
      const one = await draft([a.id]);
      const two = await draft([a.id, b.id]);
      expect((await charges()).records.find((r) => r.orderId === a.id)?.draftPaymentNos).toEqual([one.paymentNo, two.paymentNo]);
      ok(await call('/payment/confirm/submit', merchant, { id: one.id }));
      const before = await balance('CNY');
      expect(refused(await call('/payment/confirm/submit', merchant, { id: two.id }), 409)).toBe(`The freight of order ${a.orderNo} is already paid`);
      expect(await balance('CNY')).toBe(before);
      expect((await paymentRow(two.id))!.status).toBe('DRAFT');
      expect(await payOrdersOf([b.id])).toEqual([]);
    });

    it('when two payments race for more than the balance, exactly one succeeds', async () => {
      // a currency of its own, so the balance is exactly known
      await fund('SGD', 1_000n);
      const a = await charged(600n, { currency: 'SGD' });
      const b = await charged(700n, { currency: 'SGD' });
      const answers = await Promise.all([
        call('/payment/submit', merchant, { orderIds: [a.id], draft: false }),
        call('/payment/submit', merchant, { orderIds: [b.id], draft: false }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json().result as PaymentRecord;
      const after = await balance('SGD');
      expect(after).toBeGreaterThanOrEqual(0n);
      expect(after).toBe(1_000n - currencyToMinor(winner.amount, 'SGD'));
      expect((await payOrdersOf([a.id, b.id])).length).toBe(1);
    });

    it('when two drafts with the same charge are paid at once, it is paid once', async () => {
      await fund('MYR', 10_000n);
      const a = await charged(900n, { currency: 'MYR' });
      const one = await draft([a.id]);
      const two = await draft([a.id]);
      const answers = await Promise.all([call('/payment/confirm/submit', merchant, { id: one.id }), call('/payment/confirm/submit', merchant, { id: two.id })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await balance('MYR')).toBe(10_000n - 900n);
      expect(await payOrdersOf([a.id])).toHaveLength(1);
    });
    it('refuses a charge another payment paid while this one waited for the wallet, and posts nothing', async () => {
      await fund('EUR', 10_000n);
      const a = await charged(900n, { currency: 'EUR' });
      const other = await draft([a.id]);
      const mine = await draft([a.id]);
      const before = await balance('EUR');
      if (testDbKind() === 'postgres') {
        // a second connection holds the wallet while the payment has passed its checks, then pays the charge itself
        const client = new pg.Client({ connectionString: t.url });
        await client.connect();
        try {
          await client.query('begin');
          // the payment holds its pay order and waits for the wallet; this insert then waits for the payment:
          // a deadlock PostgreSQL must break by cancelling the payment (which retries and finds the charge
          // paid). On a busy machine this side's check could fire first, so it waits longer than the payment's
          await client.query(`set local deadlock_timeout = '30s'`);
          await client.query(`select id from fin_account where tenant_id = 1 and kind = 'WALLET' and currency = 'EUR' for update`);
          const pending = call('/payment/confirm/submit', merchant, { id: mine.id });
          for (let waited = 0; ; waited += 20) {
            const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
            if (rows[0]!.n > 0) break;
            if (waited > 10_000) throw new Error('the payment never waited for the wallet');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await client.query(
            `insert into fin_pay_order (tenant_id, pay_order_no, source, source_id, source_no, payment_id, currency, amount) values (1, 'POTESTRACE1', 'FREIGHT', $1, $2, $3, 'EUR', 900)`,
            [a.id, a.orderNo, other.id],
          );
          await client.query('commit');
          expect(refused(await pending, 409)).toBe(`The freight of order ${a.orderNo} is already paid`);
        } finally {
          await client.end();
        }
      } else {
        // PGlite runs one transaction at a time: the same refusal comes from the check before posting
        await t.db.insert(payOrders).values({ tenantId: 1, payOrderNo: 'POTESTRACE1', source: 'FREIGHT', sourceId: a.id, sourceNo: a.orderNo, paymentId: other.id, currency: 'EUR', amount: 900n });
        expect(refused(await call('/payment/confirm/submit', merchant, { id: mine.id }), 409)).toBe(`The freight of order ${a.orderNo} is already paid`);
      }
      expect(await balance('EUR')).toBe(before);
      expect(await journalCount(mine.paymentNo)).toBe(0);
      expect((await paymentRow(mine.id))!.status).toBe('DRAFT');
    });
  });

  describe('the payment list', () => {
    it('filters by status, number and order number', async () => {
      await fund('CNY', 1_000n);
      const a = await charged(150n);
      const b = await charged(250n);
      const drafted = await draft([a.id], 'listed');
      const paid = ok<PaymentRecord>(await call('/payment/submit', merchant, { orderIds: [b.id], draft: false }));
      const list = async (body: object) => ok<Page<PaymentRecord>>(await call('/payment/list', merchant, { pageSize: 200, ...body }, null));
      expect((await list({ orderNo: a.orderNo })).records.map((r) => r.id)).toEqual([drafted.id]);
      expect((await list({ paymentNo: paid.paymentNo })).records).toEqual([paid]);
      const drafts = await list({ status: 'DRAFT' });
      expect(drafts.records.every((r) => r.status === 'DRAFT')).toBe(true);
      expect(drafts.records.map((r) => r.id)).toContain(drafted.id);
      const all = await list({});
      const times = all.records.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.records[0]!.id).toBe(paid.id);
    });

    it('exports the list with translated headers', async () => {
      const response = await t.call({ method: 'GET', url: `${W}/payment/exportXls`, token: merchant, lang: 'en-US', query: { status: 'PAID' } });
      const sheet = await readXlsx(response);
      expect(sheet.name).toBe('Payments');
      expect(sheet.headers).toEqual(['Transaction number', 'Status', 'Currency', 'Pay amount', 'Logistics order numbers', 'Payee', 'Remark', 'Initiator', 'Paid by', 'Paid at', 'Created at']);
      const paidCount = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(payments).where(and(eq(payments.tenantId, 1), eq(payments.status, 'PAID'))))[0]!.n);
      expect(sheet.rows).toHaveLength(paidCount);
      expect(sheet.rows.every((row) => row[1] === 'Paid')).toBe(true);
      // amounts are numbers (shown with two decimals), as in every finance export
      expect(typeof sheet.rows[0]![3]).toBe('number');
      const zh = await readXlsx(await t.call({ method: 'GET', url: `${W}/payment/exportXls`, token: merchant, lang: 'zh-TW' }));
      expect(zh.headers[0]).toBe('交易號');
      refused(await t.call({ method: 'GET', url: `${W}/payment/exportXls`, token: staff }), 403);
    });
  });

  describe('who may', () => {
    it("keeps tenant 1's payments from tenant 2", async () => {
      const a = await charged(100n);
      const payment = await draft([a.id]);
      refused(await call('/payment/details', merchant2, { id: payment.id }, null), 404);
      refused(await call('/payment/confirm', merchant2, { id: payment.id }, null), 404);
      refused(await call('/payment/confirm/submit', merchant2, { id: payment.id }), 404);
      refused(await call('/payment/edit', merchant2, { id: payment.id, orderIds: [a.id] }), 404);
      refused(await call('/deletePaymentRecord', merchant2, { id: payment.id }, null), 404);
      expect(refused(await call('/payment/submit', merchant2, { orderIds: [a.id] }), 404)).toContain(String(a.id));
      expect(ok<Page<PaymentRecord>>(await call('/payment/list', merchant2, {}, null)).records).toEqual([]);
      expect((await paymentRow(payment.id))!.status).toBe('DRAFT');
      const sheet = await readXlsx(await t.call({ method: 'GET', url: `${W}/payment/exportXls`, token: merchant2, lang: 'en-US' }));
      expect(sheet.rows).toEqual([]);
    });

    const bodies: [string, object][] = [
      ['/payment/charges', {}],
      ['/payment/list', {}],
      ['/payment/details', { id: 1 }],
      ['/payment/submit', { orderIds: [1] }],
      ['/payment/edit', { id: 1, orderIds: [1] }],
      ['/deletePaymentRecord', { id: 1 }],
      ['/payment/confirm', { id: 1 }],
      ['/payment/confirm/submit', { id: 1 }],
    ];
    it.each(bodies)('refuses %s to merchant staff and to the platform', async (url, body) => {
      refused(await call(url, staff, body), 403);
      expect(refused(await call(url, finance, body), 403)).toBe('Platform accounts have no wallet: use a merchant account');
    });

    it('names the permission of each call in the API document', async () => {
      const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
      const expected: [string, string, string][] = [
        ['post', '/payment/charges', 'wallet:payment:list'],
        ['post', '/payment/list', 'wallet:payment:list'],
        ['post', '/payment/details', 'wallet:payment:list'],
        ['post', '/payment/submit', 'wallet:payment:add'],
        ['post', '/payment/edit', 'wallet:payment:edit'],
        ['post', '/deletePaymentRecord', 'wallet:payment:delete'],
        ['post', '/payment/confirm', 'wallet:payment:list'],
        ['post', '/payment/confirm/submit', 'wallet:payment:submit'],
        ['get', '/payment/exportXls', 'wallet:payment:export'],
      ];
      for (const [method, path, permission] of expected) expect(doc.paths[`${W}${path}`]?.[method]?.['x-permission'], path).toBe(permission);
    });
  });
});
