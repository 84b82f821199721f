import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import { currencyFromMinor } from '@portal/shared/money';
import type { StockStatus } from '@portal/shared/purchase';
import type { StockItemRecord } from '@portal/shared/purchase-stock-schemas';
import type { Db } from '../../../db/client.ts';
import type { OrderMoveListener } from '../../logistics/order/lifecycle.ts';
import { orders } from '../../../db/schema/logistics.ts';
import { preOrderLines, preOrders, purchaseCharges, purchaseOrderLines, purchaseOrders, stockItems } from '../../../db/schema/purchase.ts';
import { escapeLike, numberSearch, pageOf } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, keysetBatches } from '../../../lib/xlsx.ts';

/*
 * The merchant's stock: purchased goods received at the warehouse. Every query of a tenant's stock
 * filters by the tenant; the warehouse's receipt works on the purchase orders its scan locked.
 */

export type StockFilters = { status?: StockStatus; title?: string; purchaseNo?: string; warehouseCode?: string };

export function stockConditions(tenantId: number, filters: StockFilters): SQL | undefined {
  return and(
    eq(stockItems.tenantId, tenantId),
    filters.status ? eq(stockItems.status, filters.status) : undefined,
    filters.title ? ilike(stockItems.title, `%${escapeLike(filters.title)}%`) : undefined,
    filters.warehouseCode ? eq(stockItems.warehouseCode, filters.warehouseCode) : undefined,
    // through the purchase order's number (pur_order_no_uq: tenant, number)
    filters.purchaseNo ? sql`${stockItems.purchaseOrderId} in (${purchaseIdsByNo(tenantId, filters.purchaseNo)})` : undefined,
  );
}

const purchaseIdsByNo = (tenantId: number, purchaseNo: string) =>
  sql`select ${purchaseOrders.id} from ${purchaseOrders} where ${purchaseOrders.tenantId} = ${tenantId} and ${numberSearch(purchaseOrders.purchaseNo, purchaseNo) ?? sql`true`}`;

const recordColumns = {
  item: stockItems,
  purchaseNo: purchaseOrders.purchaseNo,
  platform: purchaseOrders.platform,
  preOrderNo: preOrders.preOrderNo,
  logisticsOrderNo: orders.orderNo,
};

type Row = { item: typeof stockItems.$inferSelect; purchaseNo: string; platform: StockItemRecord['platform']; preOrderNo: string; logisticsOrderNo: string | null };

function recordOf(row: Row): StockItemRecord {
  const { item } = row;
  return {
    id: item.id,
    title: item.title,
    skuText: item.skuText,
    imageUrl: item.imageUrl,
    quantity: item.quantity,
    unitPrice: currencyFromMinor(item.unitPrice, 'CNY'),
    warehouseCode: item.warehouseCode,
    status: item.status,
    purchaseNo: row.purchaseNo,
    preOrderNo: row.preOrderNo,
    platform: row.platform,
    logisticsOrderId: item.logisticsOrderId,
    logisticsOrderNo: row.logisticsOrderNo,
    receivedAt: item.receivedAt.toISOString(),
  };
}

function selectRecords(db: Db, where: SQL | undefined) {
  return db
    .select({ ...recordColumns, cursorTime: cursorTimeOf(stockItems.receivedAt) })
    .from(stockItems)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, stockItems.tenantId), eq(purchaseOrders.id, stockItems.purchaseOrderId)))
    .innerJoin(preOrders, and(eq(preOrders.tenantId, purchaseOrders.tenantId), eq(preOrders.id, purchaseOrders.preOrderId)))
    .leftJoin(orders, and(eq(orders.tenantId, stockItems.tenantId), eq(orders.id, stockItems.logisticsOrderId)))
    .where(where);
}

/** A page of the tenant's stock, newest received first (pur_stock_item_tenant_status_idx). */
export async function listStock(db: Db, where: SQL | undefined, page: { pageNo: number; pageSize: number }): Promise<Page<StockItemRecord>> {
  const [rows, [counted]] = await Promise.all([
    selectRecords(db, where)
      .orderBy(desc(stockItems.receivedAt), desc(stockItems.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(stockItems).where(where),
  ]);
  return pageOf(rows.map(recordOf), Number(counted?.total ?? 0), page.pageNo, page.pageSize);
}

export async function countStock(db: Db, where: SQL | undefined, upTo: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(stockItems).where(where).limit(upTo).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

/** The same records batch after batch, for the export. */
export function stockBatches(db: Db, where: SQL | undefined): AsyncIterable<StockItemRecord[]> {
  return keysetBatches(async (after, limit) => {
    const rows = await selectRecords(db, and(where, after ? afterCursor(stockItems.receivedAt, stockItems.id, after) : undefined))
      .orderBy(desc(stockItems.receivedAt), desc(stockItems.id))
      .limit(limit);
    return rows.map((row) => ({ ...recordOf(row), cursorTime: row.cursorTime }));
  });
}

export type LockedStockItem = {
  id: number;
  title: string;
  skuText: string;
  quantity: number;
  unitPrice: bigint;
  warehouseCode: string;
  status: StockStatus;
  preOrderId: number;
  preOrderNo: string;
};

/** The tenant's items among `ids`, locked until the transaction ends (two shipments of one item: the second waits, then finds it taken). */
export async function lockStockItems(tx: Db, tenantId: number, ids: readonly number[]): Promise<LockedStockItem[]> {
  return tx
    .select({
      id: stockItems.id,
      title: stockItems.title,
      skuText: stockItems.skuText,
      quantity: stockItems.quantity,
      unitPrice: stockItems.unitPrice,
      warehouseCode: stockItems.warehouseCode,
      status: stockItems.status,
      preOrderId: purchaseOrders.preOrderId,
      preOrderNo: preOrders.preOrderNo,
    })
    .from(stockItems)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, stockItems.tenantId), eq(purchaseOrders.id, stockItems.purchaseOrderId)))
    .innerJoin(preOrders, and(eq(preOrders.tenantId, purchaseOrders.tenantId), eq(preOrders.id, purchaseOrders.preOrderId)))
    .where(and(eq(stockItems.tenantId, tenantId), inArray(stockItems.id, [...ids])))
    .orderBy(stockItems.id)
    .for('update', { of: stockItems });
}

