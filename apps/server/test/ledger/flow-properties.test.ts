import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import { orders } from '../../src/db/schema/logistics.ts';
import { journals, payments, payOrders, recharges, refunds, statements } from '../../src/db/schema/finance.ts';
import { auditLedger } from '../../src/modules/finance/ledger/repository.ts';
import { copyChargedOrders } from '../helpers/orders.ts';
import { createTestApp, testDbKind, type TestApp } from '../helpers/test-app.ts';
import { idempotencyHeaders, voucherUpload } from '../helpers/wallet-client.ts';
import { demoPicks } from '../helpers/purchase-platforms.ts';
import { PLATFORM_SEGMENTS } from '@portal/shared/pre-order-schemas';
import type { PurchasePlatform } from '@portal/shared/purchase';

/*
 * The wallet's proof through its real calls (app.inject, PostgreSQL): random sequences of recharges
 * (some converting, some rejected), payments of charges, balance and charge refunds (verified or
 * rejected), conversions between wallets and reversals, purchases of goods (a basket submitted and
 * paid from a wallet), sent all at once for two merchants, some requests sent twice with their key.
 * After each sequence: the ledger audit holds, each record and its journal agree, no request posted twice,
 * refunds never exceed what was paid, the PURCHASE account holds what merchants paid for purchases less what
 * went back, and each wallet's monthly statement reconciles with its balance and
 * is the same when generated again.
 */

const W = '/platform-api/finance/virtualWallet';
const WALLET_CURRENCIES = ['CNY', 'TWD'] as const satisfies readonly CurrencyCode[];
/** the receiving account of each transfer currency (RECEIVING_ACCOUNTS) */
const RECEIVING = { CNY: 'CN-ICBC', TWD: 'TW-CTBC', USD: 'US-CITI', HKD: 'HK-HSBC' } as const;
type TransferCurrency = keyof typeof RECEIVING;

type Merchant = 'merchant' | 'merchant2';
type Op =
  | { kind: 'recharge'; who: Merchant; from: TransferCurrency; to: (typeof WALLET_CURRENCIES)[number]; amount: string; approve: boolean; twice: boolean }
  | { kind: 'pay'; who: Merchant; picks: number[]; twice: boolean }
  | { kind: 'refundBalance'; who: Merchant; currency: (typeof WALLET_CURRENCIES)[number]; amount: string; approve: boolean; twice: boolean }
  | { kind: 'refundCharge'; who: Merchant; pick: number; percent: number; approve: boolean; twice: boolean }
  | { kind: 'reverse'; who: Merchant; pick: number; twice: boolean }
  | { kind: 'convert'; who: Merchant; from: (typeof WALLET_CURRENCIES)[number]; amount: string; twice: boolean }
  // goods bought on a platform, paid from one of the wallets
  | { kind: 'purchase'; who: Merchant; platform: PurchasePlatform; pick: number; quantity: number; currency: (typeof WALLET_CURRENCIES)[number]; twice: boolean };

const who = fc.constantFrom<Merchant>('merchant', 'merchant2');
const decimal = fc.tuple(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('recharge' as const), who, from: fc.constantFrom<TransferCurrency>('CNY', 'TWD', 'USD', 'HKD'), to: fc.constantFrom(...WALLET_CURRENCIES), amount: decimal, approve: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)), twice: fc.boolean() }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), who, picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), twice: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('refundBalance' as const), who, currency: fc.constantFrom(...WALLET_CURRENCIES), amount: decimal, approve: fc.boolean(), twice: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('refundCharge' as const), who, pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }), approve: fc.boolean(), twice: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reverse' as const), who, pick: fc.nat(), twice: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('convert' as const), who, from: fc.constantFrom(...WALLET_CURRENCIES), amount: decimal, twice: fc.boolean() }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('purchase' as const), who, platform: fc.constantFrom<PurchasePlatform>('TAOBAO', '1688'), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }), currency: fc.constantFrom(...WALLET_CURRENCIES), twice: fc.boolean() }),
    weight: 3,
  },
);

