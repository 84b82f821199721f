import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { PreOrderDetail, PreOrderRecord } from '@portal/shared/pre-order-schemas';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import type { StockItemRecord } from '@portal/shared/purchase-stock-schemas';
import type { OrderDetail, OrderRecord } from '@portal/shared/logistics-schemas';
import { demoProducts } from '../../server/src/modules/purchase/platform/demo-catalogue.ts';
import type { ProductDetail, ProductSku } from '../../server/src/modules/purchase/platform/types.ts';
import { addTenant, portalApi, type ApiSession } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { signInByApi, type Role, type Session } from './support/sessions.ts';
import { centsOf, moneyOf } from './support/finance.ts';
import { choose, listOn, openList, rowWith, shot, signedIn as signedInAs, toast } from './support/portal.ts';
import { fundCnyWallet } from './support/wallet.ts';

/**
 * Purchasing in Chromium against the real server (embedded database, the demo catalogue):
 * the merchant finds one Taobao product by its pasted link and another by a keyword, submits them as a
 * pre-purchase order and pays it from the CNY wallet; the purchaser places it as two purchase orders
 * (one per seller) that cost 3.20 CNY less than estimated, which comes back to the wallet; the warehouse
 * receives both parcels by their express numbers; the merchant ships the goods abroad in an
 * international order. Another merchant sees none of it, and the ledger balances at every step.
 */
const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');

const FUNDED = '2000.00';
/** what the purchaser's actual payments save on the estimates, in CNY fen */
const SAVED = 320n;

type Listing<T> = { records: T[]; total: number };
type Account = { tenantId: number; tenantName: string; kind: string; currency: string; balance: string };

/** A fresh browser (the previous one closes), signed in through the real login page. */
const signedIn = (username: Role | Session, at: string) => signedInAs(suite, username, { language: 'en-US', viewport: { width: 1440, height: 900 }, at });

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
const cny = (fen: bigint) => `${moneyOf(fen)} CNY`;
/** An amount as the API writes it ("1234.50": no separators). */
const plain = (fen: bigint) => moneyOf(fen).replaceAll(',', '');
/** numerator / denominator, rounded half to even (both positive). */
const halfEven = (numerator: bigint, denominator: bigint) => {
  const quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  return twice > denominator || (twice === denominator && quotient % 2n === 1n) ? quotient + 1n : quotient;
};

// ------------------------------------------------------------------ the two products, from the deterministic catalogue

type Choice = { product: ProductDetail; sku: ProductSku; quantity: number };

const catalogue = demoProducts('TAOBAO');
/** The products the demo's search finds for `keyword`, in its order (every word in the title or the store). */
const found = (keyword: string) => {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  return catalogue.filter((product) => words.every((word) => product.title.toLowerCase().includes(word) || product.storeName.includes(word)));
};
/** The English noun that ends a demo title ("… 运动鞋 sneakers"). */
const nounOf = (product: ProductDetail) => product.title.split(' ').at(-1) ?? '';
const skuWith = (product: ProductDetail, quantity: number) => product.skus.find((sku) => sku.stock >= quantity + 10);

function pickProducts(): { byLink: Choice; byKeyword: Choice & { keyword: string } } {
  // by link: a product of two properties (colour and size, say), so that a SKU is really chosen
  const linked = catalogue.find((product) => product.skus.length > 1 && product.skus[0]?.properties.length === 2 && skuWith(product, 1));
  const linkedSku = linked && skuWith(linked, 1);
  if (!linked || !linkedSku) throw new Error('no product with two properties in stock in the demo catalogue');
  // by keyword: another seller's, on the first page of results for its English noun
  const searched = catalogue.find(
    (product) => product.sellerId !== linked.sellerId && product.skus.length > 1 && skuWith(product, 2) && found(nounOf(product)).indexOf(product) >= 0 && found(nounOf(product)).indexOf(product) < 20 && nounOf(product) !== nounOf(linked),
  );
  const searchedSku = searched && skuWith(searched, 2);
  if (!searched || !searchedSku) throw new Error('no second product of another seller in the demo catalogue');
  return { byLink: { product: linked, sku: linkedSku, quantity: 1 }, byKeyword: { product: searched, sku: searchedSku, quantity: 2, keyword: nounOf(searched) } };
}

