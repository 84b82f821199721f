import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CountedPage } from '@portal/shared/api';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { ReceiveStatus, WarehousePurchaseRecord } from '@portal/shared/purchase-stock-schemas';
import type { Db } from '../../../db/client.ts';
import { preOrders, purchaseOrderLines, purchaseOrders } from '../../../db/schema/purchase.ts';
import { tenants } from '../../../db/schema/sys.ts';
import { countedPage, countRows, dateRange, normalizeNumber, numberSearch } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, keysetBatches } from '../../../lib/xlsx.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import type { ListPage } from '../schemas.ts';

/*
 * Purchased goods arriving at the warehouse: purchase orders of every tenant found by the seller's
 * express number (pur_order_express_no_idx on upper(express_no)); purchasing writes what they become.
 */

export type ExpressMatch = { id: number; tenantId: number; purchaseNo: string; status: PurchaseOrderStatus; expressNo: string | null };

/** Every purchase order with this express number, of any tenant, locked until the transaction ends (a second scan waits, then finds them received). */
export async function lockByExpressNo(tx: Db, expressNo: string): Promise<ExpressMatch[]> {
  return tx
    .select({ id: purchaseOrders.id, tenantId: purchaseOrders.tenantId, purchaseNo: purchaseOrders.purchaseNo, status: purchaseOrders.status, expressNo: purchaseOrders.expressNo })
    .from(purchaseOrders)
    .where(sql`upper(${purchaseOrders.expressNo}) = ${normalizeNumber(expressNo)}`)
    .orderBy(purchaseOrders.purchaseNo)
    .for('update');
}

export type PurchaseFilters = {
  expressNo?: string;
  purchaseNo?: string;
  tenantId?: number;
  status?: ReceiveStatus;
  warehouseCode?: string;
  receivedFrom?: string;
  receivedTo?: string;
};

const RECEIVE_STATUSES_ALL: readonly ReceiveStatus[] = ['SELLER_SHIPPED', 'IN_STOCK'];

export function purchaseConditions(filters: PurchaseFilters): SQL | undefined {
  return and(
    inArray(purchaseOrders.status, filters.status ? [filters.status] : [...RECEIVE_STATUSES_ALL]),
    numberSearch(purchaseOrders.expressNo, filters.expressNo),
    numberSearch(purchaseOrders.purchaseNo, filters.purchaseNo),
    filters.tenantId !== undefined ? eq(purchaseOrders.tenantId, filters.tenantId) : undefined,
    filters.warehouseCode ? eq(purchaseOrders.warehouseCode, filters.warehouseCode) : undefined,
    ...dateRange(purchaseOrders.receivedAt, filters.receivedFrom, filters.receivedTo),
  );
}

// what each purchase order buys: its lines and pieces
const lineCount = sql<number>`(select count(*)::int from ${purchaseOrderLines} l where l.tenant_id = ${purchaseOrders.tenantId} and l.purchase_order_id = ${purchaseOrders.id})`;
const pieces = sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${purchaseOrderLines} l where l.tenant_id = ${purchaseOrders.tenantId} and l.purchase_order_id = ${purchaseOrders.id})`;

function selectRecords(db: Db, where: SQL | undefined) {
  return db
    .select({ order: purchaseOrders, preOrderNo: preOrders.preOrderNo, tenantName: tenants.name, lineCount, pieces, cursorTime: cursorTimeOf(purchaseOrders.createdAt) })
    .from(purchaseOrders)
    .innerJoin(preOrders, and(eq(preOrders.tenantId, purchaseOrders.tenantId), eq(preOrders.id, purchaseOrders.preOrderId)))
    .innerJoin(tenants, eq(tenants.id, purchaseOrders.tenantId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof selectRecords>>[number];

function recordOf(row: Row): WarehousePurchaseRecord {
  const { order } = row;
  return {
    id: order.id,
    purchaseNo: order.purchaseNo,
    preOrderNo: row.preOrderNo,
    tenantId: order.tenantId,
    tenantName: row.tenantName,
    platform: order.platform,
    status: order.status,
    storeName: order.storeName,
    expressCompany: order.expressCompany,
    expressNo: order.expressNo,
    warehouseCode: order.warehouseCode,
    lineCount: Number(row.lineCount),
    quantity: Number(row.pieces),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    receivedAt: order.receivedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Purchase orders of every tenant, awaiting or received, newest first (pur_order_status_idx). */
export async function listPurchases(db: Db, filters: PurchaseFilters, page: ListPage): Promise<CountedPage<WarehousePurchaseRecord>> {
  const where = purchaseConditions(filters);
  const direction = indexOrder(page.order);
  const [rows, counted] = await Promise.all([
    selectRecords(db, where)
      .orderBy(direction(purchaseOrders.createdAt), direction(purchaseOrders.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    countRows(db, purchaseOrders, where),
  ]);
  return countedPage(rows.map(recordOf), counted, page);
}

export async function countPurchases(db: Db, where: SQL | undefined, upTo: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(purchaseOrders).where(where).limit(upTo).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

export function purchaseBatches(db: Db, where: SQL | undefined): AsyncIterable<WarehousePurchaseRecord[]> {
  return keysetBatches(async (after, limit) => {
    const rows = await selectRecords(db, and(where, after ? afterCursor(purchaseOrders.createdAt, purchaseOrders.id, after) : undefined))
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ ...recordOf(row), cursorTime: row.cursorTime }));
  });
}

export async function tenantNameOf(tx: Db, tenantId: number): Promise<string> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}
