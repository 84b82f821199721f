import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, convertMinor, type CurrencyCode } from '@portal/shared/money';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { Db } from '../../../src/db/client.ts';
import { accounts, payments, payOrders } from '../../../src/db/schema/finance.ts';
import { preOrderLines, preOrders, purchaseCharges } from '../../../src/db/schema/purchase.ts';
import { financeNo } from '../../../src/modules/finance/ledger/repository.ts';
import { platformLeg, walletLeg } from '../../../src/modules/finance/ledger/model.ts';
import { post } from '../../../src/modules/finance/ledger/service.ts';
import { must } from '../../../src/lib/must.ts';
import { tableNamed } from '../../helpers/table-named.ts';
import { conflict } from '../../../src/lib/errors.ts';
import { createDemoClient } from '../../../src/modules/purchase/platform/demo-catalogue.ts';
import type { PurchasePlatforms } from '../../../src/modules/purchase/platform/registry.ts';
import { PlatformError, type PlatformOrder, type PurchasePlatformClient } from '../../../src/modules/purchase/platform/types.ts';

/*
 * Paid pre-purchase orders for the buying tests, made the way the pre-order payment makes them (a
 * pay order of source PURCHASE, source id = the charge, payCurrency/payRate/payAmount on the charge, one
 * PAYMENT journal WALLET −P, PURCHASE +P), straight in the database: the basket and its payment are
 * another area's, built at the same time.
 */

export type FixtureLine = { sellerId: string; unitPrice: bigint; quantity: number; expressFee?: bigint; title?: string; storeName?: string };

export type PaidPreOrder = { id: number; tenantId: number; preOrderNo: string; goodsChargeId: number; total: bigint; payAmount: bigint; currency: CurrencyCode; lineIds: number[] };

/** The highest express fee per seller, summed; 5 % of the goods with a floor of 5.00 CNY. */
export function estimateOf(lines: FixtureLine[]) {
  const goods = lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n);
  const perSeller = new Map<string, bigint>();
  for (const line of lines) perSeller.set(line.sellerId, (perSeller.get(line.sellerId) ?? 0n) > (line.expressFee ?? 0n) ? (perSeller.get(line.sellerId) ?? 0n) : (line.expressFee ?? 0n));
  const express = [...perSeller.values()].reduce((sum, fee) => sum + fee, 0n);
  const fee = (goods * 5n) / 100n;
  const service = fee < 500n ? 500n : fee;
  return { goods, express, service, total: goods + express + service };
}

/** Money into a tenant's wallet as a confirmed recharge posts it. */
export async function fund(db: Db, tenantId: number, currency: CurrencyCode, minor: bigint): Promise<void> {
  await db.transaction(async (tx) =>
    post(tx, { tenantId, kind: 'RECHARGE', refNo: `RCTEST${randomBytes(6).toString('hex')}`, createdBy: null }, [platformLeg('BANK', currency, -minor), walletLeg(tenantId, currency, minor)]),
  );
}

export async function walletOf(db: Db, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.balance ?? 0n;
}