/** The pre-purchase orders among `preOrderIds` with a charge still UNPAID (a top-up not paid). */
export async function preOrdersWithUnpaidCharge(tx: Db, tenantId: number, preOrderIds: readonly number[]): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ preOrderId: purchaseCharges.preOrderId })
    .from(purchaseCharges)
    .where(and(eq(purchaseCharges.tenantId, tenantId), inArray(purchaseCharges.preOrderId, [...preOrderIds]), eq(purchaseCharges.status, 'UNPAID')));
  return rows.map((row) => row.preOrderId);
}

export async function allocateStock(tx: Db, tenantId: number, ids: readonly number[], logisticsOrderId: number): Promise<void> {
  await tx
    .update(stockItems)
    .set({ status: 'ALLOCATED', logisticsOrderId, updatedAt: sql`now()` })
    .where(and(eq(stockItems.tenantId, tenantId), inArray(stockItems.id, [...ids]), eq(stockItems.status, 'IN_STOCK')));
}

// ------------------------------------------------------------------ the warehouse's receipt

/** The purchase order is in stock, if it still was SELLER_SHIPPED; false otherwise. */
export async function markInStock(tx: Db, order: { id: number; tenantId: number; purchaseNo: string }, receivedBy: number): Promise<boolean> {
  const moved = await tx
    .update(purchaseOrders)
    .set({ status: 'IN_STOCK', receivedAt: sql`now()`, receivedBy, updatedAt: sql`now()` })
    .where(and(eq(purchaseOrders.tenantId, order.tenantId), eq(purchaseOrders.id, order.id), eq(purchaseOrders.status, 'SELLER_SHIPPED')))
    .returning({ id: purchaseOrders.id });
  return moved.length > 0;
}

/** One stock item per line of the purchase order, as the merchant chose it (title, SKU, image, price), put in `warehouseCode`. */
export async function stockLinesOf(tx: Db, order: { id: number; tenantId: number }, warehouseCode: string, receivedBy: number): Promise<{ items: number; quantity: number }> {
  const lines = await tx
    .select({ line: preOrderLines, quantity: purchaseOrderLines.quantity })
    .from(purchaseOrderLines)
    .innerJoin(preOrderLines, and(eq(preOrderLines.tenantId, purchaseOrderLines.tenantId), eq(preOrderLines.id, purchaseOrderLines.preOrderLineId)))
    .where(and(eq(purchaseOrderLines.tenantId, order.tenantId), eq(purchaseOrderLines.purchaseOrderId, order.id)))
    .orderBy(preOrderLines.lineNo);
  if (lines.length === 0) return { items: 0, quantity: 0 };
  await tx.insert(stockItems).values(
    lines.map(({ line, quantity }) => ({
      tenantId: order.tenantId,
      purchaseOrderId: order.id,
      preOrderLineId: line.id,
      title: line.title,
      skuText: line.skuText,
      imageUrl: line.imageUrl,
      quantity,
      unitPrice: line.unitPrice,
      warehouseCode,
      status: 'IN_STOCK' as const,
      receivedBy,
    })),
  );
  return { items: lines.length, quantity: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

// ------------------------------------------------------------------ the logistics order's hooks

/** The order was cancelled: its stock items are back in the warehouse, free for another order. */
async function releaseStockOf(tx: Db, order: { id: number; tenantId: number }): Promise<void> {
  await tx
    .update(stockItems)
    .set({ status: 'IN_STOCK', logisticsOrderId: null, updatedAt: sql`now()` })
    .where(and(eq(stockItems.tenantId, order.tenantId), eq(stockItems.logisticsOrderId, order.id), eq(stockItems.status, 'ALLOCATED')));
}

/** The order left the warehouse: its stock items went with it. */
async function shipStockOf(tx: Db, order: { id: number; tenantId: number }): Promise<void> {
  await tx
    .update(stockItems)
    .set({ status: 'SHIPPED', updatedAt: sql`now()` })
    .where(and(eq(stockItems.tenantId, order.tenantId), eq(stockItems.logisticsOrderId, order.id), eq(stockItems.status, 'ALLOCATED')));
}

/**
 * An order made from purchased stock, as it moves (registered by the app with the orders' lifecycle): cancelled,
 * its goods are free again; gone out of the warehouse, they left with it.
 */
export const stockFollowsOrder: OrderMoveListener = async (tx, order, to) => {
  if (to === 'CANCEL') await releaseStockOf(tx, order);
  if (to === 'WHOUT') await shipStockOf(tx, order);
};
