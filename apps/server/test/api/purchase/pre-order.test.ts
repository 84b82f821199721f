import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { BasketRecord, PayPreview, PayResult, PreOrderDetail, PreOrderRecord } from '@portal/shared/pre-order-schemas';
import { currencyFromMinor } from '@portal/shared/money';
import { accounts, entries, journals, payOrders, payments, rates } from '../../../src/db/schema/finance.ts';
import { purchaseCharges } from '../../../src/db/schema/purchase.ts';
import { auditLedger } from '../../../src/modules/finance/ledger/repository.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, readXlsx, refused } from '../../helpers/answers.ts';
import { fundWallet, newKey, walletBalanceOf, walletPost } from '../../helpers/wallet-client.ts';
import { demoPicks, steerablePlatforms } from '../../helpers/purchase-platforms.ts';

type Page<T> = { records: T[]; total: number };
const T = '/api/purchase/taobao';
const HOUR_MS = 3_600_000;

describe(`pre-purchase orders: basket, submission, payment (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let merchant2: string;
  let staff: string;
  let admin: string;
  const platforms = steerablePlatforms();
  const picks = demoPicks('TAOBAO');
  const skuOf = (index: number, product = picks.first) => product.skus[index]!;

  beforeAll(async () => {
    t = await createTestApp({ purchasePlatforms: platforms });
    [merchant, merchant2, staff, admin] = await Promise.all([t.login('merchant'), t.login('merchant2'), t.login('staff'), t.login('admin')]);
    await t.db.delete(rates);
    await t.db.insert(rates).values([
      { baseCurrency: 'CNY', quoteCurrency: 'USD', rate: '0.1381', effectiveFrom: new Date(Date.now() - HOUR_MS) },
      // only the opposite pair: CNY→TWD is 1 / 0.2235
      { baseCurrency: 'TWD', quoteCurrency: 'CNY', rate: '0.2235', effectiveFrom: new Date(Date.now() - HOUR_MS) },
      { baseCurrency: 'CNY', quoteCurrency: 'SGD', rate: '0.19', effectiveFrom: new Date(Date.now() - HOUR_MS) },
    ]);
  });
  afterAll(() => t.close());
  beforeEach(() => platforms.reset());

  const get = async <R,>(url: string, token = merchant, query: Record<string, string> = {}) => ok<R>(await t.call({ method: 'GET', url, token, lang: 'en-US', query }));
  const postTo = (url: string, payload: object, token = merchant) => t.call({ method: 'POST', url, token, payload, lang: 'en-US' });
  const basket = () => get<BasketRecord>(`${T}/basket`);
  const add = async (itemId: string, skuId: string, quantity: number, token = merchant) => ok<BasketRecord>(await postTo(`${T}/basket/add`, { itemId, skuId, quantity }, token));
  const clear = async (token = merchant) => {
    const held = await get<BasketRecord>(`${T}/basket`, token);
    if (held.lines.length > 0) ok(await postTo(`${T}/basket/delete`, { lineIds: held.lines.map((line) => line.id) }, token));
  };
  const submit = async (token = merchant) => ok<PreOrderDetail>(await postTo(`${T}/preOrder/submit`, { remark: 'for the shop', fallback: 'CONTACT_ME', warehouseCode: 'SZ01' }, token));
  const pay = (payload: object, key?: string, token = merchant) => walletPost(t)(`${T}/preOrder/pay`, token, payload, { key });
  const preview = async (id: number, currency: string) => ok<PayPreview>(await postTo(`${T}/preOrder/pay/preview`, { id, currency }));
  const detail = (id: number, token = merchant) => get<PreOrderDetail>(`${T}/preOrder/detail`, token, { id: String(id) });
  /** a pre-order submitted with one line of `quantity` of the first pick's first SKU */
  const submitted = async (quantity = 1) => {
    await clear();
    await add(picks.first.itemId, skuOf(0).skuId, quantity);
    return submit();
  };
  /** what money and purchase tables hold: for "nothing moved" */
  const moneyState = async () => {
    const rows = (await t.db.execute(sql`select
      (select md5(coalesce(string_agg(a::text, ',' order by a.id), '')) from fin_account a) as accounts,
      (select count(*)::int from fin_journal) as journals, (select count(*)::int from fin_payment) as payments, (select count(*)::int from fin_pay_order) as pay_orders,
      (select md5(coalesce(string_agg(c::text, ',' order by c.tenant_id, c.id), '')) from pur_charge c) as charges,
      (select md5(coalesce(string_agg(p::text, ',' order by p.tenant_id, p.id), '')) from pur_pre_order p) as pre_orders,
      (select md5(coalesce(string_agg(l::text, ',' order by l.tenant_id, l.id), '')) from pur_pre_order_line l) as lines`)) as unknown as { rows: unknown[] };
    return rows.rows[0];
  };
  const purchaseAccount = async (currency: 'CNY' | 'USD') => {
    const [row] = await t.db
      .select({ balance: sql<string>`coalesce(sum(${entries.amount}), 0)::text` })
      .from(entries)
      .innerJoin(accounts, eq(accounts.id, entries.accountId))
      .where(and(eq(accounts.tenantId, PLATFORM_TENANT), eq(accounts.kind, 'PURCHASE'), eq(accounts.currency, currency)));
    return BigInt(row?.balance ?? '0');
  };

  describe('the basket and its estimate', () => {
    it('adds at the platform price, merges the same SKU, and estimates exactly', async () => {
      await clear();
      const a = skuOf(0);
      const b = skuOf(1);
      await add(picks.first.itemId, a.skuId, 2);
      await add(picks.first.itemId, a.skuId, 1);
      const shown = await add(picks.other.itemId, skuOf(0, picks.other).skuId, 1);
      expect(shown.demo).toBe(true);
      expect(shown.lines.map((line) => [line.skuId, line.quantity])).toEqual([
        [a.skuId, 3],
        [skuOf(0, picks.other).skuId, 1],
      ]);
      expect(shown.lines[0]!.unitPrice).toBe(currencyFromMinor(a.price, 'CNY'));
      // a second SKU of the same seller: its express is not paid twice, the highest of the seller counts
      const withB = await add(picks.first.itemId, b.skuId, 1);
      const goods = a.price * 3n + skuOf(0, picks.other).price + b.price;
      const express = picks.first.expressFee + picks.other.expressFee;
      const fee5 = (goods * 5n) / 100n; // the demo's prices end in 0: 5 % is whole fen
      const service = fee5 < 500n ? 500n : fee5;
      expect(withB.estimate).toEqual({
        goodsAmount: currencyFromMinor(goods, 'CNY'),
        expressFee: currencyFromMinor(express, 'CNY'),
        serviceFee: currencyFromMinor(service, 'CNY'),
        totalAmount: currencyFromMinor(goods + express + service, 'CNY'),
        currency: 'CNY',
      });
      expect(await basket()).toEqual(withB);
    });

    it('takes the service fee floor of 5.00 CNY, and 5 % half to even above it', async () => {
      await clear();
      // 1 × 30.10: 5 % is 1.505, under the floor
      platforms.change('TAOBAO', picks.first.itemId, { price: 3010n, expressFee: 0n });
      expect((await add(picks.first.itemId, skuOf(0).skuId, 1)).estimate).toMatchObject({ goodsAmount: '30.10', expressFee: '0.00', serviceFee: '5.00', totalAmount: '35.10' });
      await clear();
      // 10 × 300.10 = 3001.00: 5 % is 150.05, exact
      platforms.change('TAOBAO', picks.first.itemId, { price: 30010n, expressFee: 0n });
      expect((await add(picks.first.itemId, skuOf(0).skuId, 10)).estimate).toMatchObject({ goodsAmount: '3001.00', serviceFee: '150.05', totalAmount: '3151.05' });
      await clear();
      // 1 × 300.10: 5 % is 15.005 -> 15.00 (half to even); 1 × 300.30: 15.015 -> 15.02
      expect((await add(picks.first.itemId, skuOf(0).skuId, 1)).estimate.serviceFee).toBe('15.00');
      await clear();
      platforms.change('TAOBAO', picks.first.itemId, { price: 30030n, expressFee: 0n });
      expect((await add(picks.first.itemId, skuOf(0).skuId, 1)).estimate.serviceFee).toBe('15.02');
      await clear();
      expect((await basket()).estimate).toEqual({ goodsAmount: '0.00', expressFee: '0.00', serviceFee: '0.00', totalAmount: '0.00', currency: 'CNY' });
    });

    it('never takes a price from the body, and refuses what the platform cannot sell', async () => {
      await clear();
      refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: skuOf(0).skuId, quantity: 1, unitPrice: '0.01' }), 400);
      expect(refused(await postTo(`${T}/basket/add`, { itemId: '999999999', skuId: '', quantity: 1 }), 404)).toContain('999999999');
      expect(refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: '1', quantity: 1 }), 404)).toContain('SKU 1');
      refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: '', quantity: 1 }), 400);
      platforms.change('TAOBAO', picks.first.itemId, { stock: 3 });
      expect(refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: skuOf(0).skuId, quantity: 4 }), 409)).toContain('only 3 in stock');
      refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: skuOf(0).skuId, quantity: 10_000 }), 400);
      expect((await basket()).lines).toEqual([]);
    });

    it('edits a line at the platform price of now and deletes lines all or nothing', async () => {
      await clear();
      const added = await add(picks.first.itemId, skuOf(0).skuId, 1);
      const line = added.lines[0]!;
      platforms.change('TAOBAO', picks.first.itemId, { price: 12_340n });
      const edited = ok<BasketRecord>(await postTo(`${T}/basket/edit`, { lineId: line.id, quantity: 2, remark: 'blue box' }));
      expect(edited.lines[0]).toMatchObject({ quantity: 2, remark: 'blue box', unitPrice: '123.40', amount: '246.80' });
      expect(refused(await postTo(`${T}/basket/delete`, { lineIds: [line.id, 999_999] }), 404)).toContain('999999');
      expect((await basket()).lines).toHaveLength(1);
      // another user's line is not in the caller's basket
      refused(await postTo(`${T}/basket/edit`, { lineId: line.id, quantity: 1, remark: '' }, merchant2), 404);
      expect(ok<BasketRecord>(await postTo(`${T}/basket/delete`, { lineIds: [line.id] })).lines).toEqual([]);
    });
  });

  describe('submitting', () => {
    it('gives the number, fixes the estimate and raises the GOODS charge', async () => {
      await clear();
      const shown = await add(picks.first.itemId, skuOf(0).skuId, 2);
      const done = await submit();
      expect(done.preOrderNo).toMatch(/^PP\d{6}\d{8}$/);
      expect(done).toMatchObject({ status: 'SUBMITTED', warehouseCode: 'SZ01', fallback: 'CONTACT_ME', remark: 'for the shop', totalAmount: shown.estimate.totalAmount, lineCount: 1, quantity: 2 });
      expect(done.charges).toEqual([expect.objectContaining({ kind: 'GOODS', status: 'UNPAID', amount: shown.estimate.totalAmount, payCurrency: null })]);
      // the basket is empty again, and the list shows the pre-order in its tab
      expect((await basket()).lines).toEqual([]);
      const listed = await get<Page<PreOrderRecord>>(`${T}/preOrder/list`, merchant, { status: 'SUBMITTED', preOrderNo: done.preOrderNo.slice(0, 10).toLowerCase() });
      expect(listed.records.map((record) => record.id)).toContain(done.id);
      const byWord = await get<Page<PreOrderRecord>>(`${T}/preOrder/list`, merchant, { keyword: picks.first.title.split(' ').at(-1)!, pageSize: '200' });
      expect(byWord.records.map((record) => record.id)).toContain(done.id);
      refused(await postTo(`${T}/preOrder/submit`, { remark: '', fallback: 'CONTACT_ME', warehouseCode: 'SZ01' }), 409);
    });

    it('refuses a changed price, express fee or stock naming the line, and changes nothing', async () => {
      await clear();
      await add(picks.other.itemId, skuOf(0, picks.other).skuId, 1);
      await add(picks.first.itemId, skuOf(0).skuId, 5);
      const before = await moneyState();
      const body = { remark: '', fallback: 'CANCEL_LINE', warehouseCode: 'GZ01' };
      platforms.change('TAOBAO', picks.first.itemId, { price: skuOf(0).price + 100n });
      expect(refused(await postTo(`${T}/preOrder/submit`, body), 409)).toContain(`Line 2 "${picks.first.title}": the price changed from ${currencyFromMinor(skuOf(0).price, 'CNY')} to`);
      platforms.change('TAOBAO', picks.first.itemId, { stock: 4 });
      expect(refused(await postTo(`${T}/preOrder/submit`, body), 409)).toContain('only 4 left, 5 wanted');
      platforms.change('TAOBAO', picks.first.itemId, { expressFee: picks.first.expressFee + 100n });
      expect(refused(await postTo(`${T}/preOrder/submit`, body), 409)).toContain('express fee changed');
      platforms.change('TAOBAO', picks.first.itemId, { gone: true });
      expect(refused(await postTo(`${T}/preOrder/submit`, body), 409)).toContain('no longer sold');
      expect(await moneyState()).toEqual(before);
      refused(await postTo(`${T}/preOrder/submit`, { ...body, warehouseCode: 'XX99' }), 400);
    });
  });

  describe('paying from the wallet', () => {
    it('pays in CNY at 1: one payment, pay order and journal WALLET −P PURCHASE +P; the pre-order is PAID', async () => {
      const order = await submitted(2);
      const total = order.totalAmount;
      const minor = BigInt(total.replace('.', ''));
      await fundWallet(t.db, 'CNY', minor + 1_000n);
      const before = await walletBalanceOf(t.db, 'CNY');
      const purchaseBefore = await purchaseAccount('CNY');
      const shown = await preview(order.id, 'CNY');
      expect(shown).toMatchObject({ currency: 'CNY', rate: '1', amount: total, payAmount: total, balance: currencyFromMinor(before, 'CNY'), balanceAfter: currencyFromMinor(before - minor, 'CNY'), sufficient: true });
      const key = newKey();
      const paid = ok<PayResult>(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }, key));
      expect(paid).toMatchObject({ preOrderId: order.id, status: 'PAID', currency: 'CNY', rate: '1', amount: total, payAmount: total, balanceAfter: currencyFromMinor(before - minor, 'CNY') });
      expect(await walletBalanceOf(t.db, 'CNY')).toBe(before - minor);
      expect(await purchaseAccount('CNY')).toBe(purchaseBefore + minor);
      const [journal] = await t.db.select().from(journals).where(eq(journals.refNo, paid.paymentNos[0]!));
      expect(journal).toMatchObject({ kind: 'PAYMENT', tenantId: 1 });
      expect(journal!.memo).toContain(order.preOrderNo);
      const seen = await detail(order.id);
      expect(seen).toMatchObject({ status: 'PAID', paidAmount: total, paidCurrency: 'CNY' });
      expect(seen.paidAt).not.toBeNull();
      expect(seen.charges[0]).toMatchObject({ status: 'PAID', payCurrency: 'CNY', payRate: '1', payAmount: total, paymentNo: paid.paymentNos[0], refunded: '0.00' });
      const [payOrder] = await t.db.select().from(payOrders).where(and(eq(payOrders.source, 'PURCHASE'), eq(payOrders.sourceId, seen.charges[0]!.id)));
      expect(payOrder).toMatchObject({ sourceNo: order.preOrderNo, currency: 'CNY', amount: minor });
      const [payment] = await t.db.select().from(payments).where(eq(payments.paymentNo, paid.paymentNos[0]!));
      expect(payment).toMatchObject({ status: 'PAID', amount: minor, journalId: journal!.id });
      expect(payment!.remark).toContain(order.preOrderNo);

      // the same key answers the first answer and moves nothing; another key finds nothing to pay
      const state = await moneyState();
      expect(ok<PayResult>(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }, key))).toEqual(paid);
      expect(refused(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }), 409)).toContain('nothing to pay');
      refused(await pay({ id: order.id, currency: 'USD', expectedRate: '0.1381' }, key), 409);
      expect(await moneyState()).toEqual(state);
      // a charge refund of a purchase payment is not the wallet's to ask: purchases settle through their orders
      refused(await walletPost(t)('/platform-api/finance/virtualWallet/refund/submit', merchant, { kind: 'CHARGE', payOrderNo: payOrder!.payOrderNo, amount: '1.00', reason: 'x' }), 404);
      expect(await auditLedger(t.db)).toEqual({});
    });

    it('pays in USD at the rate of the moment, half to even, and refuses a rate that changed', async () => {
      const order = await submitted(1);
      const cny = BigInt(order.totalAmount.replace('.', ''));
      // 1 CNY = 0.1381 USD: cents = cny fen × 0.1381 rounded half to even (exactly, as integers)
      const exact = cny * 1381n;
      const whole = exact / 10_000n;
      const rest = exact % 10_000n;
      const usd = rest > 5_000n || (rest === 5_000n && whole % 2n === 1n) ? whole + 1n : whole;
      await fundWallet(t.db, 'USD', usd + 5n);
      const shown = await preview(order.id, 'USD');
      expect(shown).toMatchObject({ rate: '0.1381', amount: order.totalAmount, payAmount: currencyFromMinor(usd, 'USD'), sufficient: true });
      const before = await moneyState();
      expect(refused(await pay({ id: order.id, currency: 'USD', expectedRate: '0.1382' }), 409)).toContain('changed from 0.1382 to 0.1381');
      expect(refused(await pay({ id: order.id, currency: 'JPY', expectedRate: '21' }), 409)).toContain('No exchange rate from CNY to JPY');
      expect(await moneyState()).toEqual(before);
      const usdBefore = await walletBalanceOf(t.db, 'USD', 1);
      const purchaseBefore = await purchaseAccount('USD');
      const paid = ok<PayResult>(await pay({ id: order.id, currency: 'USD', expectedRate: '0.13810' }));
      expect(paid).toMatchObject({ currency: 'USD', rate: '0.1381', payAmount: currencyFromMinor(usd, 'USD') });
      expect(await walletBalanceOf(t.db, 'USD', 1)).toBe(usdBefore - usd);
      expect(await purchaseAccount('USD')).toBe(purchaseBefore + usd);
      expect((await detail(order.id)).charges[0]).toMatchObject({ payCurrency: 'USD', payRate: '0.1381', payAmount: currencyFromMinor(usd, 'USD') });
      // TWD has only the opposite pair: its inverse applies
      const twd = await submitted(1);
      expect((await preview(twd.id, 'TWD')).rate).toBe('4.4742729306');
    });

    it('refuses a short wallet with walletInsufficient and moves nothing', async () => {
      const order = await submitted(3);
      // a wallet of its own for this test: 1.00 SGD, far short of the pre-order
      await fundWallet(t.db, 'SGD', 100n);
      const shown = await preview(order.id, 'SGD');
      expect(shown).toMatchObject({ balance: '1.00', sufficient: false });
      const state = await moneyState();
      expect(refused(await pay({ id: order.id, currency: 'SGD', expectedRate: '0.19' }), 409)).toContain(`Insufficient SGD wallet balance: 1.00 available, ${shown.payAmount} needed`);
      expect(await moneyState()).toEqual(state);
      expect(await walletBalanceOf(t.db, 'SGD')).toBe(100n);
      expect((await detail(order.id)).status).toBe('SUBMITTED');
    });

    it('pays a purchase order\'s top-up through the same function', async () => {
      const order = await submitted(1);
      await fundWallet(t.db, 'CNY', 1_000_000n);
      ok(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }));
      // a purchase order and its top-up, as the buying desk would raise them
      const rows = (await t.db.execute(sql`insert into pur_order (tenant_id, purchase_no, pre_order_id, platform, status, seller_id, purchase_amount, purchase_currency, warehouse_code)
        values (1, ${`PC-TEST-${order.id}`}, ${order.id}, 'TAOBAO', 'PURCHASED', ${picks.first.sellerId}, 100, 'CNY', 'SZ01') returning id`)) as unknown as { rows: { id: number }[] };
      const purchaseId = Number(rows.rows[0]!.id);
      const noTopUp = await walletPost(t)(`${T}/order/payTopUp`, merchant, { id: purchaseId, currency: 'CNY', expectedRate: '1' });
      expect(refused(noTopUp, 409)).toContain('no top-up to pay');
      await t.db.insert(purchaseCharges).values({ tenantId: 1, preOrderId: order.id, kind: 'TOPUP', amount: 320n, purchaseOrderId: purchaseId });
      const before = await walletBalanceOf(t.db, 'CNY');
      expect(ok<PayPreview>(await postTo(`${T}/order/payTopUp/preview`, { id: purchaseId, currency: 'CNY' })).payAmount).toBe('3.20');
      refused(await walletPost(t)(`${T}/order/payTopUp`, merchant2, { id: purchaseId, currency: 'CNY', expectedRate: '1' }), 404);
      const paid = ok<PayResult>(await walletPost(t)(`${T}/order/payTopUp`, merchant, { id: purchaseId, currency: 'CNY', expectedRate: '1' }));
      expect(paid).toMatchObject({ preOrderId: order.id, amount: '3.20', payAmount: '3.20', status: 'PAID' });
      expect(await walletBalanceOf(t.db, 'CNY')).toBe(before - 320n);
      const charges = (await detail(order.id)).charges;
      expect(charges.map((charge) => [charge.kind, charge.status, charge.purchaseNo])).toEqual([
        ['GOODS', 'PAID', null],
        ['TOPUP', 'PAID', `PC-TEST-${order.id}`],
      ]);
      // staff may not pay
      refused(await walletPost(t)(`${T}/order/payTopUp`, staff, { id: purchaseId, currency: 'CNY', expectedRate: '1' }), 403);
    });
  });

  describe('cancelling, lists and who may', () => {
    it('cancels only an unpaid submitted pre-order', async () => {
      const order = await submitted(1);
      const cancelled = ok<PreOrderDetail>(await postTo(`${T}/preOrder/cancel`, { id: order.id }));
      expect(cancelled.status).toBe('CANCELLED');
      expect(cancelled.charges[0]!.status).toBe('CANCELLED');
      expect(refused(await postTo(`${T}/preOrder/cancel`, { id: order.id }), 409)).toContain('"Cancelled": it cannot be cancelled');
      expect(refused(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }), 409)).toContain('nothing to pay');
      const paidOne = await submitted(1);
      await fundWallet(t.db, 'CNY', 100_000n);
      ok(await pay({ id: paidOne.id, currency: 'CNY', expectedRate: '1' }));
      expect(refused(await postTo(`${T}/preOrder/cancel`, { id: paidOne.id }), 409)).toContain('"Paid"');
    });

    it('keeps merchant2, staff and the platform out', async () => {
      const order = await submitted(1);
      refused(await t.call({ method: 'GET', url: `${T}/preOrder/detail`, token: merchant2, query: { id: String(order.id) } }), 404);
      refused(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }, undefined, merchant2), 404);
      refused(await postTo(`${T}/preOrder/pay/preview`, { id: order.id, currency: 'CNY' }, merchant2), 404);
      refused(await postTo(`${T}/preOrder/cancel`, { id: order.id }, merchant2), 404);
      expect((await get<Page<PreOrderRecord>>(`${T}/preOrder/list`, merchant2, { pageSize: '200' })).records.map((r) => r.id)).not.toContain(order.id);
      // the other platform's path does not find it either
      refused(await t.call({ method: 'GET', url: '/api/purchase/1688/preOrder/detail', token: merchant, query: { id: String(order.id) } }), 404);
      // staff: no pay, cancel, delete or export; may add and submit
      refused(await pay({ id: order.id, currency: 'CNY', expectedRate: '1' }, undefined, staff), 403);
      refused(await postTo(`${T}/preOrder/cancel`, { id: order.id }, staff), 403);
      refused(await t.call({ method: 'GET', url: `${T}/preOrder/exportXls`, token: staff }), 403);
      ok(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: skuOf(0).skuId, quantity: 1 }, staff));
      // the platform has no basket, pre-orders or wallet
      expect(refused(await t.call({ method: 'GET', url: `${T}/basket`, token: admin, lang: 'en-US' }), 403)).toContain('merchant function');
      refused(await postTo(`${T}/basket/add`, { itemId: picks.first.itemId, skuId: skuOf(0).skuId, quantity: 1 }, admin), 403);
    });

    it('exports the filtered list', async () => {
      const order = await submitted(1);
      const sheet = await readXlsx(await t.call({ method: 'GET', url: `${T}/preOrder/exportXls`, token: merchant, lang: 'en-US', query: { preOrderNo: order.preOrderNo } }));
      expect(sheet.headers.slice(0, 3)).toEqual(['Pre-purchase number', 'Platform', 'Status']);
      expect(sheet.rows).toHaveLength(1);
      expect(sheet.rows[0]!.slice(0, 3)).toEqual([order.preOrderNo, 'TAOBAO', 'Awaiting payment']);
      const sorted = await get<Page<PreOrderRecord>>(`${T}/preOrder/list`, merchant, { column: 'totalAmount', order: 'asc', pageSize: '200' });
      const totals = sorted.records.map((record) => Number(record.totalAmount));
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      refused(await t.call({ method: 'GET', url: `${T}/preOrder/list`, token: merchant, query: { column: 'tenant_id' } }), 400);
    });
  });
});