/** The platform's PURCHASE account in `currency`: what merchants paid for goods less what came back. */
export async function purchaseAccountOf(db: Db, currency: CurrencyCode): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(e.amount), 0)::text` })
    .from(sql`fin_entry e join fin_account a on a.id = e.account_id`)
    .where(sql`a.tenant_id = ${PLATFORM_TENANT} and a.kind = 'PURCHASE' and a.currency = ${currency}`);
  return BigInt(row?.sum ?? '0');
}

/** Pays a charge from the wallet at `rate` (1 CNY = rate currency) the way the pre-order payment does; answers what the wallet paid. */
export async function payCharge(db: Db, charge: { tenantId: number; id: number; preOrderNo: string; amount: bigint }, currency: CurrencyCode, rate: string, userId: number | null = null): Promise<bigint> {
  const payAmount = convertMinor(charge.amount, CURRENCY_EXPONENTS.CNY, CURRENCY_EXPONENTS[currency], rate).amount;
  await db.transaction(async (tx) => {
    // the charge first, as the payment locks it: a top-up cancelled meanwhile is not paid
    const [unpaid] = await tx
      .select({ status: purchaseCharges.status })
      .from(purchaseCharges)
      .where(and(eq(purchaseCharges.tenantId, charge.tenantId), eq(purchaseCharges.id, charge.id)))
      .for('update');
    if (unpaid?.status !== 'UNPAID') throw conflict('paymentChargePaid', { orderNo: charge.preOrderNo });
    const [payment] = await tx
      .insert(payments)
      .values({ tenantId: charge.tenantId, paymentNo: financeNo('PY'), status: 'PAID', currency, amount: payAmount, createdBy: userId, paidBy: userId, paidAt: sql`now()` })
      .returning({ id: payments.id, paymentNo: payments.paymentNo });
    const paid = must(payment, 'payment');
    const [payOrder] = await tx
      .insert(payOrders)
      .values({ tenantId: charge.tenantId, payOrderNo: financeNo('PO'), source: 'PURCHASE', sourceId: charge.id, sourceNo: charge.preOrderNo, paymentId: paid.id, currency, amount: payAmount })
      .returning({ id: payOrders.id });
    const posted = await post(tx, { tenantId: charge.tenantId, kind: 'PAYMENT', refNo: paid.paymentNo, memo: charge.preOrderNo, createdBy: userId }, [walletLeg(charge.tenantId, currency, -payAmount), platformLeg('PURCHASE', currency, payAmount)]);
    await tx.update(payments).set({ journalId: posted.journalId }).where(and(eq(payments.tenantId, charge.tenantId), eq(payments.id, paid.id)));
    await tx
      .update(purchaseCharges)
      .set({ status: 'PAID', payCurrency: currency, payRate: rate, payAmount, payOrderId: must(payOrder, 'pay order').id, journalId: posted.journalId, paidBy: userId, paidAt: sql`now()` })
      .where(and(eq(purchaseCharges.tenantId, charge.tenantId), eq(purchaseCharges.id, charge.id)));
  });
  return payAmount;
}

let serial = 0;

/**
 * A PAID pre-order of `tenantId` with these lines, its GOODS charge paid from the wallet in `currency` at
 * `rate` (the wallet is funded with what it costs first unless `fundFirst` is false).
 */
export async function paidPreOrder(
  db: Db,
  options: { tenantId?: number; platform?: PurchasePlatform; lines: FixtureLine[]; currency?: CurrencyCode; rate?: string; fundFirst?: boolean; createdBy?: number | null },
): Promise<PaidPreOrder> {
  const tenantId = options.tenantId ?? 1;
  const currency = options.currency ?? 'CNY';
  const rate = options.rate ?? '1';
  const estimate = estimateOf(options.lines);
  serial += 1;
  const preOrderNo = `PP${randomBytes(4).toString('hex').toUpperCase()}${String(serial).padStart(4, '0')}`;
  const created = await db.transaction(async (tx) => {
    const [preOrder] = await tx
      .insert(preOrders)
      .values({
        tenantId,
        preOrderNo,
        platform: options.platform ?? 'TAOBAO',
        status: 'SUBMITTED',
        goodsAmount: estimate.goods,
        expressFee: estimate.express,
        serviceFee: estimate.service,
        totalAmount: estimate.total,
        warehouseCode: 'SZ01',
        createdBy: options.createdBy ?? null,
        submittedAt: sql`now()`,
      })
      .returning({ id: preOrders.id });
    const id = must(preOrder, 'pre-order').id;
    const lines = await tx
      .insert(preOrderLines)
      .values(
        options.lines.map((line, index) => ({
          tenantId,
          preOrderId: id,
          lineNo: index + 1,
          itemId: `9${String(index).padStart(8, '0')}`,
          skuId: `${index + 1}`,
          title: line.title ?? `Item ${index + 1} of ${line.sellerId}`,
          sellerId: line.sellerId,
          storeName: line.storeName ?? `Store ${line.sellerId}`,
          unitPrice: line.unitPrice,
          expressFee: line.expressFee ?? 0n,
          quantity: line.quantity,
        })),
      )
      .returning({ id: preOrderLines.id });
    const [charge] = await tx.insert(purchaseCharges).values({ tenantId, preOrderId: id, kind: 'GOODS', status: 'UNPAID', amount: estimate.total }).returning({ id: purchaseCharges.id });
    return { id, lineIds: lines.map((line) => line.id), chargeId: must(charge, 'charge').id };
  });
  const needed = convertMinor(estimate.total, CURRENCY_EXPONENTS.CNY, CURRENCY_EXPONENTS[currency], rate).amount;
  if (options.fundFirst !== false) await fund(db, tenantId, currency, needed);
  const payAmount = await payCharge(db, { tenantId, id: created.chargeId, preOrderNo, amount: estimate.total }, currency, rate);
  await db
    .update(preOrders)
    .set({ status: 'PAID', paidAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, created.id)));
  return { id: created.id, tenantId, preOrderNo, goodsChargeId: created.chargeId, total: estimate.total, payAmount, currency, lineIds: created.lineIds };
}

/** The unpaid top-ups of a pre-order. */
export async function unpaidTopUps(db: Db, tenantId: number, preOrderId: number) {
  return db
    .select({ id: purchaseCharges.id, amount: purchaseCharges.amount, purchaseOrderId: purchaseCharges.purchaseOrderId })
    .from(purchaseCharges)
    .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.preOrderId, preOrderId), eq(purchaseCharges.kind, 'TOPUP'), eq(purchaseCharges.status, 'UNPAID')))
    .orderBy(purchaseCharges.id);
}

/** A digest of everything purchasing and the ledger hold: unchanged after a refused request. */
export async function moneyAndPurchaseDigest(db: Db): Promise<string> {
  const tables = ['pur_pre_order', 'pur_pre_order_line', 'pur_charge', 'pur_order', 'pur_order_line', 'fin_pay_order', 'fin_refund', 'fin_journal', 'fin_entry', 'fin_account'] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const result = (await db.execute(sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from ${tableNamed(table)} t`)) as unknown as { rows: { h: string }[] };
    parts.push(`${table}:${result.rows[0]?.h ?? ''}`);
  }
  return parts.join(';');
}