describe('the wallet flows on PostgreSQL', () => {
  let t: TestApp;
  const tokens = {} as Record<Merchant | 'finance', string>;
  const tenantOf: Record<Merchant, number> = { merchant: 1, merchant2: 2 };
  const chargesOf: Record<Merchant, number[]> = { merchant: [], merchant2: [] };
  let requests = 0;
  let keySequence = 0;

  beforeAll(async () => {
    if (testDbKind() !== 'postgres') throw new Error('the ledger proofs run on PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=...');
    t = await createTestApp();
    for (const name of ['merchant', 'merchant2', 'finance'] as const) tokens[name] = await t.login(name);
    // charges to pay for both merchants: copies of a weighed demo order
    const [template] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, 1), isNotNull(orders.freightCharge), ne(orders.status, 'CANCEL'), eq(orders.freightCurrency, 'CNY')))
      .limit(1);
    if (!template) throw new Error('the demo has no weighed CNY order');
    for (const merchant of ['merchant', 'merchant2'] as const) {
      chargesOf[merchant] = await copyChargedOrders(t.db, { templateId: template.id, tenantId: tenantOf[merchant], count: 300, tag: `FP${tenantOf[merchant]}` });
    }
  });
  afterAll(async () => {
    if (t) {
      const states = (await t.db.execute(sql`
        select 'recharge ' || status as what, count(*)::int as n from fin_recharge group by status
        union all select 'payment ' || status, count(*)::int from fin_payment group by status
        union all select 'refund ' || kind || ' ' || status, count(*)::int from fin_refund group by kind, status
        union all select 'journal ' || kind, count(*)::int from fin_journal group by kind
        union all select 'purchase charge ' || status, count(*)::int from pur_charge group by status order by 1`)) as unknown as { rows: { what: string; n: number }[] };
      console.info(`wallet flow proofs: ${requests} requests; ${states.rows.map((row) => `${row.what}: ${row.n}`).join(', ')}`);
    }
    await t?.close();
  });

  const key = () => `flow-${++keySequence}-${Math.random().toString(36).slice(2)}`;
  const send = async (token: string, url: string, payload: unknown, idempotencyKey?: string) => {
    requests += 1;
    const response = await t.call({ method: 'POST', url, token, payload: payload as Record<string, unknown>, headers: idempotencyHeaders(idempotencyKey ?? null) });
    // no request a client can send produces a 500
    expect(response.statusCode, response.body).toBeLessThan(500);
    return { status: response.statusCode, body: response.json() as { result: Record<string, unknown> & { id: number } } };
  };
  /** sent once or, to prove idempotency, twice at the same time with the same key: the answers agree */
  const sendMaybeTwice = async (twice: boolean, token: string, url: string, payload: unknown) => {
    const k = key();
    const answers = await Promise.all(Array.from({ length: twice ? 2 : 1 }, () => send(token, url, payload, k)));
    if (answers.length === 2 && answers[0]?.status === 200) expect(answers[1]?.body.result).toEqual(answers[0].body.result);
    return answers[0] as Awaited<ReturnType<typeof send>>;
  };

  async function run(o: Op): Promise<void> {
    const token = tokens[o.who];
    const tenantId = tenantOf[o.who];
    switch (o.kind) {
      case 'recharge': {
        const voucher = await t.call({ method: 'POST', url: `${W}/recharge/credentials`, token, ...voucherUpload() });
        expect(voucher.statusCode, voucher.body).toBe(200);
        const submitted = await sendMaybeTwice(o.twice, token, `${W}/recharge/submit`, {
          transferCurrency: o.from,
          transferAmount: o.amount,
          receivedCurrency: o.to,
          receivingAccountCode: RECEIVING[o.from],
          payerName: 'Proof',
          voucherIds: [(voucher.json() as { result: { id: number } }).result.id],
          draft: false,
        });
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
        const decided = await sendMaybeTwice(o.twice, tokens.finance, `${W}/recharge/confirm/submit`, { id: submitted.body.result.id, approve: o.approve, reason: o.approve ? '' : 'no such transfer on the statement' });
        expect(decided.status, JSON.stringify(decided.body)).toBe(200);
        return;
      }
      case 'pay': {
        const ids = [...new Set(o.picks.map((pick) => chargesOf[o.who][pick % chargesOf[o.who].length] as number))];
        const paid = await sendMaybeTwice(o.twice, token, `${W}/payment/submit`, { orderIds: ids, draft: false });
        // paid, or refused: not enough money, or a charge another payment took first
        expect([200, 409]).toContain(paid.status);
        return;
      }
      case 'refundBalance': {
        const asked = await sendMaybeTwice(o.twice, token, `${W}/refund/submit`, { kind: 'BALANCE', currency: o.currency, amount: o.amount, payeeName: 'Proof', payeeAccount: '123', payeeBank: 'Bank', reason: '' });
        expect([200, 409]).toContain(asked.status);
        if (asked.status === 200) await decideRefund(asked.body.result.id, o.approve, o.twice);
        return;
      }
      case 'refundCharge': {
        // freight charges: a purchase payment comes back through its purchase orders' settlement, never a charge refund
        const paid = await t.db.select({ no: payOrders.payOrderNo, amount: payOrders.amount, refunded: payOrders.refunded }).from(payOrders).where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.source, 'FREIGHT'))).orderBy(payOrders.id);
        const payOrder = paid[o.pick % Math.max(1, paid.length)];
        if (!payOrder || payOrder.refunded >= payOrder.amount) return;
        const amount = ((payOrder.amount - payOrder.refunded) * BigInt(o.percent)) / 100n || 1n;
        const asked = await sendMaybeTwice(o.twice, token, `${W}/refund/submit`, { kind: 'CHARGE', payOrderNo: payOrder.no, amount: `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`, reason: 'proof' });
        expect([200, 409]).toContain(asked.status);
        if (asked.status === 200) await decideRefund(asked.body.result.id, o.approve, o.twice);
        return;
      }
      case 'convert': {
        const to = o.from === 'CNY' ? 'TWD' : 'CNY';
        const body = { fromCurrency: o.from, toCurrency: to, amount: o.amount };
        const preview = await send(token, `${W}/convert/preview`, body);
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        const converted = await sendMaybeTwice(o.twice, token, `${W}/convert/submit`, { ...body, expectedRate: preview.body.result.rate });
        // converted, or refused: not enough money (the rate cannot change here: nobody edits it)
        expect([200, 409]).toContain(converted.status);
        return;
      }
      case 'purchase': {
        const base = `/api/purchase/${PLATFORM_SEGMENTS[o.platform]}`;
        const products = demoPicks(o.platform).all;
        const product = products[o.pick % products.length]!;
        const added = await send(token, `${base}/basket/add`, { itemId: product.itemId, skuId: product.skus[0]!.skuId, quantity: o.quantity });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        // submitted, or refused: a racing purchase of the same merchant submitted the basket first
        const submitted = await send(token, `${base}/preOrder/submit`, { remark: '', fallback: 'CONTACT_ME', warehouseCode: 'SZ01' });
        expect([200, 409]).toContain(submitted.status);
        if (submitted.status !== 200) return;
        const preview = await send(token, `${base}/preOrder/pay/preview`, { id: submitted.body.result.id, currency: o.currency });
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        const paid = await sendMaybeTwice(o.twice, token, `${base}/preOrder/pay`, { id: submitted.body.result.id, currency: o.currency, expectedRate: preview.body.result.rate });
        // paid, or refused: not enough money
        expect([200, 409]).toContain(paid.status);
        return;
      }
      case 'reverse': {
        const confirmed = await t.db.select({ id: recharges.id }).from(recharges).where(and(eq(recharges.tenantId, tenantId), eq(recharges.status, 'CONFIRMED'))).orderBy(recharges.id);
        const target = confirmed[o.pick % Math.max(1, confirmed.length)];
        if (!target) return;
        const reversed = await sendMaybeTwice(o.twice, tokens.finance, `${W}/recharge/reverse`, { rechargeId: target.id, reason: 'bank recalled the transfer' });
        // reversed, or refused: the money is spent, or a racing reversal came first
        expect([200, 409]).toContain(reversed.status);
      }
    }
  }

  async function decideRefund(id: number, approve: boolean, twice: boolean) {
    const decided = await sendMaybeTwice(twice, tokens.finance, `${W}/refund/verify`, { id, approve, reason: approve ? '' : 'not this month' });
    // approved, rejected, or refused: the balance was spent meanwhile
    expect([200, 409]).toContain(decided.status);
  }

  it('keeps records, ledger and statements in agreement through random concurrent sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 24 }), async (ops) => {
        // recharges first so there is money to move, then everything else at once
        await Promise.all(ops.filter((o) => o.kind === 'recharge').map(run));
        await Promise.all(ops.filter((o) => o.kind !== 'recharge').map(run));
        await expectAgreement();
      }),
      { numRuns: 30 },
    );
  });

  async function expectAgreement() {
    const db = t.db;
    expect(await auditLedger(db)).toEqual({});
    // a record is posted exactly when its state says so, once
    const postedRefs = new Map<string, number>();
    for (const row of await db.select({ refNo: journals.refNo, kind: journals.kind }).from(journals).where(ne(journals.kind, 'REVERSAL'))) postedRefs.set(row.refNo, (postedRefs.get(row.refNo) ?? 0) + 1);
    for (const row of await db.select({ no: recharges.rechargeNo, status: recharges.status, journalId: recharges.journalId }).from(recharges)) {
      expect(postedRefs.get(row.no) ?? 0, row.no).toBe(row.status === 'CONFIRMED' || row.status === 'REVERSED' ? 1 : 0);
    }
    for (const row of await db.select({ no: payments.paymentNo, status: payments.status }).from(payments)) expect(postedRefs.get(row.no) ?? 0, row.no).toBe(row.status === 'PAID' ? 1 : 0);
    for (const row of await db.select({ no: refunds.refundNo, status: refunds.status }).from(refunds)) expect(postedRefs.get(row.no) ?? 0, row.no).toBe(row.status === 'APPROVED' ? 1 : 0);
    const reversals = (await db.execute(sql`select count(*)::int as n from fin_journal where kind = 'REVERSAL'`)) as unknown as { rows: { n: number }[] };
    const reversedRecharges = await db.select({ id: recharges.id }).from(recharges).where(eq(recharges.status, 'REVERSED'));
    expect(reversals.rows[0]?.n).toBe(reversedRecharges.length);
    // a paid charge's refunds add up to what its pay order says, and never past what was paid
    const refundedSums = (await db.execute(sql`
      select p.pay_order_no, p.amount::text, p.refunded::text, coalesce(sum(r.amount) filter (where r.status = 'APPROVED'), 0)::text as approved
      from fin_pay_order p left join fin_refund r on r.pay_order_id = p.id group by p.tenant_id, p.id`)) as unknown as { rows: { pay_order_no: string; amount: string; refunded: string; approved: string }[] };
    for (const row of refundedSums.rows) {
      expect(row.approved, row.pay_order_no).toBe(row.refunded);
      expect(BigInt(row.refunded) <= BigInt(row.amount)).toBe(true);
    }
    // each charge paid at most once (the unique index), each paid payment's lines all have pay orders
    const orphanLines = (await db.execute(sql`
      select l.order_id from fin_payment_line l join fin_payment p on p.id = l.payment_id
      where p.status = 'PAID' and not exists (select 1 from fin_pay_order o where o.payment_id = p.id and o.source_id = l.order_id)`)) as unknown as { rows: unknown[] };
    expect(orphanLines.rows).toEqual([]);

    // purchases: a charge is PAID exactly when it has its pay order, for the amount its wallet paid,
    // and the PURCHASE account holds what merchants paid for purchases less what went back to them
    const chargeMismatch = (await db.execute(sql`
      select c.tenant_id, c.id from pur_charge c left join fin_pay_order p on p.tenant_id = c.tenant_id and p.source = 'PURCHASE' and p.source_id = c.id
      where (c.status = 'PAID') <> (p.id is not null) or (p.id is not null and (p.amount <> c.pay_amount or p.currency <> c.pay_currency or p.id <> c.pay_order_id))`)) as unknown as { rows: unknown[] };
    expect(chargeMismatch.rows).toEqual([]);
    const purchaseHeld = (await db.execute(sql`
      select coalesce(a.currency, p.currency) as currency, coalesce(a.held, 0)::text as held, coalesce(p.owed, 0)::text as owed from
        (select e.currency, sum(e.amount) as held from fin_entry e join fin_account ac on ac.id = e.account_id where ac.kind = 'PURCHASE' group by e.currency) a
        full join (select currency, sum(amount - refunded) as owed from fin_pay_order where source = 'PURCHASE' group by currency) p on p.currency = a.currency
      where coalesce(a.held, 0) <> coalesce(p.owed, 0)`)) as unknown as { rows: unknown[] };
    expect(purchaseHeld.rows).toEqual([]);
    // a pre-order is PAID exactly when its estimate is
    const preOrderMismatch = (await db.execute(sql`
      select o.id from pur_pre_order o join pur_charge c on c.tenant_id = o.tenant_id and c.pre_order_id = o.id and c.kind = 'GOODS'
      where (o.status = 'PAID') <> (c.status = 'PAID')`)) as unknown as { rows: unknown[] };
    expect(preOrderMismatch.rows).toEqual([]);

    // statements: this month's of every wallet reconciles with the wallet, and is the same generated again
    const month = (await db.execute(sql`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM') as month`)) as unknown as { rows: { month: string }[] };
    for (const merchant of ['merchant', 'merchant2'] as const) {
      for (const currency of WALLET_CURRENCIES) {
        const body = { month: month.rows[0]?.month, currency, remark: '' };
        const first = await send(tokens[merchant], '/api/finance/brand/account/history/createOrUpdate', body);
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const figures = first.body.result as unknown as { id: number; opening: string; credits: string; debits: string; closing: string };
        const cents = (value: string) => BigInt(value.replace('.', ''));
        expect(cents(figures.opening) + cents(figures.credits) + cents(figures.debits)).toBe(cents(figures.closing));
        const balance = await send(tokens[merchant], `${W}/balance`, { currency });
        expect(figures.closing).toBe(balance.body.result.balance);
        const detail = await send(tokens[merchant], '/api/finance/brand/account/history/detail', { id: figures.id });
        const lines = (detail.body.result as unknown as { lines: { balance: string }[] }).lines;
        if (lines.length > 0) expect(lines[lines.length - 1]?.balance).toBe(figures.closing);
        const again = await send(tokens[merchant], '/api/finance/brand/account/history/createOrUpdate', body);
        expect({ ...again.body.result, generatedAt: null }).toEqual({ ...first.body.result, generatedAt: null });
      }
    }
    expect((await db.select({ id: statements.id }).from(statements)).length).toBeGreaterThan(0);
  }
});
