import { iso } from '../../../lib/iso.ts';
import type { Db } from '../../../db/client.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import { currencyFromMinor } from '@portal/shared/money';
import type { PurchasePlatform, PurchaseOrderStatus } from '@portal/shared/purchase';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { preOrderLines, preOrders, purchaseCharges, purchaseOrderLines, purchaseOrders } from '../../../db/schema/purchase.ts';
import { dateRange, numberSearch, pageOf } from '../../../lib/list.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../../lib/xlsx.ts';
import { tenantNames, userNames } from '../../finance/repository.ts';

/* The queries of purchase orders: the purchasers' list across tenants, a merchant's own, their records. */

const cny = (minor: bigint | null) => (minor === null ? null : currencyFromMinor(minor, 'CNY'));

export type PurchaseOrderFilters = {
  tenantId?: number;
  platform?: PurchasePlatform;
  status?: PurchaseOrderStatus;
  purchaseNo?: string;
  preOrderNo?: string;
  externalPurchaseNo?: string;
  platformOrderId?: string;
  sellerId?: string;
  expressNo?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
};

type Paging = { pageNo: number; pageSize: number; order?: 'asc' | 'desc'; column?: 'createdAt' | 'purchaseNo' };

/** The filters as a condition; `tenantId` null for every tenant (a platform list). */
function orderWhere(filters: PurchaseOrderFilters): SQL | undefined {
  return and(
    filters.tenantId === undefined ? undefined : eq(purchaseOrders.tenantId, filters.tenantId),
    filters.platform ? eq(purchaseOrders.platform, filters.platform) : undefined,
    filters.status ? eq(purchaseOrders.status, filters.status) : undefined,
    numberSearch(purchaseOrders.purchaseNo, filters.purchaseNo),
    numberSearch(purchaseOrders.externalPurchaseNo, filters.externalPurchaseNo),
    numberSearch(purchaseOrders.platformOrderId, filters.platformOrderId),
    numberSearch(purchaseOrders.expressNo, filters.expressNo),
    filters.sellerId ? eq(purchaseOrders.sellerId, filters.sellerId) : undefined,
    filters.preOrderNo
      ? sql`exists (select 1 from ${preOrders} where ${preOrders.tenantId} = ${purchaseOrders.tenantId} and ${preOrders.id} = ${purchaseOrders.preOrderId} and ${numberSearch(preOrders.preOrderNo, filters.preOrderNo) ?? sql`true`})`
      : undefined,
    ...dateRange(purchaseOrders.createdAt, filters.createdAt_begin, filters.createdAt_end),
  );
}

const columns = {
  id: purchaseOrders.id,
  tenantId: purchaseOrders.tenantId,
  purchaseNo: purchaseOrders.purchaseNo,
  preOrderId: purchaseOrders.preOrderId,
  platform: purchaseOrders.platform,
  status: purchaseOrders.status,
  externalPurchaseNo: purchaseOrders.externalPurchaseNo,
  platformOrderId: purchaseOrders.platformOrderId,
  sellerId: purchaseOrders.sellerId,
  storeName: purchaseOrders.storeName,
  purchaseAmount: purchaseOrders.purchaseAmount,
  purchaseCurrency: purchaseOrders.purchaseCurrency,
  estimatedExpressFee: purchaseOrders.estimatedExpressFee,
  domesticExpressFee: purchaseOrders.domesticExpressFee,
  actualPaymentAmount: purchaseOrders.actualPaymentAmount,
  actualPaymentCurrency: purchaseOrders.actualPaymentCurrency,
  expressCompany: purchaseOrders.expressCompany,
  expressNo: purchaseOrders.expressNo,
  warehouseCode: purchaseOrders.warehouseCode,
  remark: purchaseOrders.remark,
  purchaserId: purchaseOrders.purchaserId,
  placedAt: purchaseOrders.placedAt,
  confirmedAt: purchaseOrders.confirmedAt,
  settledAt: purchaseOrders.settledAt,
  shippedAt: purchaseOrders.shippedAt,
  reconciledAt: purchaseOrders.reconciledAt,
  createdAt: purchaseOrders.createdAt,
  preOrderNo: preOrders.preOrderNo,
};

const joined = (tx: Db) =>
  tx
    .select({ ...columns, cursorTime: cursorTimeOf(purchaseOrders.createdAt) })
    .from(purchaseOrders)
    .innerJoin(preOrders, and(eq(preOrders.tenantId, purchaseOrders.tenantId), eq(preOrders.id, purchaseOrders.preOrderId)));

