import { and, asc, desc, eq, exists, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, PickupBatchStatus } from '@portal/shared/logistics';
import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import type { Page } from '@portal/shared/api';
import { gramsToKg } from '@portal/shared/money';
import type { Db } from '../../db/client.ts';
import { orders, pickupBatches, pickupBatchOrders } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import { notFound } from '../../lib/errors.ts';
import { dateRange, numberSearch, pageOf } from '../../lib/list.ts';
import { must } from '../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../lib/xlsx.ts';
import { indexOrder } from '../../lib/index-order.ts';

// ORDER BY terms the indexes serve (lib/index-order.ts)
const newestFirst = indexOrder('desc');

const batchColumns = {
  id: pickupBatches.id,
  tenantId: pickupBatches.tenantId,
  batchNo: pickupBatches.batchNo,
  status: pickupBatches.status,
  cancelled: pickupBatches.cancelled,
  shipmentTotal: pickupBatches.shipmentTotal,
  estimatedWeight: pickupBatches.estimatedWeight,
  actualWeight: pickupBatches.actualWeight,
  expectedPickupAt: pickupBatches.expectedPickupAt,
  estimatedPickupAt: pickupBatches.estimatedPickupAt,
  actualPickupAt: pickupBatches.actualPickupAt,
  plate: pickupBatches.plate,
  contactName: pickupBatches.contactName,
  contactPhone: pickupBatches.contactPhone,
  pickupAddress: pickupBatches.pickupAddress,
  remark: pickupBatches.remark,
  createdAt: pickupBatches.createdAt,
};

export type BatchRow = {
  id: number;
  tenantId: number;
  batchNo: string;
  status: PickupBatchStatus;
  cancelled: boolean;
  shipmentTotal: number;
  estimatedWeight: number;
  actualWeight: number | null;
  expectedPickupAt: Date;
  estimatedPickupAt: Date | null;
  actualPickupAt: Date | null;
  plate: string;
  contactName: string;
  contactPhone: string;
  pickupAddress: string;
  remark: string;
  createdAt: Date;
};