// ------------------------------------------------------------------ read-backs over the API

async function cnyBalance(merchant: ApiSession): Promise<bigint> {
  return centsOf((await merchant.post<{ balance: string }>('/platform-api/finance/virtualWallet/balance', { currency: 'CNY' })).balance);
}

/** An amount of the ledger in its currency's minor unit ("-15000.00" → -1500000n, "-5000" → -5000n). */
const minorOf = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The ledger's invariants as platform finance reads the accounts: each currency's balances sum to zero,
 * no wallet is below zero; answers the accounts.
 */
async function ledgerHolds(): Promise<Account[]> {
  const finance = api.as('finance');
  const page = await finance.post<Listing<Account>>('/api/finance/review/account/list', { pageSize: 200 });
  expect(page.records.length).toBe(page.total);
  const sums = new Map<string, bigint>();
  const decimals = new Map<string, number>();
  for (const account of page.records) {
    const places = account.balance.split('.')[1]?.length ?? 0;
    // one currency, one minor unit: the sum is made of like amounts
    expect(decimals.get(account.currency) ?? places, `${account.currency} amounts`).toBe(places);
    decimals.set(account.currency, places);
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + minorOf(account.balance));
    if (account.kind === 'WALLET') expect(minorOf(account.balance), `${account.tenantName} ${account.currency} wallet`).toBeGreaterThanOrEqual(0n);
  }
  expect(Object.fromEntries([...sums].map(([currency, sum]) => [currency, sum.toString()]))).toEqual(Object.fromEntries([...sums.keys()].map((currency) => [currency, '0'])));
  return page.records;
}
const purchaseAccount = (accounts: readonly Account[]) => minorOf(accounts.find((account) => account.tenantId === 0 && account.kind === 'PURCHASE' && account.currency === 'CNY')?.balance ?? '0.00');

// ------------------------------------------------------------------ the merchant's steps

/** Clicks the values of `sku` in the chooser, property by property, and waits for its price and stock. */
async function chooseSku(page: Page, sku: ProductSku): Promise<void> {
  for (const { name, value } of sku.properties) {
    const button = page.getByTestId(`sku-value-${name}-${value}`);
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  }
  await expect.poll(() => text(page.getByTestId('product-price'))).toBe(cny(sku.price));
  expect(await text(page.getByTestId('product-stock'))).toBe(`${sku.stock} in stock`);
}

/** On the product page of `choice`: its SKU, its quantity, "Add to pre-purchase". */
async function addToPreOrder(page: Page, { product, sku, quantity }: Choice): Promise<void> {
  await expect.poll(() => text(page.getByTestId('product-title'))).toBe(product.title);
  expect(await page.getByTestId('product-demo-tag').count()).toBe(1);
  // nothing chosen yet: the button says what is missing
  await expect.poll(() => page.getByTestId('product-add').isDisabled()).toBe(true);
  await chooseSku(page, sku);
  if (quantity !== 1) await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await page.getByTestId('product-add').click();
  await expect.poll(() => text(page.getByTestId('product-added'))).toContain('Added to the pre-purchase list');
}

