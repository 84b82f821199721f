import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { preOrderLines, preOrders, purchaseCharges, purchaseOrderLines, purchaseOrders, stockItems } from '../../../src/db/schema/purchase.ts';
import { must } from '../../../src/lib/must.ts';

/*
 * Purchased goods on their way to the warehouse, written straight into the tables (the stock's
 * tests must not depend on the pre-order and purchase-order endpoints built alongside): a paid
 * pre-purchase order, its lines, and a purchase order of them SELLER_SHIPPED with the seller's express
 * number. No money moves; a TOPUP charge UNPAID stands for a top-up the merchant has not paid.
 */

// a random start, so that numbers of another run against the same database do not collide
let sequence = Math.floor(Math.random() * 1_000_000);
const next = () => String((sequence += 1)).padStart(8, '0');

export type FixtureLine = { title: string; skuText?: string; imageUrl?: string; unitPrice: bigint; quantity: number };

export type ShippedPurchase = {
  tenantId: number;
  preOrderId: number;
  preOrderNo: string;
  purchaseOrderId: number;
  purchaseNo: string;
  expressNo: string;
  lineIds: number[];
};

export const DEFAULT_LINES: FixtureLine[] = [
  { title: 'Ceramic tea cup 陶瓷茶杯', skuText: '顏色:白;容量:200ml', imageUrl: '/demo/purchase/cup.png', unitPrice: 1250n, quantity: 2 },
  { title: 'Linen scarf 亞麻圍巾', skuText: '顏色:藍', unitPrice: 3999n, quantity: 1 },
];

/** A pre-purchase order with `lines` and one purchase order of all of them, SELLER_SHIPPED with `expressNo`. */
export async function shippedPurchase(db: Db, options: { tenantId: number; expressNo?: string; lines?: FixtureLine[]; warehouseCode?: string; status?: 'SELLER_SHIPPED' | 'PURCHASED' | 'IN_STOCK' }): Promise<ShippedPurchase> {
  const { tenantId } = options;
  const lines = options.lines ?? DEFAULT_LINES;
  const number = next();
  const expressNo = options.expressNo ?? `SF${number}`;
  const goods = lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n);
  const warehouseCode = options.warehouseCode ?? 'SZ01';
  const [pre] = await db
    .insert(preOrders)
    .values({ tenantId, preOrderNo: `PP${number}`, platform: 'TAOBAO', status: 'PURCHASING', goodsAmount: goods, totalAmount: goods, warehouseCode, submittedAt: new Date(), paidAt: new Date() })
    .returning({ id: preOrders.id, preOrderNo: preOrders.preOrderNo });
  const preOrder = must(pre, 'pre-order');
  const inserted = await db
    .insert(preOrderLines)
    .values(
      lines.map((line, index) => ({
        tenantId,
        preOrderId: preOrder.id,
        lineNo: index + 1,
        itemId: `item-${number}-${index}`,
        title: line.title,
        skuText: line.skuText ?? '',
        imageUrl: line.imageUrl ?? '',
        sellerId: 'seller-1',
        storeName: 'Demo store',
        unitPrice: line.unitPrice,
        quantity: line.quantity,
      })),
    )
    .returning({ id: preOrderLines.id, lineNo: preOrderLines.lineNo });
  const lineIds = inserted.sort((a, b) => a.lineNo - b.lineNo).map((line) => line.id);
  const [po] = await db
    .insert(purchaseOrders)
    .values({
      tenantId,
      purchaseNo: `PC${number}`,
      preOrderId: preOrder.id,
      platform: 'TAOBAO',
      status: options.status ?? 'SELLER_SHIPPED',
      sellerId: 'seller-1',
      storeName: 'Demo store',
      purchaseAmount: goods,
      purchaseCurrency: 'CNY',
      actualPaymentAmount: goods,
      actualPaymentCurrency: 'CNY',
      expressCompany: 'SF Express',
      expressNo,
      warehouseCode,
      placedAt: new Date(),
      confirmedAt: new Date(),
      settledAt: new Date(),
      shippedAt: new Date(),
    })
    .returning({ id: purchaseOrders.id, purchaseNo: purchaseOrders.purchaseNo });
  const purchase = must(po, 'purchase order');
  await db.insert(purchaseOrderLines).values(lines.map((line, index) => ({ tenantId, purchaseOrderId: purchase.id, preOrderLineId: must(lineIds[index], 'line'), quantity: line.quantity })));
  return { tenantId, preOrderId: preOrder.id, preOrderNo: preOrder.preOrderNo, purchaseOrderId: purchase.id, purchaseNo: purchase.purchaseNo, expressNo, lineIds };
}

/** A top-up the merchant owes on the pre-purchase order (the purchase cost more than was paid). */
export async function unpaidTopUp(db: Db, purchase: ShippedPurchase, amount = 320n): Promise<number> {
  const [charge] = await db
    .insert(purchaseCharges)
    .values({ tenantId: purchase.tenantId, preOrderId: purchase.preOrderId, kind: 'TOPUP', status: 'UNPAID', amount, purchaseOrderId: purchase.purchaseOrderId })
    .returning({ id: purchaseCharges.id });
  return must(charge, 'charge').id;
}

export async function stockOf(db: Db, purchase: ShippedPurchase) {
  return db
    .select()
    .from(stockItems)
    .where(and(eq(stockItems.tenantId, purchase.tenantId), eq(stockItems.purchaseOrderId, purchase.purchaseOrderId)))
    .orderBy(stockItems.id);
}

export async function purchaseRow(db: Db, purchase: ShippedPurchase) {
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, purchase.tenantId), eq(purchaseOrders.id, purchase.purchaseOrderId)));
  return must(row, 'purchase order');
}
