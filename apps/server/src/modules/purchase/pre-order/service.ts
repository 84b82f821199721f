import type { BasketAddInput, BasketRecord, PayPreview, PayResult, PreOrderDetail, PreOrderSubmitInput } from '@portal/shared/pre-order-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { PRE_ORDER_ACTION_TEXTS, PRE_ORDER_STATUS_TEXTS } from '@portal/shared/messages-pre-order';
import { PRE_ORDER_LINES_MAX, PRE_ORDER_QUANTITY_MAX, type PurchaseFallback, type PurchasePlatform } from '@portal/shared/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { once } from '../../../lib/idempotency.ts';
import { amountText } from '../../finance/money.ts';
import { PlatformError, type ProductDetail, type PurchasePlatformClient } from '../platform/types.ts';
import { estimateOf, skuTextOf } from './model.ts';
import { payCharges, previewCharges, unpaidChargesOfPreOrder, unpaidTopUpsOf, type PaidCharges } from './payment.ts';
import { preOrderDetail } from './records.ts';
import {
  basketFor,
  cancelPreOrder,
  deleteLines,
  findBasket,
  findPreOrder,
  insertCharge,
  insertLine,
  lineRecord,
  linesOf,
  purchaseOrderOf,
  setEstimate,
  submitBasket,
  updateLine,
  type LineRow,
} from './repository.ts';

/*
 * The basket and the pre-purchase order's life before payment. Prices, stock and
 * express fees are always read from the platform's client, never from the request. The platform is
 * asked before a transaction starts, so no lock waits on the network.
 */

type Caller = { tenantId: number; userId: number };

/** The platform's product, or 404; a platform that does not answer is 503 (nothing changed). */
export async function productOf(client: PurchasePlatformClient, itemId: string): Promise<ProductDetail | null> {
  try {
    return await client.product(itemId);
  } catch (error) {
    if (error instanceof PlatformError) throw new AppError(503, 'purchasePlatformUnavailable', { platform: client.platform, reason: error.message });
    throw error;
  }
}

export type Chosen = { price: bigint; stock: number; skuText: string; skuId: string };

/** The SKU the merchant chose: an item with several SKUs needs one (400), an unknown one is 404. */
export function chosenSku(product: ProductDetail, skuId: string): Chosen {
  if (product.skus.length === 0) {
    if (skuId) throw notFound('preOrderSkuNotFound', { itemId: product.itemId, skuId });
    return { price: product.price, stock: Number.MAX_SAFE_INTEGER, skuText: '', skuId: '' };
  }
  const sku = skuId ? product.skus.find((candidate) => candidate.skuId === skuId) : product.skus.length === 1 ? product.skus[0] : undefined;
  if (!sku) {
    if (!skuId) throw badRequest('preOrderSkuRequired', { field: 'skuId', itemId: product.itemId });
    throw notFound('preOrderSkuNotFound', { itemId: product.itemId, skuId });
  }
  return { price: sku.price, stock: sku.stock, skuText: skuTextOf(sku), skuId: sku.skuId };
}

/** A quantity the platform can sell: within the line limit, the stock and the platform's minimum. */
export function checkQuantity(product: ProductDetail, chosen: Chosen, quantity: number): void {
  if (quantity > PRE_ORDER_QUANTITY_MAX) throw conflict('preOrderQuantityMax', { max: PRE_ORDER_QUANTITY_MAX });
  if (quantity > chosen.stock) throw conflict('preOrderStockShort', { title: product.title, stock: chosen.stock, quantity });
  if (quantity < product.minQuantity) throw conflict('preOrderMinQuantity', { title: product.title, min: product.minQuantity });
}

export async function basketRecord(tx: Db, caller: Caller, client: PurchasePlatformClient, id: number | null): Promise<BasketRecord> {
  const lines = id === null ? [] : await linesOf(tx, caller.tenantId, id);
  const estimate = estimateOf(lines);
  return {
    id,
    platform: client.platform,
    lines: lines.map(lineRecord),
    estimate: {
      goodsAmount: amountText(estimate.goodsAmount, 'CNY'),
      expressFee: amountText(estimate.expressFee, 'CNY'),
      serviceFee: amountText(estimate.serviceFee, 'CNY'),
      totalAmount: amountText(estimate.totalAmount, 'CNY'),
      currency: 'CNY',
    },
    demo: client.demo,
  };
}

