import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import { currencyFromMinor } from '@portal/shared/money';
import type { PreOrderStatus, PurchasePlatform } from '@portal/shared/purchase';
import type { PreOrderLineRecord, QueueRecord } from '@portal/shared/purchasing-schemas';
import { preOrderLines, preOrders, purchaseOrderLines, purchaseOrders } from '../../../db/schema/purchase.ts';
import { must } from '../../../lib/must.ts';
import { numberSearch, pageOf } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { tenantNames, userNames } from '../../finance/repository.ts';

/* The queries of the purchasers' queue: paid pre-orders of every tenant, their lines, the purchase orders made from them. */

const cny = (minor: bigint) => currencyFromMinor(minor, 'CNY');

export type QueueFilters = { tenantId?: number; platform?: PurchasePlatform; status?: 'PAID' | 'PURCHASING'; preOrderNo?: string };
type Paging = { pageNo: number; pageSize: number; order?: 'asc' | 'desc'; column?: 'paidAt' | 'preOrderNo' };

/** The statuses a pre-order is in the queue, or was (its detail stays readable once done or cancelled). */
const QUEUED: PreOrderStatus[] = ['PAID', 'PURCHASING'];
const SEEN: PreOrderStatus[] = ['PAID', 'PURCHASING', 'DONE', 'CANCELLED'];

function queueWhere(filters: QueueFilters): SQL | undefined {
  return and(
    filters.status ? eq(preOrders.status, filters.status) : inArray(preOrders.status, QUEUED),
    filters.tenantId === undefined ? undefined : eq(preOrders.tenantId, filters.tenantId),
    filters.platform ? eq(preOrders.platform, filters.platform) : undefined,
    numberSearch(preOrders.preOrderNo, filters.preOrderNo),
  );
}

const lineCount = sql<number>`(select count(*)::int from ${preOrderLines} where ${preOrderLines.tenantId} = ${preOrders.tenantId} and ${preOrderLines.preOrderId} = ${preOrders.id})`;
const queueRows = (tx: Db) => tx.select({ row: preOrders, lineCount, cursorTime: cursorTimeOf(preOrders.createdAt) }).from(preOrders);
type QueueRow = { row: typeof preOrders.$inferSelect; lineCount: number; cursorTime: string };

/** A page of the queue, oldest payment first unless sorted otherwise. */
export async function queuePage(tx: Db, filters: QueueFilters, paging: Paging): Promise<Page<QueueRecord>> {
  const where = queueWhere(filters);
  const direction = paging.order === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  const column = paging.column === 'preOrderNo' ? preOrders.preOrderNo : preOrders.paidAt;
  const rows = await queueRows(tx)
    .where(where)
    .orderBy(sql`${column} ${direction}`, sql`${preOrders.id} ${direction}`)
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize);
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(preOrders).where(where);
  return pageOf(await toRecords(tx, rows), counted?.total ?? 0, paging.pageNo, paging.pageSize);
}

export async function countQueue(tx: Db, filters: QueueFilters): Promise<number> {
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(preOrders).where(queueWhere(filters));
  return counted?.total ?? 0;
}

/** One batch of the queue's export, newest first. */
export async function queueExportBatch(tx: Db, filters: QueueFilters, after: Cursor | null, limit: number): Promise<(QueueRecord & { cursorTime: string })[]> {
  const rows = await queueRows(tx)
    .where(and(queueWhere(filters), after ? afterCursor(preOrders.createdAt, preOrders.id, after) : undefined))
    .orderBy(sql`${preOrders.createdAt} desc`, sql`${preOrders.id} desc`)
    .limit(limit);
  const records = await toRecords(tx, rows);
  return records.map((record, index) => ({ ...record, cursorTime: rows[index]?.cursorTime ?? '' }));
}

/** A pre-order the purchasers see (paid at least once) as a record; undefined otherwise. */
export async function queueRecord(tx: Db, tenantId: number, id: number): Promise<QueueRecord | undefined> {
  const rows = await queueRows(tx).where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id), inArray(preOrders.status, SEEN)));
  return (await toRecords(tx, rows))[0];
}

