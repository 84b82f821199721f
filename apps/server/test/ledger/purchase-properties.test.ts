import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import { users } from '../../src/db/schema/sys.ts';
import { preOrders, purchaseCharges, purchaseOrders } from '../../src/db/schema/purchase.ts';
import { AppError } from '../../src/lib/errors.ts';
import { auditLedger } from '../../src/modules/finance/ledger/repository.ts';
import { cancelOrder, confirmOrder } from '../../src/modules/purchase/purchase-order/service.ts';
import { cancelPreOrder, splitPreOrder, takePreOrder } from '../../src/modules/purchase/queue/service.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-app.ts';
import { fund, paidPreOrder, payCharge, purchaseAccountOf, type FixtureLine } from '../api/purchase/buying-fixtures.ts';

/*
 * The ledger's proof for purchasing, on PostgreSQL: random sequences of paid pre-orders (in
 * CNY and in HKD at random rates), settlements lower and higher than the estimate, paid top-ups,
 * cancellations of purchase orders and of whole pre-orders, all sent at once. After each sequence: the
 * ledger audit holds (journals balance, no wallet negative), the PURCHASE account of each currency is
 * what was paid for purchases less what came back, no pay order is refunded past what it paid, and each
 * purchase order raised at most one top-up.
 */

const CURRENCIES = ['CNY', 'HKD'] as const satisfies readonly CurrencyCode[];

type Buy = { tenant: number; currency: (typeof CURRENCIES)[number]; rate: string; sellers: number; fundFirst: boolean };
type Act = { kind: 'confirm'; pick: number; delta: number } | { kind: 'cancel'; pick: number; outOfStock: boolean } | { kind: 'cancelPre'; pick: number } | { kind: 'payTopUp'; pick: number };

const rate = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 9999 })).map(([whole, fraction]) => `${whole + 1}.${String(fraction).padStart(4, '0')}`);
const buy: fc.Arbitrary<Buy> = fc.record({
  tenant: fc.constantFrom(1, 2),
  currency: fc.constantFrom(...CURRENCIES),
  rate,
  sellers: fc.integer({ min: 1, max: 3 }),
  fundFirst: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
});
const act: fc.Arbitrary<Act> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(), delta: fc.integer({ min: -3000, max: 3000 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), outOfStock: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancelPre' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('payTopUp' as const), pick: fc.nat() }), weight: 2 },
);

const linesOf = (sellers: number, seed: number): FixtureLine[] =>
  Array.from({ length: sellers }, (_, index) => ({ sellerId: `P${index}`, unitPrice: BigInt(1000 + ((seed * 37 + index * 101) % 9000)), quantity: 1 + ((seed + index) % 3), expressFee: BigInt(((seed + index) % 4) * 250) }));

/** A refusal the rules must make (a wallet short of money, a move the machine does not allow). */
const refusal = (error: unknown) => error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404);