/** Keeps the basket's stored estimate equal to its lines. */
export async function refreshEstimate(tx: Db, tenantId: number, basketId: number): Promise<void> {
  await setEstimate(tx, tenantId, basketId, estimateOf(await linesOf(tx, tenantId, basketId)));
}

export async function getBasket(db: Db, caller: Caller, client: PurchasePlatformClient): Promise<BasketRecord> {
  const basket = await findBasket(db, caller.tenantId, caller.userId, client.platform);
  return basketRecord(db, caller, client, basket?.id ?? null);
}

/** Adds a SKU to the basket at the platform's price of now, or adds to the line that holds it already. */
export async function addToBasket(db: Db, caller: Caller, client: PurchasePlatformClient, input: BasketAddInput & { skuId: string; remark: string }): Promise<BasketRecord> {
  const product = await productOf(client, input.itemId);
  if (!product) throw notFound('preOrderItemNotFound', { itemId: input.itemId });
  const chosen = chosenSku(product, input.skuId);
  return db.transaction(async (tx) => {
    const basket = await basketFor(tx, caller.tenantId, caller.userId, client.platform);
    await putLine(tx, caller.tenantId, basket.id, product, chosen, input.quantity, input.remark);
    await refreshEstimate(tx, caller.tenantId, basket.id);
    return basketRecord(tx, caller, client, basket.id);
  });
}

/**
 * Puts `quantity` of a SKU into the (locked) basket at the platform's price of now: added to the line
 * holding it, or a new line; 409 past the stock, the platform's minimum or the limits.
 */
export async function putLine(tx: Db, tenantId: number, basketId: number, product: ProductDetail, chosen: Chosen, quantity: number, remark: string): Promise<void> {
  const lines = await linesOf(tx, tenantId, basketId);
  const same = lines.find((line) => line.itemId === product.itemId && line.skuId === chosen.skuId);
  const total = (same?.quantity ?? 0) + quantity;
  checkQuantity(product, chosen, total);
  const current = { unitPrice: chosen.price, expressFee: product.expressFee, title: product.title.slice(0, 300), storeName: product.storeName.slice(0, 200) };
  if (same) {
    await updateLine(tx, tenantId, same.id, { ...current, quantity: total, remark: remark || same.remark });
    return;
  }
  if (lines.length >= PRE_ORDER_LINES_MAX) throw conflict('preOrderLinesMax', { max: PRE_ORDER_LINES_MAX });
  const lineNo = lines.reduce((high, line) => Math.max(high, line.lineNo), 0) + 1;
  await insertLine(tx, tenantId, basketId, lineNo, {
    ...current,
    itemId: product.itemId,
    skuId: chosen.skuId,
    skuText: chosen.skuText.slice(0, 300),
    imageUrl: product.imageUrl.slice(0, 500),
    itemUrl: product.itemUrl.slice(0, 500),
    sellerId: product.sellerId,
    quantity: total,
    remark,
  });
}

/** The line of the caller's basket, or 404 naming it. */
async function basketLine(tx: Db, caller: Caller, platform: PurchasePlatform, lineId: number): Promise<{ basketId: number; line: LineRow }> {
  const basket = await findBasket(tx, caller.tenantId, caller.userId, platform, true);
  const line = basket ? (await linesOf(tx, caller.tenantId, basket.id)).find((candidate) => candidate.id === lineId) : undefined;
  if (!basket || !line) throw notFound('preOrderLineNotFound', { lineIds: String(lineId) });
  return { basketId: basket.id, line };
}

/** Changes a line's quantity and remark; the line takes the platform's price of now. */
export async function editBasketLine(db: Db, caller: Caller, client: PurchasePlatformClient, input: { lineId: number; quantity: number; remark: string }): Promise<BasketRecord> {
  const { line: seen } = await basketLine(db, caller, client.platform, input.lineId);
  const product = await productOf(client, seen.itemId);
  if (!product) throw conflict('preOrderLineGone', { lineNo: seen.lineNo, title: seen.title });
  const sku = product.skus.length === 0 ? undefined : product.skus.find((candidate) => candidate.skuId === seen.skuId);
  if (product.skus.length > 0 && !sku) throw conflict('preOrderLineGone', { lineNo: seen.lineNo, title: seen.title });
  const chosen: Chosen = sku ? { price: sku.price, stock: sku.stock, skuText: skuTextOf(sku), skuId: sku.skuId } : { price: product.price, stock: Number.MAX_SAFE_INTEGER, skuText: '', skuId: '' };
  checkQuantity(product, chosen, input.quantity);
  return db.transaction(async (tx) => {
    const { basketId, line } = await basketLine(tx, caller, client.platform, input.lineId);
    await updateLine(tx, caller.tenantId, line.id, { quantity: input.quantity, remark: input.remark, unitPrice: chosen.price, expressFee: product.expressFee });
    await refreshEstimate(tx, caller.tenantId, basketId);
    return basketRecord(tx, caller, client, basketId);
  });
}