export type PurchaseOrderRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** A page of purchase orders as records. */
export async function purchaseOrderPage(tx: Db, filters: PurchaseOrderFilters, paging: Paging): Promise<Page<PurchaseOrderRecord>> {
  const where = orderWhere(filters);
  const direction = indexOrder(paging.order === 'asc' ? 'asc' : 'desc');
  const sortColumn = paging.column === 'purchaseNo' ? purchaseOrders.purchaseNo : purchaseOrders.createdAt;
  const rows = await joined(tx)
    .where(where)
    .orderBy(direction(sortColumn), direction(purchaseOrders.id))
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize);
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(purchaseOrders).where(where);
  return pageOf(await toRecords(tx, rows), counted?.total ?? 0, paging.pageNo, paging.pageSize);
}

export async function countPurchaseOrders(tx: Db, filters: PurchaseOrderFilters): Promise<number> {
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(purchaseOrders).where(orderWhere(filters));
  return counted?.total ?? 0;
}

/** One batch of the export, newest first, after `cursor`. */
export async function purchaseOrderExportBatch(tx: Db, filters: PurchaseOrderFilters, after: Cursor | null, limit: number): Promise<(PurchaseOrderRecord & { cursorTime: string })[]> {
  const rows = await joined(tx)
    .where(and(orderWhere(filters), after ? afterCursor(purchaseOrders.createdAt, purchaseOrders.id, after) : undefined))
    .orderBy(sql`${purchaseOrders.createdAt} desc`, sql`${purchaseOrders.id} desc`)
    .limit(limit);
  const records = await toRecords(tx, rows);
  return records.map((record, index) => ({ ...record, cursorTime: rows[index]?.cursorTime ?? '' }));
}

/** One purchase order as a record (of the tenant); undefined when it is not the tenant's. */
export async function purchaseOrderRecord(tx: Db, tenantId: number, id: number): Promise<PurchaseOrderRecord | undefined> {
  const rows = await joined(tx).where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)));
  return (await toRecords(tx, rows))[0];
}

/** The purchase orders of one pre-order as records, in the order they were made. */
export async function purchaseOrdersOf(tx: Db, tenantId: number, preOrderId: number): Promise<PurchaseOrderRecord[]> {
  const rows = await joined(tx)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.preOrderId, preOrderId)))
    .orderBy(purchaseOrders.id);
  return toRecords(tx, rows);
}