describe('purchasing proofs on PostgreSQL', () => {
  let target: TestDatabase;
  let purchaser = 0;
  let operations = 0;
  let refusals = 0;

  beforeAll(async () => {
    if (testDbKind() !== 'postgres') throw new Error('the ledger proofs run on PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=...');
    target = await createTestDatabase();
    const [row] = await target.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'purchaser'));
    purchaser = row?.id ?? 0;
  });
  afterAll(async () => {
    console.info(`purchasing proofs: ${operations} random operations, ${refusals} refused as they must be`);
    await target?.drop();
  });

  const attempt = async (work: () => Promise<unknown>) => {
    operations += 1;
    try {
      await work();
    } catch (error) {
      if (!refusal(error)) throw error;
      refusals += 1;
    }
  };

  it('keeps every invariant through random concurrent purchases, settlements and cancellations', async () => {
    const db = () => target.database.db;
    let seed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(buy, { minLength: 1, maxLength: 5 }), fc.array(act, { minLength: 1, maxLength: 14 }), async (buys, acts) => {
        // the purchases, all at once (some from a wallet that cannot pay them)
        const bought: { tenantId: number; id: number; currency: CurrencyCode; rate: string; preOrderNo: string }[] = [];
        await Promise.all(
          buys.map((b) =>
            attempt(async () => {
              seed += 1;
              const lines = linesOf(b.sellers, seed);
              if (!b.fundFirst) await fund(db(), b.tenant, b.currency, BigInt(seed * 13));
              const pre = await paidPreOrder(db(), { tenantId: b.tenant, lines, currency: b.currency, rate: b.rate, fundFirst: b.fundFirst });
              await takePreOrder(db(), { tenantId: pre.tenantId, id: pre.id }, purchaser);
              await splitPreOrder(db(), { tenantId: pre.tenantId, id: pre.id }, purchaser);
              bought.push({ tenantId: pre.tenantId, id: pre.id, currency: b.currency, rate: b.rate, preOrderNo: pre.preOrderNo });
            }),
          ),
        );
        if (bought.length === 0) return;
        const orders = await db()
          .select({ tenantId: purchaseOrders.tenantId, id: purchaseOrders.id, preOrderId: purchaseOrders.preOrderId, estimate: sql<string>`(${purchaseOrders.purchaseAmount} + ${purchaseOrders.estimatedExpressFee})::text` })
          .from(purchaseOrders)
          .where(sql`(${purchaseOrders.tenantId}, ${purchaseOrders.preOrderId}) in (${sql.join(
            bought.map((pre) => sql`(${pre.tenantId}, ${pre.id})`),
            sql`, `,
          )})`);
        // everything else at once: the locks decide the order
        await Promise.all(
          acts.map((a) =>
            attempt(async () => {
              const order = orders[a.pick % orders.length];
              if (!order) return;
              const pre = bought.find((p) => p.tenantId === order.tenantId && p.id === order.preOrderId);
              if (!pre) return;
              switch (a.kind) {
                case 'confirm': {
                  const actual = BigInt(order.estimate) + BigInt(a.delta);
                  const text = (actual < 0n ? 0n : actual).toString().padStart(3, '0');
                  await confirmOrder(db(), { tenantId: order.tenantId, id: order.id, externalPurchaseNo: `X${order.id}`, platformOrderId: '', domesticExpressFee: '0', actualPaymentAmount: `${text.slice(0, -2)}.${text.slice(-2)}` }, purchaser);
                  return;
                }
                case 'cancel':
                  await cancelOrder(db(), { tenantId: order.tenantId, id: order.id, outOfStock: a.outOfStock, reason: 'proof' }, purchaser);
                  return;
                case 'cancelPre':
                  await cancelPreOrder(db(), { tenantId: pre.tenantId, id: pre.id, reason: 'proof' }, purchaser);
                  return;
                case 'payTopUp': {
                  const [topUp] = await db()
                    .select({ id: purchaseCharges.id, amount: purchaseCharges.amount })
                    .from(purchaseCharges)
                    .where(and(eq(purchaseCharges.tenantId, pre.tenantId), eq(purchaseCharges.preOrderId, pre.id), eq(purchaseCharges.kind, 'TOPUP'), eq(purchaseCharges.status, 'UNPAID')));
                  if (!topUp) return;
                  await fund(db(), pre.tenantId, pre.currency, topUp.amount * 5n);
                  await payCharge(db(), { tenantId: pre.tenantId, id: topUp.id, preOrderNo: pre.preOrderNo, amount: topUp.amount }, pre.currency, pre.rate);
                  return;
                }
              }
            }),
          ),
        );

        expect(await auditLedger(db())).toEqual({});
        const checks = (await db().execute(sql`
          select
            (select count(*)::int from fin_pay_order p where p.source = 'PURCHASE' and (p.refunded > p.amount or p.refunded < 0)) as over_refunded,
            (select count(*)::int from fin_pay_order p where p.source = 'PURCHASE' and p.refunded <> coalesce((select sum(r.amount) from fin_refund r where r.tenant_id = p.tenant_id and r.pay_order_id = p.id and r.status = 'APPROVED'), 0)) as refund_rows_differ,
            (select count(*)::int from (select purchase_order_id from pur_charge where kind = 'TOPUP' group by tenant_id, purchase_order_id having count(*) > 1) x) as two_top_ups,
            (select count(*)::int from pur_order where status in ('PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK') and settled_at is null) as unsettled_bought
        `)) as unknown as { rows: { over_refunded: number; refund_rows_differ: number; two_top_ups: number; unsettled_bought: number }[] };
        expect(checks.rows[0]).toEqual({ over_refunded: 0, refund_rows_differ: 0, two_top_ups: 0, unsettled_bought: 0 });
        for (const currency of CURRENCIES) {
          const [held] = (
            (await db().execute(sql`select coalesce(sum(amount - refunded), 0)::text as held from fin_pay_order where source = 'PURCHASE' and currency = ${currency}`)) as unknown as { rows: { held: string }[] }
          ).rows;
          expect(await purchaseAccountOf(db(), currency)).toBe(BigInt(held?.held ?? '0'));
        }
        // a cancelled pre-order gave back everything it was paid
        const cancelled = (await db().execute(sql`
          select count(*)::int as n from fin_pay_order p join pur_charge c on c.tenant_id = p.tenant_id and c.id = p.source_id
          join ${preOrders} o on o.tenant_id = c.tenant_id and o.id = c.pre_order_id
          where p.source = 'PURCHASE' and o.status = 'CANCELLED' and p.refunded <> p.amount`)) as unknown as { rows: { n: number }[] };
        expect(cancelled.rows[0]?.n).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