/** Deletes lines of the basket: all or nothing (404 naming the ones it does not hold). */
export async function deleteBasketLines(db: Db, caller: Caller, client: PurchasePlatformClient, lineIds: number[]): Promise<BasketRecord> {
  const wanted = [...new Set(lineIds)];
  return db.transaction(async (tx) => {
    const basket = await findBasket(tx, caller.tenantId, caller.userId, client.platform, true);
    const held = new Set(basket ? (await linesOf(tx, caller.tenantId, basket.id)).map((line) => line.id) : []);
    const missing = wanted.filter((id) => !held.has(id));
    if (!basket || missing.length > 0) throw notFound('preOrderLineNotFound', { lineIds: (missing.length > 0 ? missing : wanted).join(', ') });
    await deleteLines(tx, caller.tenantId, basket.id, wanted);
    await refreshEstimate(tx, caller.tenantId, basket.id);
    return basketRecord(tx, caller, client, basket.id);
  });
}

/**
 * Submits the basket: every line's price, express fee and stock are read again from the platform, and a
 * difference is 409 naming the line (nothing changes); then the number, the fixed estimate, status
 * SUBMITTED and its GOODS charge (UNPAID, the total in CNY).
 */
export async function submitPreOrder(db: Db, caller: Caller, client: PurchasePlatformClient, input: PreOrderSubmitInput & { remark: string; fallback: PurchaseFallback }): Promise<PreOrderDetail> {
  const seen = await findBasket(db, caller.tenantId, caller.userId, client.platform);
  const seenLines = seen ? await linesOf(db, caller.tenantId, seen.id) : [];
  if (!seen || seenLines.length === 0) throw conflict('preOrderBasketEmpty');
  const products = new Map<string, ProductDetail | null>();
  for (const itemId of new Set(seenLines.map((line) => line.itemId))) products.set(itemId, await productOf(client, itemId));

  return db.transaction(async (tx) => {
    const basket = await findBasket(tx, caller.tenantId, caller.userId, client.platform, true);
    const lines = basket ? await linesOf(tx, caller.tenantId, basket.id) : [];
    if (!basket || lines.length === 0) throw conflict('preOrderBasketEmpty');
    for (const line of lines) {
      // a line added meanwhile was checked by its own add a moment ago; it is checked here all the same
      const product = products.has(line.itemId) ? products.get(line.itemId) : await productOf(client, line.itemId);
      const sku = product && (product.skus.length === 0 ? { price: product.price, stock: Number.MAX_SAFE_INTEGER } : product.skus.find((candidate) => candidate.skuId === line.skuId));
      const named = { lineNo: line.lineNo, title: line.title };
      if (!product || !sku) throw conflict('preOrderLineGone', named);
      if (sku.price !== line.unitPrice) throw conflict('preOrderLinePriceChanged', { ...named, was: amountText(line.unitPrice, 'CNY'), now: amountText(sku.price, 'CNY') });
      if (product.expressFee !== line.expressFee) throw conflict('preOrderLineExpressChanged', { ...named, was: amountText(line.expressFee, 'CNY'), now: amountText(product.expressFee, 'CNY') });
      if (sku.stock < line.quantity) throw conflict('preOrderLineStockChanged', { ...named, stock: sku.stock, quantity: line.quantity });
    }
    const estimate = estimateOf(lines);
    await setEstimate(tx, caller.tenantId, basket.id, estimate);
    await submitBasket(tx, caller.tenantId, basket.id, { remark: input.remark, fallback: input.fallback, warehouseCode: input.warehouseCode });
    await insertCharge(tx, caller.tenantId, basket.id, 'GOODS', estimate.totalAmount);
    return preOrderDetail(tx, caller.tenantId, client.platform, basket.id);
  });
}

/** Cancels a submitted pre-order that is not paid, and its charge; anything else is 409. */
export async function cancelSubmitted(db: Db, caller: Caller, platform: PurchasePlatform, id: number): Promise<PreOrderDetail> {
  return db.transaction(async (tx) => {
    const preOrder = await findPreOrder(tx, caller.tenantId, platform, id, true);
    if (preOrder.status !== 'SUBMITTED') {
      throw conflict('preOrderNotInStatus', { preOrderNo: preOrder.preOrderNo, status: PRE_ORDER_STATUS_TEXTS[preOrder.status], action: PRE_ORDER_ACTION_TEXTS.cancel });
    }
    await cancelPreOrder(tx, caller.tenantId, id);
    return preOrderDetail(tx, caller.tenantId, platform, id);
  });
}