export function toBatchRecord(row: BatchRow): PickupBatchRecord {
  return {
    id: row.id,
    batchNo: row.batchNo,
    status: row.status,
    cancelled: row.cancelled,
    shipmentTotal: row.shipmentTotal,
    estimatedWeight: gramsToKg(row.estimatedWeight),
    actualWeight: row.actualWeight === null ? null : gramsToKg(row.actualWeight),
    expectedPickupAt: row.expectedPickupAt.toISOString(),
    estimatedPickupAt: row.estimatedPickupAt?.toISOString() ?? null,
    actualPickupAt: row.actualPickupAt?.toISOString() ?? null,
    plate: row.plate,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    pickupAddress: row.pickupAddress,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The merchant's filters of the batch list and export. */
export type MerchantBatchFilters = {
  batchNo?: string;
  status?: PickupBatchStatus;
  cancelled?: boolean;
  createdAt_begin?: string;
  createdAt_end?: string;
  expectedPickupAt_begin?: string;
  expectedPickupAt_end?: string;
};

export function merchantBatchWhere(tenantId: number, filters: MerchantBatchFilters): SQL | undefined {
  const where: SQL[] = [eq(pickupBatches.tenantId, tenantId)];
  const batchNo = numberSearch(pickupBatches.batchNo, filters.batchNo);
  if (batchNo) where.push(batchNo);
  if (filters.status) where.push(eq(pickupBatches.status, filters.status));
  if (filters.cancelled !== undefined) where.push(eq(pickupBatches.cancelled, filters.cancelled));
  where.push(...dateRange(pickupBatches.createdAt, filters.createdAt_begin, filters.createdAt_end));
  where.push(...dateRange(pickupBatches.expectedPickupAt, filters.expectedPickupAt_begin, filters.expectedPickupAt_end));
  return and(...where);
}

/** The platform's filters: every tenant, never a cancelled batch (nobody will pick it up). */
export type PlatformBatchFilters = {
  batchNo?: string;
  status?: PickupBatchStatus;
  tenantId?: number;
  expectedPickupAt_begin?: string;
  expectedPickupAt_end?: string;
};

export function platformBatchWhere(filters: PlatformBatchFilters): SQL | undefined {
  const where: SQL[] = [eq(pickupBatches.cancelled, false)];
  const batchNo = numberSearch(pickupBatches.batchNo, filters.batchNo);
  if (batchNo) where.push(batchNo);
  if (filters.status) where.push(eq(pickupBatches.status, filters.status));
  if (filters.tenantId !== undefined) where.push(eq(pickupBatches.tenantId, filters.tenantId));
  where.push(...dateRange(pickupBatches.expectedPickupAt, filters.expectedPickupAt_begin, filters.expectedPickupAt_end));
  return and(...where);
}

const platformBatchColumns = { ...batchColumns, tenantName: tenants.name };
const batchesWithTenant = (db: Db) => db.select(platformBatchColumns).from(pickupBatches).innerJoin(tenants, eq(tenants.id, pickupBatches.tenantId));

/** One batch, within a tenant when one is given (the merchant's side), else any (the platform's). */
export async function findBatch(db: Db, id: number, tenantId: number | null): Promise<(BatchRow & { tenantName: string }) | null> {
  const [row] = await batchesWithTenant(db)
    .where(and(eq(pickupBatches.id, id), tenantId === null ? undefined : eq(pickupBatches.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

/** The batch row locked for a change; 404 when missing or of another tenant (alike). */
export async function lockBatch(tx: Db, id: number, tenantId: number | null): Promise<BatchRow> {
  const [row] = await tx
    .select(batchColumns)
    .from(pickupBatches)
    .where(and(eq(pickupBatches.id, id), tenantId === null ? undefined : eq(pickupBatches.tenantId, tenantId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export type BatchOrder = { id: number; orderNo: string; merchantOrderNo: string; status: OrderStatus; weight: number; tenantId: number };

/** The orders of a batch by id; `lock` takes their rows for a status change. */
export async function ordersOfBatch(db: Db, batchId: number, lock = false): Promise<BatchOrder[]> {
  const query = db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      merchantOrderNo: orders.merchantOrderNo,
      status: orders.status,
      // what the order weighs as far as we know: measured once received, else declared
      weight: sql<number>`coalesce(${orders.actualWeight}, ${orders.declaredWeight})`.mapWith(Number),
      tenantId: orders.tenantId,
    })
    .from(pickupBatchOrders)
    .innerJoin(orders, and(eq(orders.id, pickupBatchOrders.orderId), eq(orders.tenantId, pickupBatchOrders.tenantId)))
    .where(eq(pickupBatchOrders.batchId, batchId))
    .orderBy(asc(orders.id));
  return lock ? query.for('update', { of: orders }) : query;
}

/** The first of `orderIds` already in a batch that is not cancelled, with that batch's number. */
export async function orderInLiveBatch(db: Db, orderIds: number[]): Promise<{ orderId: number; batchNo: string } | null> {
  const [row] = await db
    .select({ orderId: pickupBatchOrders.orderId, batchNo: pickupBatches.batchNo })
    .from(pickupBatchOrders)
    .innerJoin(pickupBatches, eq(pickupBatches.id, pickupBatchOrders.batchId))
    .where(and(inArray(pickupBatchOrders.orderId, orderIds), eq(pickupBatches.cancelled, false)))
    .limit(1);
  return row ?? null;
}

/**
 * Orders in no batch that is not cancelled: the picker of a new batch offers only these
 * (log_pickup_batch_order_order_idx, then the batch's primary key, per order the list walks).
 */
export const notInLiveBatch = (): SQL =>
  not(
    exists(
      sql`(select 1 from ${pickupBatchOrders} inner join ${pickupBatches} on ${pickupBatches.tenantId} = ${pickupBatchOrders.tenantId} and ${pickupBatches.id} = ${pickupBatchOrders.batchId}
        where ${pickupBatchOrders.orderId} = ${orders.id} and ${pickupBatchOrders.tenantId} = ${orders.tenantId} and ${pickupBatches.cancelled} = false)`,
    ),
  );

/** The batch (not cancelled) holding an order, locked for a change; null when none. */
export async function lockLiveBatchOf(tx: Db, order: { id: number; tenantId: number }): Promise<BatchRow | null> {
  const [row] = await tx
    .select(batchColumns)
    .from(pickupBatches)
    .innerJoin(pickupBatchOrders, and(eq(pickupBatchOrders.tenantId, pickupBatches.tenantId), eq(pickupBatchOrders.batchId, pickupBatches.id)))
    .where(and(eq(pickupBatchOrders.orderId, order.id), eq(pickupBatchOrders.tenantId, order.tenantId), eq(pickupBatches.cancelled, false)))
    .for('update', { of: pickupBatches })
    .limit(1);
  return row ?? null;
}

/** PB + the UTC date as yymmdd (as order numbers) + 6 digits of the batch sequence. */
const nextBatchNo = sql<string>`'PB' || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('log_batch_no_seq') % 1000000)::text, 6, '0')`;

/** One export batch of the merchant's list, in (createdAt desc, id desc) order. */
export function merchantBatchExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number) {
  return db
    .select({ ...batchColumns, cursorTime: cursorTimeOf(pickupBatches.createdAt) })
    .from(pickupBatches)
    .where(after ? and(where, afterCursor(pickupBatches.createdAt, pickupBatches.id, after)) : where)
    .orderBy(newestFirst(pickupBatches.createdAt), newestFirst(pickupBatches.id))
    .limit(limit);
}

/** One export batch of the platform's list, in (expectedPickupAt desc, id desc) order. */
export function platformBatchExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number) {
  return batchesWithTenantAndCursor(db)
    .where(after ? and(where, afterCursor(pickupBatches.expectedPickupAt, pickupBatches.id, after)) : where)
    .orderBy(newestFirst(pickupBatches.expectedPickupAt), newestFirst(pickupBatches.id))
    .limit(limit);
}

const batchesWithTenantAndCursor = (db: Db) =>
  db
    .select({ ...platformBatchColumns, cursorTime: cursorTimeOf(pickupBatches.expectedPickupAt) })
    .from(pickupBatches)
    .innerJoin(tenants, eq(tenants.id, pickupBatches.tenantId));

export type PlatformBatchRecord = PickupBatchRecord & { tenantId: number; tenantName: string };
type Paging = { pageNo: number; pageSize: number; order?: 'asc' | 'desc' | undefined };

export async function countBatches(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(pickupBatches).where(where);
  return Number(counted?.total ?? 0);
}

/** The merchant's list: the caller tenant's batches (cancelled ones included), newest first by default. */
export async function listMerchantBatches(db: Db, tenantId: number, query: MerchantBatchFilters & Paging): Promise<Page<PickupBatchRecord>> {
  const where = merchantBatchWhere(tenantId, query);
  const direction = query.order === 'asc' ? asc : desc;
  const size = query.pageSize;
  const [rows, total] = await Promise.all([
    db
      .select(batchColumns)
      .from(pickupBatches)
      .where(where)
      .orderBy(direction(pickupBatches.createdAt), direction(pickupBatches.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    countBatches(db, where),
  ]);
  return pageOf(rows.map(toBatchRecord), total, query.pageNo, size);
}

/** Sort columns: the merchant's list leads with its (tenant, created) index; the platform's with (status, expected time). */
const PLATFORM_SORT = { expectedPickupAt: pickupBatches.expectedPickupAt, createdAt: pickupBatches.createdAt } as const;

/** The platform's list: every tenant's live batches with the tenant name, latest expected pick-up first by default. */
export async function listPlatformBatches(db: Db, query: PlatformBatchFilters & Paging & { column?: keyof typeof PLATFORM_SORT | undefined }): Promise<Page<PlatformBatchRecord>> {
  const where = platformBatchWhere(query);
  const direction = query.order === 'asc' ? asc : desc;
  const size = query.pageSize;
  const [rows, total] = await Promise.all([
    batchesWithTenant(db)
      .where(where)
      .orderBy(direction(PLATFORM_SORT[query.column ?? 'expectedPickupAt']), direction(pickupBatches.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    countBatches(db, where),
  ]);
  return pageOf(rows.map((row) => ({ ...toBatchRecord(row), tenantId: row.tenantId, tenantName: row.tenantName })), total, query.pageNo, size);
}

/** The tenant's orders among `orderIds`, locked until commit (a concurrent batch with one of them waits, then sees this one). */
export async function lockTenantOrders(tx: Db, tenantId: number, orderIds: number[]) {
  return tx
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, declaredWeight: orders.declaredWeight })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)))
    .orderBy(asc(orders.id))
    .for('update');
}

export type BatchDetails = { expectedPickupAt: Date; contactName: string; contactPhone: string; pickupAddress: string; remark: string };

/** A new batch (numbered from the sequence) with its orders; its id and number. */
export async function insertBatch(tx: Db, tenantId: number, values: BatchDetails & { estimatedWeight: number }, orderIds: number[]): Promise<{ id: number; batchNo: string }> {
  const [batch] = await tx
    .insert(pickupBatches)
    .values({ tenantId, batchNo: nextBatchNo, shipmentTotal: orderIds.length, ...values })
    .returning({ id: pickupBatches.id, batchNo: pickupBatches.batchNo });
  const created = must(batch, 'inserted batch');
  const batchId = created.id;
  await tx.insert(pickupBatchOrders).values(orderIds.map((orderId) => ({ batchId, orderId, tenantId })));
  return created;
}

/** A change that moves nothing (edit, schedule, cancel) to a locked batch. */
export async function updateBatch(tx: Db, id: number, set: Partial<BatchDetails> & Partial<{ estimatedPickupAt: Date; plate: string; cancelled: boolean }>): Promise<void> {
  await tx
    .update(pickupBatches)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(pickupBatches.id, id));
}

export type BatchMoveValues = Partial<{ plate: string; actualPickupAt: Date; actualWeight: number }>;

/** The batch to `to`, only from the status it was read in and not cancelled; whether it moved. */
export async function moveBatchRow(tx: Db, batch: BatchRow, to: PickupBatchStatus, set: BatchMoveValues): Promise<boolean> {
  const moved = await tx
    .update(pickupBatches)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(pickupBatches.id, batch.id), eq(pickupBatches.status, batch.status), eq(pickupBatches.cancelled, false)))
    .returning({ id: pickupBatches.id });
  return moved.length > 0;
}
