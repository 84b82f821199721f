import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { gramsToKg, mmToCm } from '@portal/shared/money';
import type { OrderStatus, ParcelStatus } from '@portal/shared/logistics';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import type { Page } from '@portal/shared/api';
import type { Db } from '../../db/client.ts';
import { orders, parcels } from '../../db/schema/logistics.ts';
import { notFound } from '../../lib/errors.ts';
import { dateRange, numberSearch, pageOf } from '../../lib/list.ts';
import { must } from '../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../lib/xlsx.ts';
import { indexOrder } from '../../lib/index-order.ts';
import type { ParcelMoved } from '../../lib/push-events.ts';

// ORDER BY terms the indexes serve (lib/index-order.ts)
const newestFirst = indexOrder('desc');

/** What a merchant can filter the parcel list and export on. */
export type ParcelFilters = {
  trackingNo?: string;
  orderNo?: string;
  status?: ParcelStatus;
  createdAt_begin?: string;
  createdAt_end?: string;
  storageTime_begin?: string;
  storageTime_end?: string;
};

/** Every filter within the caller's tenant (the list's index starts with tenant_id), and the caller's data rules when any narrow the menu. */
export function parcelWhere(db: Db, tenantId: number, filters: ParcelFilters, scope?: SQL): SQL | undefined {
  const where: SQL[] = [eq(parcels.tenantId, tenantId)];
  const tracking = numberSearch(parcels.trackingNo, filters.trackingNo);
  if (tracking) where.push(tracking);
  if (filters.orderNo) {
    // the orders whose number begins so (lib/list.ts numberSearch, on the (tenant, upper(order_no)) index), then their parcels
    where.push(
      inArray(
        parcels.orderId,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.tenantId, tenantId), numberSearch(orders.orderNo, filters.orderNo))),
      ),
    );
  }
  if (filters.status) where.push(eq(parcels.status, filters.status));
  where.push(...dateRange(parcels.createdAt, filters.createdAt_begin, filters.createdAt_end));
  where.push(...dateRange(parcels.storageTime, filters.storageTime_begin, filters.storageTime_end));
  if (scope) where.push(scope);
  return and(...where);
}

const parcelColumns = {
  id: parcels.id,
  trackingNo: parcels.trackingNo,
  orderId: parcels.orderId,
  logisticsOrderNo: orders.orderNo,
  status: parcels.status,
  weight: parcels.weight,
  length: parcels.length,
  width: parcels.width,
  height: parcels.height,
  warehouseCode: parcels.warehouseCode,
  storageTime: parcels.storageTime,
  shipmentTime: parcels.shipmentTime,
  remark: parcels.remark,
  createdAt: parcels.createdAt,
};

export type ParcelRow = {
  id: number;
  trackingNo: string;
  orderId: number | null;
  logisticsOrderNo: string | null;
  status: ParcelStatus;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  warehouseCode: string | null;
  storageTime: Date | null;
  shipmentTime: Date | null;
  remark: string;
  createdAt: Date;
};

/** A parcel and its order's number: the order is always of the parcel's tenant. */
const withOrder = and(eq(orders.id, parcels.orderId), eq(orders.tenantId, parcels.tenantId));
const parcelsWithOrder = (db: Db) => db.select(parcelColumns).from(parcels).leftJoin(orders, withOrder);

export function toParcelRecord(row: ParcelRow): ParcelRecord {
  const cm = (mm: number | null) => (mm === null ? null : mmToCm(mm));
  return {
    id: row.id,
    trackingNo: row.trackingNo,
    orderId: row.orderId,
    logisticsOrderNo: row.logisticsOrderNo,
    status: row.status,
    weight: row.weight === null ? null : gramsToKg(row.weight),
    length: cm(row.length),
    width: cm(row.width),
    height: cm(row.height),
    warehouseCode: row.warehouseCode,
    storageTime: row.storageTime?.toISOString() ?? null,
    shipmentTime: row.shipmentTime?.toISOString() ?? null,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findParcel(db: Db, tenantId: number, id: number): Promise<ParcelRecord | null> {
  const [row] = await parcelsWithOrder(db)
    .where(and(eq(parcels.id, id), eq(parcels.tenantId, tenantId)))
    .limit(1);
  return row ? toParcelRecord(row) : null;
}

/** One export batch: the next rows in (createdAt desc, id desc) order. */
export async function parcelExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number) {
  return db
    .select({ ...parcelColumns, cursorTime: cursorTimeOf(parcels.createdAt) })
    .from(parcels)
    .leftJoin(orders, withOrder)
    .where(after ? and(where, afterCursor(parcels.createdAt, parcels.id, after)) : where)
    .orderBy(newestFirst(parcels.createdAt), newestFirst(parcels.id))
    .limit(limit);
}

/** The caller tenant's order with this number: its id and status, or null. */
export async function orderByNo(db: Db, tenantId: number, orderNo: string): Promise<{ id: number; status: OrderStatus } | null> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.tenantId, tenantId)))
    .limit(1);
  return order ?? null;
}