/**
 * The demo platforms with a script: how placeOrder answers (confirmed at the lines' prices plus `delta`
 * fen, waiting, timed out, refused) and what findOrder answers per purchase number. A real client in
 * front of the real demo catalogue, not a mock of the server.
 */
export function scriptedPlatforms() {
  const script = {
    place: 'confirm' as 'confirm' | 'wait' | 'timeout' | 'refused' | 'throttled',
    /** added to the confirmed actual payment */
    delta: 0n,
    express: 0n,
    found: new Map<string, PlatformOrder | null>(),
    placed: [] as string[],
  };
  const clientOf = (platform: PurchasePlatform): PurchasePlatformClient => {
    const demo = createDemoClient(platform);
    return {
      platform,
      demo: true,
      search: (query) => demo.search(query),
      product: (itemId) => demo.product(itemId),
      async placeOrder(input) {
        script.placed.push(input.purchaseNo);
        if (script.place === 'timeout') throw new PlatformError('timeout', 'no answer within 10 s');
        if (script.place === 'refused') throw new PlatformError('refused', 'item off the shelf', 'isv.item-not-exist');
        if (script.place === 'throttled') throw new PlatformError('throttled', 'too many calls');
        const goods = input.lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n);
        const order: PlatformOrder = {
          externalPurchaseNo: `EXT${input.purchaseNo}`,
          platformOrderId: `T${input.purchaseNo.slice(2)}`,
          state: script.place === 'wait' ? 'WAIT_CONFIRM' : 'CONFIRMED',
          actualPaymentAmount: script.place === 'wait' ? null : goods + script.express + script.delta,
          domesticExpressFee: script.place === 'wait' ? null : script.express,
          expressCompany: null,
          expressNo: null,
        };
        script.found.set(input.purchaseNo, order);
        return order;
      },
      async findOrder(purchaseNo) {
        return script.found.get(purchaseNo) ?? null;
      },
    };
  };
  const clients = { TAOBAO: clientOf('TAOBAO'), '1688': clientOf('1688') } as const;
  const platforms: PurchasePlatforms = { get: (platform) => clients[platform] };
  return { platforms, script };
}