// ------------------------------------------------------------------ paying (payment.ts does the money)

type Keyed = { key: string; route: string };
type PayBody = { id: number; currency: CurrencyCode; expectedRate: string };

async function resultOf(tx: Db, tenantId: number, platform: PurchasePlatform, preOrderId: number, paid: PaidCharges): Promise<PayResult> {
  const preOrder = await findPreOrder(tx, tenantId, platform, preOrderId);
  return {
    preOrderId: Number(preOrder.id),
    preOrderNo: preOrder.preOrderNo,
    status: preOrder.status,
    currency: paid.currency,
    rate: paid.rate.rate,
    amount: amountText(paid.amount, 'CNY'),
    payAmount: amountText(paid.payAmount, paid.currency),
    balanceAfter: amountText(paid.balanceAfter, paid.currency),
    paymentNos: paid.paymentNos,
    paidAt: paid.paidAt.toISOString(),
  };
}

async function unpaidOfPreOrder(tx: Db, tenantId: number, platform: PurchasePlatform, id: number): Promise<number[]> {
  const preOrder = await findPreOrder(tx, tenantId, platform, id);
  const ids = await unpaidChargesOfPreOrder(tx, tenantId, preOrder.id);
  if (ids.length === 0) throw conflict('preOrderNothingToPay', { preOrderNo: preOrder.preOrderNo });
  return ids;
}

/** What paying the pre-order's unpaid charges from the `currency` wallet would take now. */
export async function previewPreOrderPay(db: Db, caller: Caller, platform: PurchasePlatform, body: { id: number; currency: CurrencyCode }): Promise<PayPreview> {
  return previewCharges(db, caller.tenantId, await unpaidOfPreOrder(db, caller.tenantId, platform, body.id), body.currency);
}

/** Pays the pre-order's unpaid charges (its estimate, and any top-up), once per Idempotency-Key. */
export async function payPreOrder(db: Db, caller: Caller, platform: PurchasePlatform, call: Keyed, body: PayBody): Promise<PayResult> {
  const { tenantId, userId } = caller;
  return once(db, { tenantId, userId, key: call.key, route: call.route, body }, async (tx) => {
    const chargeIds = await unpaidOfPreOrder(tx, tenantId, platform, body.id);
    const paid = await payCharges(tx, { tenantId, userId, chargeIds, currency: body.currency, expectedRate: body.expectedRate });
    return resultOf(tx, tenantId, platform, body.id, paid);
  });
}

/** The tenant's purchase order on the platform with its unpaid top-ups; 404 for another's, 409 with none. */
async function unpaidOfPurchase(tx: Db, tenantId: number, platform: PurchasePlatform, id: number): Promise<{ preOrderId: number; chargeIds: number[] }> {
  const order = await purchaseOrderOf(tx, tenantId, platform, id);
  if (!order) throw notFound();
  const chargeIds = await unpaidTopUpsOf(tx, tenantId, id);
  if (chargeIds.length === 0) throw conflict('purchaseTopUpNothingToPay', { purchaseNo: order.purchaseNo });
  return { preOrderId: order.preOrderId, chargeIds };
}

export async function previewTopUp(db: Db, caller: Caller, platform: PurchasePlatform, body: { id: number; currency: CurrencyCode }): Promise<PayPreview> {
  return previewCharges(db, caller.tenantId, (await unpaidOfPurchase(db, caller.tenantId, platform, body.id)).chargeIds, body.currency);
}

/** Pays the top-up a purchase order raised, once per Idempotency-Key. */
export async function payTopUp(db: Db, caller: Caller, platform: PurchasePlatform, call: Keyed, body: PayBody): Promise<PayResult> {
  const { tenantId, userId } = caller;
  return once(db, { tenantId, userId, key: call.key, route: call.route, body }, async (tx) => {
    const { preOrderId, chargeIds } = await unpaidOfPurchase(tx, tenantId, platform, body.id);
    const paid = await payCharges(tx, { tenantId, userId, chargeIds, currency: body.currency, expectedRate: body.expectedRate });
    return resultOf(tx, tenantId, platform, preOrderId, paid);
  });
}