describe('purchasing from a pasted Taobao link to an international order', () => {
  test('the merchant buys two sellers’ goods, the purchaser saves 3.20 CNY, the warehouse receives them, the merchant ships them abroad; merchant2 sees none of it', { timeout: 240_000 }, async () => {
    const { byLink, byKeyword } = pickProducts();
    const lines = [byLink, byKeyword];
    const goods = lines.reduce((sum, line) => sum + line.sku.price * BigInt(line.quantity), 0n);
    // two sellers, each ships once
    const express = byLink.product.expressFee + byKeyword.product.expressFee;
    // the service fee: 5 % of the goods, half to even, at least 5.00
    const fivePercent = halfEven(goods * 5n, 100n);
    const serviceFee = fivePercent < 500n ? 500n : fivePercent;
    const total = goods + express + serviceFee;

    // ---- 0. a merchant of this walk's own (its wallet, basket and stock are nobody else's), money in its CNY wallet
    const tenant = `Buyer ${Date.now().toString(36)}`;
    const session = await signInByApi(suite.portal().url, await addTenant(api, tenant));
    await fundCnyWallet(suite, session.token, FUNDED);
    const merchantApi = api.as(session);
    const funded = await cnyBalance(merchantApi);
    expect(funded).toBe(centsOf(FUNDED));
    // what the platform holds for purchases under way: this walk's moves it by its own amounts only
    const held = purchaseAccount(await ledgerHolds());

    // ---- 1. the merchant pastes a Taobao link into the product search: its page opens
    let merchant = await signedIn(session, '/product-search');
    const keyword = merchant.getByTestId('product-keyword').getByRole('searchbox');
    await keyword.waitFor();
    await keyword.focus();
    const link = `https://item.taobao.com/item.htm?id=${byLink.product.itemId}`;
    // a paste as the browser delivers it: the page searches the link at once
    await keyword.evaluate((input, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, link);
    await merchant.waitForURL((url) => url.pathname === '/product-search/product' && url.searchParams.get('itemId') === byLink.product.itemId);
    expect(new URL(merchant.url()).searchParams.get('platform')).toBe('TAOBAO');
    await addToPreOrder(merchant, byLink);
    await shot(merchant, 'purchasing-product-page-en-US');

    // ---- 2. the other product by a keyword: its card among the results opens it
    await merchant.goto('/product-search');
    await keyword.fill(byKeyword.keyword);
    await keyword.press('Enter');
    const results = merchant.getByTestId('product-results');
    const card = results.locator(`[data-testid="product-card"][href$="itemId=${byKeyword.product.itemId}"]`);
    await card.waitFor();
    expect(await text(merchant.getByTestId('product-demo'))).toContain('Demo data');
    // every result on screen is one the keyword names (once the search has answered: the card may be on the page before it too)
    const titles = () => results.getByTestId('product-card').evaluateAll((cards) => cards.map((node) => node.querySelector('[title]')?.getAttribute('title') ?? ''));
    await expect.poll(titles).toEqual(found(byKeyword.keyword).slice(0, 20).map((product) => product.title));
    await shot(merchant, 'purchasing-search-results-en-US');
    await card.click();
    await merchant.waitForURL((url) => url.searchParams.get('itemId') === byKeyword.product.itemId);
    await addToPreOrder(merchant, byKeyword);

    // ---- 3. the basket holds both lines and the estimate, worked out here too
    await merchant.getByTestId('product-added-link').click();
    await merchant.waitForURL((url) => url.pathname === '/purchase/taobao/pre-order');
    const basket = merchant.getByTestId('basket');
    const basketRows = basket.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => basketRows.count()).toBe(2);
    for (const [index, line] of lines.entries()) {
      const row = basketRows.nth(index);
      const shown = await text(row);
      expect(shown).toContain(line.product.title);
      expect(shown).toContain(line.product.storeName);
      expect(shown).toContain(moneyOf(line.sku.price * BigInt(line.quantity)));
      expect(await row.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe(String(line.quantity));
    }
    const estimate = basket.getByTestId('basket-estimate');
    await expect.poll(async () => (await estimate.locator('.ant-descriptions-item-content').allTextContents()).map((cell) => cell.trim())).toEqual([cny(goods), cny(express), cny(serviceFee), cny(total)]);
    await shot(merchant, 'purchasing-basket-en-US');

    // ---- 4. submitted to the Shenzhen warehouse, it gets its PP number; paid at once from the CNY wallet
    await basket.getByTestId('basket-submit').click();
    const submitDialog = merchant.getByRole('dialog', { name: 'Submit the pre-purchase order' });
    await submitDialog.waitFor();
    await choose(merchant, 'warehouseCode', 'SZ01');
    const submitted = merchant.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/purchase/taobao/preOrder/submit');
    await submitDialog.getByTestId('submit-ok').click();
    const preOrder = ((await (await submitted).json()) as { result: PreOrderDetail }).result;
    const preOrderNo = preOrder.preOrderNo;
    expect(preOrderNo).toMatch(/^PP\d{14}$/);
    expect([preOrder.status, preOrder.warehouseCode, preOrder.totalAmount]).toEqual(['SUBMITTED', 'SZ01', plain(total)]);

    await toast(merchant, `${preOrderNo} submitted: pay it to have it bought`).waitFor();
    const pay = merchant.getByRole('dialog', { name: `Pay ${preOrderNo}` });
    await pay.waitFor();
    await expect.poll(() => text(pay.getByTestId('pay-wallet'))).toBe(`CNY (balance ${moneyOf(funded)})`);
    await expect.poll(() => text(pay.getByTestId('pay-amount'))).toBe(cny(total));
    expect(await text(pay.getByTestId('pay-balance-after'))).toBe(cny(funded - total));
    await shot(merchant, 'purchasing-pay-dialog-en-US');
    await pay.getByTestId('pay-submit').click();
    await toast(merchant, `${moneyOf(total)} CNY paid`).first().waitFor();
    await pay.waitFor({ state: 'hidden' });
    await merchant.getByTestId('pre-order-tab-PAID').click();
    let list = merchant.getByTestId('list-page-purchase-pre-order-TAOBAO');
    await expect.poll(() => text(rowWith(list, preOrderNo))).toContain('Paid');
    expect(await text(rowWith(list, preOrderNo))).toContain(cny(total));

    // the wallet dropped by exactly the pre-order's total, which now waits in the PURCHASE account
    const afterPayment = await cnyBalance(merchantApi);
    expect(funded - afterPayment).toBe(total);
    expect(purchaseAccount(await ledgerHolds()) - held).toBe(total);

    // ---- 5. the purchaser takes it and makes one purchase order per seller
    const purchaser = await signedIn('purchaser', '/purchasing/queue');
    list = await listOn(purchaser, 'purchasing-queue');
    const queued = rowWith(list, preOrderNo);
    await expect.poll(() => text(queued)).toContain(tenant);
    expect(await text(queued)).toContain(cny(total));
    await queued.getByTestId('queue-take').click();
    await queued.getByTestId('queue-split').click();
    const split = purchaser.getByRole('dialog', { name: `Create purchase orders: ${preOrderNo}` });
    await split.waitFor();
    const splitOrders = split.getByTestId('split-order');
    await expect.poll(() => splitOrders.count()).toBe(2);
    expect(await text(splitOrders.nth(0))).toContain(byLink.product.sellerId);
    expect(await text(splitOrders.nth(1))).toContain(byKeyword.product.sellerId);
    await split.getByRole('button', { name: 'Submit' }).click();
    await toast(purchaser, '2 purchase orders created').first().waitFor();
    await split.waitFor({ state: 'hidden' });

    const purchaserApi = api.as('purchaser');
    const placed = (await purchaserApi.get<Listing<PurchaseOrderRecord>>(`/api/purchasing/order/list?preOrderNo=${preOrderNo}&pageSize=10`)).records;
    const orderOf = (choice: Choice) => {
      const order = placed.find((candidate) => candidate.sellerId === choice.product.sellerId);
      if (!order) throw new Error(`no purchase order for seller ${choice.product.sellerId}`);
      return order;
    };
    expect(placed).toHaveLength(2);
    // each seller's order holds its goods and its express fee as estimated
    for (const choice of lines) {
      const order = orderOf(choice);
      expect([order.status, order.purchaseNo, order.purchaseAmount, order.estimatedExpressFee]).toEqual(['PLACING', expect.stringMatching(/^PC\d{14}$/), plain(choice.sku.price * BigInt(choice.quantity)), plain(choice.product.expressFee)]);
    }

    // ---- 6. confirmed with what was actually paid (the first 3.20 below its estimate), then shipped by the sellers
    const stamp = Date.now();
    const confirmations = lines.map((choice, index) => {
      const order = orderOf(choice);
      const estimated = centsOf(order.purchaseAmount) + centsOf(order.estimatedExpressFee);
      return {
        choice,
        order,
        estimated,
        actual: index === 0 ? estimated - SAVED : estimated,
        externalNo: `EXT-${stamp}-${index + 1}`,
        platformOrderId: String(3_900_000_000_000 + stamp + index),
        company: index === 0 ? 'YTO Express' : 'SF Express',
        expressNo: `${index === 0 ? 'YT' : 'SF'}${stamp}${index + 1}`,
      };
    });
    list = await openList(purchaser, '/purchasing/order', 'purchasing-order');
    for (const step of confirmations) {
      const row = rowWith(list, step.order.purchaseNo);
      await expect.poll(() => text(row)).toContain('To place');
      expect(await text(row)).toContain(preOrderNo);
      await row.getByTestId('order-confirm').click();
      const dialog = purchaser.getByRole('dialog', { name: `Confirm purchase: ${step.order.purchaseNo}` });
      await dialog.waitFor();
      expect(await text(dialog)).toContain(`Estimate ${cny(step.estimated)}`);
      await dialog.getByLabel('External purchase number').fill(step.externalNo);
      await dialog.getByLabel('Platform order ID').fill(step.platformOrderId);
      await dialog.getByLabel('Domestic express fee').fill(plain(step.choice.product.expressFee));
      await dialog.getByLabel('Actual payment amount').fill(plain(step.actual));
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => text(row)).toContain('Purchased');
      expect(await text(row)).toContain(step.externalNo);
    }
    await shot(purchaser, 'purchasing-orders-purchased-en-US');
    // the 3.20 the purchase saved is back in the merchant's wallet, no more, no less
    await expect.poll(() => cnyBalance(merchantApi)).toBe(afterPayment + SAVED);
    expect(purchaseAccount(await ledgerHolds()) - held).toBe(total - SAVED);

    for (const step of confirmations) {
      const row = rowWith(list, step.order.purchaseNo);
      await row.getByTestId('order-ship').click();
      const dialog = purchaser.getByRole('dialog', { name: `Seller shipped: ${step.order.purchaseNo}` });
      await dialog.waitFor();
      await dialog.getByLabel('Express company').fill(step.company);
      await dialog.getByLabel('Express number').fill(step.expressNo);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => text(row)).toContain('Shipped by the seller');
      expect(await text(row)).toContain(step.expressNo);
    }
    const shipped = (await purchaserApi.get<Listing<PurchaseOrderRecord>>(`/api/purchasing/order/list?preOrderNo=${preOrderNo}&pageSize=10`)).records;
    expect(
      confirmations.map((step) => {
        const order = shipped.find((candidate) => candidate.id === step.order.id);
        return [order?.status, order?.externalPurchaseNo, order?.platformOrderId, order?.actualPaymentAmount, order?.expressCompany, order?.expressNo];
      }),
    ).toEqual(confirmations.map((step) => ['SELLER_SHIPPED', step.externalNo, step.platformOrderId, plain(step.actual), step.company, step.expressNo]));

    // ---- 7. the warehouse scans each parcel in by its express number
    const warehouse = await signedIn('warehouse', '/warehouse/purchase-receive');
    await warehouse.locator('#purchase-receive_expressNo').waitFor();
    await choose(warehouse, 'purchase-receive_warehouseCode', 'Shenzhen warehouse');
    for (const step of confirmations) {
      await warehouse.locator('#purchase-receive_expressNo').fill(step.expressNo);
      await warehouse.locator('#purchase-receive_expressNo').press('Enter');
      const result = warehouse.getByTestId('purchase-receive-result');
      await expect.poll(() => text(result)).toContain(`${step.expressNo} received`);
      const shown = await text(result);
      expect(shown).toContain(tenant);
      expect(shown).toContain(step.order.purchaseNo);
      expect(shown).toContain(`lines: 1, pieces: ${step.choice.quantity}`);
    }
    await shot(warehouse, 'purchasing-warehouse-received-en-US');

    // ---- 8. the merchant ships the received goods abroad from the stock
    merchant = await signedIn(session, '/purchase/stock');
    list = await listOn(merchant, 'purchase-stock');
    for (const choice of lines) {
      const row = rowWith(list, choice.product.title);
      await expect.poll(() => text(row)).toContain('In stock');
      expect(await text(row)).toContain(orderOf(choice).purchaseNo);
      await row.getByRole('checkbox', { name: choice.product.title }).check();
    }
    expect(await text(list)).toContain('2 selected');
    await merchant.getByTestId('stock-ship').click();
    const drawer = merchant.getByRole('dialog').filter({ hasText: 'International order from stock' });
    await drawer.getByTestId('ship-items').waitFor();
    const shipItems = await drawer.getByTestId('ship-items').locator('.ant-table-tbody tr.ant-table-row').allTextContents();
    expect(shipItems).toHaveLength(2);
    for (const choice of lines) expect(shipItems.some((row) => row.includes(choice.product.title) && row.includes(moneyOf(choice.sku.price)))).toBe(true);
    const merchantOrderNo = `BUY-${stamp.toString(36).toUpperCase()}`;
    await merchant.locator('#ship_recipient_name').fill('Chen Da-wen');
    await merchant.locator('#ship_recipient_phone').fill('0912-345-678');
    await merchant.locator('#ship_recipient_address').fill('1 Shifu Road, Xinyi District, Taipei');
    await choose(merchant, 'ship_destinationCountry', 'Taiwan', { typed: true });
    await choose(merchant, 'ship_serviceType', 'Basic');
    await merchant.locator('#ship_weight').fill('1.800');
    await merchant.locator('#ship_merchantOrderNo').fill(merchantOrderNo);
    await drawer.getByTestId('ship-submit').click();
    const created = drawer.getByTestId('ship-created');
    await created.waitFor();
    const orderNo = /LO\d{14}/.exec(await text(created))?.[0] ?? '';
    expect(orderNo).toMatch(/^LO\d{14}$/);
    await shot(merchant, 'purchasing-ship-abroad-en-US');
    await drawer.getByTestId('ship-orders-link').click();
    await merchant.waitForURL((url) => url.pathname === '/logistics/international-order');
    const orderRow = merchant.locator('[data-testid^="list-page-"] .ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });
    await expect.poll(() => text(orderRow)).toContain(merchantOrderNo);

    // the order over the API: the merchant's, at the Shenzhen warehouse, its lines named after the goods bought
    const orders = await merchantApi.get<Listing<OrderRecord>>(`/api/logistics/order/list?orderNo=${orderNo}`);
    expect(orders.records.map((order) => [order.orderNo, order.merchantOrderNo, order.warehouseCode, order.destinationCountry, order.itemQuantity])).toEqual([[orderNo, merchantOrderNo, 'SZ01', 'TW', 3]]);
    const order = await merchantApi.get<OrderDetail>(`/api/logistics/order/queryById?id=${orders.records[0]?.id ?? 0}`);
    expect(order.items.map((item) => [item.name, item.quantity, item.unitPrice]).sort()).toEqual(lines.map((line) => [line.product.title, line.quantity, plain(line.sku.price)]).sort());
    const stock = await merchantApi.get<Listing<StockItemRecord>>('/api/purchase/stock/list');
    expect(stock.records.map((item) => [item.status, item.logisticsOrderNo])).toEqual([
      ['ALLOCATED', orderNo],
      ['ALLOCATED', orderNo],
    ]);
    // the merchant's own read of the pre-order: both purchase orders, 3.20 of the estimate returned
    const detail = await merchantApi.get<PreOrderDetail>(`/api/purchase/taobao/preOrder/detail?id=${preOrder.id}`);
    expect(detail.purchaseOrders.map((purchase) => purchase.status)).toEqual(['IN_STOCK', 'IN_STOCK']);
    expect(detail.charges.map((charge) => [charge.kind, charge.status, charge.payAmount, charge.refunded])).toEqual([['GOODS', 'PAID', plain(total), moneyOf(SAVED)]]);

    // ---- 9. merchant2 sees none of it
    const other = api.as('merchant2');
    expect((await other.get<Listing<PreOrderRecord>>('/api/purchase/taobao/preOrder/list')).total).toBe(0);
    expect((await other.get<Listing<PurchaseOrderRecord>>('/api/purchase/taobao/order/list')).total).toBe(0);
    expect((await other.get<Listing<StockItemRecord>>('/api/purchase/stock/list')).total).toBe(0);
    expect((await other.get<{ lines: unknown[] }>('/api/purchase/taobao/basket')).lines).toEqual([]);
    expect((await other.get<Listing<OrderRecord>>(`/api/logistics/order/list?orderNo=${orderNo}`)).total).toBe(0);
    await expect(other.get(`/api/purchase/taobao/preOrder/detail?id=${preOrder.id}`)).rejects.toThrow(/HTTP 404/);
    await expect(other.get(`/api/purchase/taobao/order/detail?id=${confirmations[0]?.order.id ?? 0}`)).rejects.toThrow(/HTTP 404/);
    expect(await cnyBalance(other)).toBe(0n);

    // ---- 10. the ledger still balances: the wallet holds what was funded less the goods' actual cost
    const accounts = await ledgerHolds();
    expect(purchaseAccount(accounts) - held).toBe(total - SAVED);
    expect(await cnyBalance(merchantApi)).toBe(funded - total + SAVED);
  });
});