/** The parcel row locked for a change, within the caller's tenant and data rules; 404 otherwise. */
export async function lockParcel(tx: Db, tenantId: number, id: number, scope?: SQL) {
  const [row] = await tx
    .select({ id: parcels.id, status: parcels.status, orderId: parcels.orderId })
    .from(parcels)
    .where(and(eq(parcels.id, id), eq(parcels.tenantId, tenantId), scope))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Whether the tenant already has another parcel with this tracking number. */
export async function trackingNoTaken(db: Db, tenantId: number, trackingNo: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: parcels.id })
    .from(parcels)
    .where(and(eq(parcels.tenantId, tenantId), eq(parcels.trackingNo, trackingNo), exceptId === null ? undefined : sql`${parcels.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}

/** Sort columns the client may name; both lead an index after tenant_id. */
const SORT_COLUMNS = { createdAt: parcels.createdAt, trackingNo: parcels.trackingNo } as const;

export type ParcelListQuery = ParcelFilters & { pageNo: number; pageSize: number; order?: 'asc' | 'desc' | undefined; column?: keyof typeof SORT_COLUMNS | undefined };

/** The caller tenant's parcels, a page of them in the asked order (newest first by default). */
export async function listParcels(db: Db, tenantId: number, query: ParcelListQuery, scope?: SQL): Promise<Page<ParcelRecord>> {
  const where = parcelWhere(db, tenantId, query, scope);
  const sort = SORT_COLUMNS[query.column ?? 'createdAt'];
  const direction = query.order === 'asc' ? asc : desc;
  const size = query.pageSize;
  const [rows, counted] = await Promise.all([
    parcelsWithOrder(db)
      .where(where)
      .orderBy(direction(sort), direction(parcels.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    countParcels(db, where),
  ]);
  return pageOf(rows.map(toParcelRecord), counted, query.pageNo, size);
}

export async function countParcels(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(parcels).where(where);
  return Number(counted?.total ?? 0);
}

/** Weight (g) and sizes (mm) of a forecast, each null when not given. */
export type ParcelMeasures = { weight: number | null; length: number | null; width: number | null; height: number | null };
export type ParcelValues = ParcelMeasures & { trackingNo: string; orderId: number | null; remark: string };

export async function insertParcel(db: Db, tenantId: number, values: ParcelValues): Promise<number> {
  const [row] = await db
    .insert(parcels)
    .values({ tenantId, ...values })
    .returning({ id: parcels.id });
  return must(row, 'inserted parcel').id;
}

export async function updateParcel(tx: Db, tenantId: number, id: number, values: ParcelValues): Promise<void> {
  await tx
    .update(parcels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(parcels.id, id), eq(parcels.tenantId, tenantId)));
}

export async function deleteParcel(tx: Db, tenantId: number, id: number): Promise<void> {
  await tx.delete(parcels).where(and(eq(parcels.id, id), eq(parcels.tenantId, tenantId)));
}

// ------------------------------------------------------------------ the warehouse's moves (lifecycle.ts)

/** Weight (g) and sides (mm) as measured at the warehouse's scale. */
export type Measure = { weight: number; length: number; width: number; height: number };
/** What a parcel in the warehouse records: where and since when. */
type Stored = { status: 'IN_WAREHOUSE'; warehouseCode: string; storageTime: SQL; updatedAt: SQL };

const storedIn = (warehouseCode: string): Stored => ({ status: 'IN_WAREHOUSE', warehouseCode, storageTime: sql`now()`, updatedAt: sql`now()` });

/** What a stored parcel tells its merchant (the PARCEL_WHIN event). */
const movedColumns = { trackingNo: parcels.trackingNo, weight: parcels.weight, warehouseCode: parcels.warehouseCode, at: parcels.storageTime };

/** The ids of the order's own parcels. */
export async function parcelIdsOf(tx: Db, order: { id: number; tenantId: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: parcels.id })
    .from(parcels)
    .where(and(eq(parcels.orderId, order.id), eq(parcels.tenantId, order.tenantId)));
  return rows.map((row) => row.id);
}

/** One parcel stored, with the measure when it has its own. */
export async function markStored(tx: Db, id: number, warehouseCode: string, measure?: Measure): Promise<ParcelMoved[]> {
  return tx
    .update(parcels)
    .set({ ...storedIn(warehouseCode), ...measure })
    .where(eq(parcels.id, id))
    .returning(movedColumns);
}

/** Every parcel of the order stored (they share the order's measure). */
export async function markStoredOf(tx: Db, orderId: number, warehouseCode: string): Promise<ParcelMoved[]> {
  return tx.update(parcels).set(storedIn(warehouseCode)).where(eq(parcels.orderId, orderId)).returning(movedColumns);
}

/** A stored parcel named by the order's number; none when a parcel of the tenant already has that number. */
export async function insertStored(tx: Db, order: { id: number; tenantId: number; orderNo: string }, warehouseCode: string, measure: Measure): Promise<ParcelMoved[]> {
  return tx
    .insert(parcels)
    .values({ tenantId: order.tenantId, orderId: order.id, trackingNo: order.orderNo, ...storedIn(warehouseCode), ...measure })
    .onConflictDoNothing()
    .returning(movedColumns);
}

/** The order's parcels in the warehouse leave with it. */
export async function markShippedOf(tx: Db, orderId: number): Promise<ParcelMoved[]> {
  return tx
    .update(parcels)
    .set({ status: 'SHIPPED', shipmentTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(parcels.orderId, orderId), eq(parcels.status, 'IN_WAREHOUSE')))
    .returning({ trackingNo: parcels.trackingNo, weight: parcels.weight, warehouseCode: parcels.warehouseCode, at: parcels.shipmentTime });
}