async function toRecords(tx: Db, rows: PurchaseOrderRow[]): Promise<PurchaseOrderRecord[]> {
  if (rows.length === 0) return [];
  const people = await userNames(
    tx,
    rows.map((row) => row.purchaserId),
  );
  const names = await tenantNames(
    tx,
    rows.map((row) => row.tenantId),
  );
  const byTenant = new Map<number, number[]>();
  for (const row of rows) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row.id]);
  const lines = new Map<string, PurchaseOrderRecord['lines']>();
  const topUps = new Map<string, { amount: bigint; status: string }>();
  for (const [tenantId, ids] of byTenant) {
    const lineRows = await tx
      .select({
        purchaseOrderId: purchaseOrderLines.purchaseOrderId,
        preOrderLineId: purchaseOrderLines.preOrderLineId,
        quantity: purchaseOrderLines.quantity,
        title: preOrderLines.title,
        skuText: preOrderLines.skuText,
        imageUrl: preOrderLines.imageUrl,
        itemId: preOrderLines.itemId,
        skuId: preOrderLines.skuId,
        unitPrice: preOrderLines.unitPrice,
      })
      .from(purchaseOrderLines)
      .innerJoin(preOrderLines, and(eq(preOrderLines.tenantId, purchaseOrderLines.tenantId), eq(preOrderLines.id, purchaseOrderLines.preOrderLineId)))
      .where(and(eq(purchaseOrderLines.tenantId, tenantId), inArray(purchaseOrderLines.purchaseOrderId, ids)))
      .orderBy(preOrderLines.lineNo);
    for (const line of lineRows) {
      const key = `${tenantId}:${line.purchaseOrderId}`;
      lines.set(key, [
        ...(lines.get(key) ?? []),
        { preOrderLineId: line.preOrderLineId, title: line.title, skuText: line.skuText, imageUrl: line.imageUrl, itemId: line.itemId, skuId: line.skuId, unitPrice: currencyFromMinor(line.unitPrice, 'CNY'), quantity: line.quantity },
      ]);
    }
    const charges = await tx
      .select({ purchaseOrderId: purchaseCharges.purchaseOrderId, amount: purchaseCharges.amount, status: purchaseCharges.status })
      .from(purchaseCharges)
      .where(and(eq(purchaseCharges.tenantId, tenantId), eq(purchaseCharges.kind, 'TOPUP'), inArray(purchaseCharges.purchaseOrderId, ids)))
      .orderBy(purchaseCharges.id);
    for (const charge of charges) if (charge.purchaseOrderId !== null) topUps.set(`${tenantId}:${charge.purchaseOrderId}`, { amount: charge.amount, status: charge.status });
  }
  return rows.map((row) => {
    const key = `${row.tenantId}:${row.id}`;
    const topUp = topUps.get(key);
    return {
      id: row.id,
      tenantId: row.tenantId,
      tenantName: names.get(row.tenantId) ?? '',
      purchaseNo: row.purchaseNo,
      preOrderId: row.preOrderId,
      preOrderNo: row.preOrderNo,
      platform: row.platform,
      status: row.status,
      externalPurchaseNo: row.externalPurchaseNo,
      platformOrderId: row.platformOrderId,
      sellerId: row.sellerId,
      storeName: row.storeName,
      purchaseAmount: currencyFromMinor(row.purchaseAmount, 'CNY'),
      purchaseCurrency: row.purchaseCurrency,
      estimatedExpressFee: currencyFromMinor(row.estimatedExpressFee, 'CNY'),
      domesticExpressFee: cny(row.domesticExpressFee),
      actualPaymentAmount: cny(row.actualPaymentAmount),
      actualPaymentCurrency: row.actualPaymentCurrency,
      expressCompany: row.expressCompany,
      expressNo: row.expressNo,
      warehouseCode: row.warehouseCode,
      remark: row.remark,
      purchaser: row.purchaserId === null ? '' : (people.get(row.purchaserId) ?? ''),
      topUpAmount: topUp ? currencyFromMinor(topUp.amount, 'CNY') : null,
      topUpStatus: topUp?.status ?? null,
      placedAt: iso(row.placedAt),
      confirmedAt: iso(row.confirmedAt),
      settledAt: iso(row.settledAt),
      shippedAt: iso(row.shippedAt),
      reconciledAt: iso(row.reconciledAt),
      createdAt: iso(row.createdAt) ?? '',
      lines: lines.get(key) ?? [],
    };
  });
}

/** The lines a purchase order buys, for the platform's placeOrder. */
export async function placeLines(tx: Db, tenantId: number, purchaseOrderId: number) {
  return tx
    .select({ itemId: preOrderLines.itemId, skuId: preOrderLines.skuId, quantity: purchaseOrderLines.quantity, unitPrice: preOrderLines.unitPrice })
    .from(purchaseOrderLines)
    .innerJoin(preOrderLines, and(eq(preOrderLines.tenantId, purchaseOrderLines.tenantId), eq(preOrderLines.id, purchaseOrderLines.preOrderLineId)))
    .where(and(eq(purchaseOrderLines.tenantId, tenantId), eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId)))
    .orderBy(preOrderLines.lineNo);
}

/** The purchase orders the platform has not confirmed, oldest first: the reconciliation pass's work. */
export async function awaitingConfirmation(tx: Db, limit: number) {
  return tx
    .select({ tenantId: purchaseOrders.tenantId, id: purchaseOrders.id, platform: purchaseOrders.platform, purchaseNo: purchaseOrders.purchaseNo })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.status, 'AWAITING_CONFIRMATION'))
    .orderBy(sql`${purchaseOrders.reconciledAt} asc nulls first`, purchaseOrders.id)
    .limit(limit);
}

/** The purchase order's platform and number (of the tenant), without a lock; undefined when not the tenant's. */
export async function orderHead(tx: Db, tenantId: number, id: number) {
  const [head] = await tx
    .select({ id: purchaseOrders.id, platform: purchaseOrders.platform, purchaseNo: purchaseOrders.purchaseNo, status: purchaseOrders.status, sellerId: purchaseOrders.sellerId, warehouseCode: purchaseOrders.warehouseCode })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)));
  return head;
}