async function toRecords(tx: Db, rows: QueueRow[]): Promise<QueueRecord[]> {
  const people = await userNames(
    tx,
    rows.map(({ row }) => row.purchaserId),
  );
  const names = await tenantNames(
    tx,
    rows.map(({ row }) => row.tenantId),
  );
  return rows.map(({ row, lineCount: lines }) => ({
    id: row.id,
    tenantId: row.tenantId,
    tenantName: names.get(row.tenantId) ?? '',
    preOrderNo: row.preOrderNo,
    platform: row.platform,
    status: row.status,
    goodsAmount: cny(row.goodsAmount),
    expressFee: cny(row.expressFee),
    serviceFee: cny(row.serviceFee),
    totalAmount: cny(row.totalAmount),
    actualAmount: row.actualAmount === null ? null : cny(row.actualAmount),
    currency: 'CNY',
    remark: row.remark,
    fallback: row.fallback,
    warehouseCode: row.warehouseCode,
    cancelReason: row.cancelReason,
    purchaserId: row.purchaserId,
    purchaser: row.purchaserId === null ? '' : (people.get(row.purchaserId) ?? ''),
    paidAt: iso(row.paidAt),
    lineCount: lines,
    createdAt: iso(row.createdAt) ?? '',
  }));
}

export type LineRow = typeof preOrderLines.$inferSelect;

/** The pre-order's lines in their order. */
export async function linesOf(tx: Db, tenantId: number, preOrderId: number): Promise<LineRow[]> {
  return tx
    .select()
    .from(preOrderLines)
    .where(and(eq(preOrderLines.tenantId, tenantId), eq(preOrderLines.preOrderId, preOrderId)))
    .orderBy(preOrderLines.lineNo);
}

export const lineRecord = (line: LineRow): PreOrderLineRecord => ({
  id: line.id,
  lineNo: line.lineNo,
  itemId: line.itemId,
  skuId: line.skuId,
  title: line.title,
  skuText: line.skuText,
  imageUrl: line.imageUrl,
  itemUrl: line.itemUrl,
  sellerId: line.sellerId,
  storeName: line.storeName,
  unitPrice: cny(line.unitPrice),
  expressFee: cny(line.expressFee),
  quantity: line.quantity,
  remark: line.remark,
});

/** The pre-order locked; undefined when the tenant has no such one. */
export async function lockPreOrder(tx: Db, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(preOrders)
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id)))
    .for('update');
  return row;
}

export async function updatePreOrder(tx: Db, tenantId: number, id: number, set: Partial<Pick<typeof preOrders.$inferInsert, 'status' | 'purchaserId' | 'cancelReason'>>): Promise<void> {
  await tx
    .update(preOrders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(preOrders.tenantId, tenantId), eq(preOrders.id, id)));
}

/** The purchase orders of a pre-order, locked in id order. */
export async function lockOrdersOf(tx: Db, tenantId: number, preOrderId: number) {
  return tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.preOrderId, preOrderId)))
    .orderBy(purchaseOrders.id)
    .for('update');
}

/** PC + the UTC date as yymmdd + 8 digits of pur_no_seq. */
const purchaseNo = sql<string>`'PC' || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('pur_no_seq') % 100000000)::text, 8, '0')`;

export type NewPurchaseOrder = {
  sellerId: string;
  storeName: string;
  purchaseAmount: bigint;
  estimatedExpressFee: bigint;
  lines: { lineId: number; quantity: number }[];
};

/** A PLACING purchase order and its lines; answers its id and number. */
export async function insertPurchaseOrder(tx: Db, preOrder: typeof preOrders.$inferSelect, order: NewPurchaseOrder, purchaserId: number): Promise<{ id: number; purchaseNo: string }> {
  const [created] = await tx
    .insert(purchaseOrders)
    .values({
      tenantId: preOrder.tenantId,
      purchaseNo,
      preOrderId: preOrder.id,
      platform: preOrder.platform,
      status: 'PLACING',
      sellerId: order.sellerId,
      storeName: order.storeName,
      purchaseAmount: order.purchaseAmount,
      purchaseCurrency: 'CNY',
      estimatedExpressFee: order.estimatedExpressFee,
      warehouseCode: preOrder.warehouseCode,
      purchaserId,
    })
    .returning({ id: purchaseOrders.id, purchaseNo: purchaseOrders.purchaseNo });
  const { id, purchaseNo: number } = must(created, 'purchase order');
  await tx.insert(purchaseOrderLines).values(order.lines.map((line) => ({ tenantId: preOrder.tenantId, purchaseOrderId: id, preOrderLineId: line.lineId, quantity: line.quantity })));
  return { id, purchaseNo: number };
}
