import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_EXCEPTION_STATUSES, type ExceptionResolution, type ExceptionStatus, type ExceptionStatusFilter, type ExceptionType } from '@portal/shared/logistics';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import type { Page } from '@portal/shared/api';
import type { Db } from '../../db/client.ts';
import { collectionExceptions, orders } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import { dateRange, numberSearch, pageOf } from '../../lib/list.ts';
import { must } from '../../lib/must.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../lib/xlsx.ts';
import { indexOrder } from '../../lib/index-order.ts';

// ORDER BY terms the indexes serve (lib/index-order.ts)
const newestFirst = indexOrder('desc');

export type ExceptionFilters = {
  /** one status, or 'OPEN': pending or awaiting the merchant (what the home page counts) */
  status?: ExceptionStatusFilter;
  type?: ExceptionType;
  orderNo?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
};

/** The filters within one tenant (the merchant) or across all (the platform: `tenantId` null unless it filters). */
export function exceptionWhere(db: Db, tenantId: number | null, filters: ExceptionFilters): SQL | undefined {
  const where: SQL[] = [];
  if (tenantId !== null) where.push(eq(collectionExceptions.tenantId, tenantId));
  if (filters.status === 'OPEN') where.push(inArray(collectionExceptions.status, [...OPEN_EXCEPTION_STATUSES]));
  else if (filters.status) where.push(eq(collectionExceptions.status, filters.status));
  if (filters.type) where.push(eq(collectionExceptions.type, filters.type));
  if (filters.orderNo) {
    // the orders whose number begins so (lib/list.ts numberSearch), then their exceptions (log_collection_exception_order_idx)
    const order = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(tenantId === null ? undefined : eq(orders.tenantId, tenantId), numberSearch(orders.orderNo, filters.orderNo)));
    where.push(inArray(collectionExceptions.orderId, order));
  }
  where.push(...dateRange(collectionExceptions.createdAt, filters.createdAt_begin, filters.createdAt_end));
  return and(...where);
}

const exceptionColumns = {
  id: collectionExceptions.id,
  tenantId: collectionExceptions.tenantId,
  tenantName: tenants.name,
  exceptionNo: collectionExceptions.exceptionNo,
  orderId: collectionExceptions.orderId,
  orderNo: orders.orderNo,
  type: collectionExceptions.type,
  description: collectionExceptions.description,
  status: collectionExceptions.status,
  resolution: collectionExceptions.resolution,
  merchantRemark: collectionExceptions.merchantRemark,
  platformRemark: collectionExceptions.platformRemark,
  dealtAt: collectionExceptions.dealtAt,
  createdAt: collectionExceptions.createdAt,
};

export type ExceptionRow = {
  id: number;
  tenantId: number;
  tenantName: string;
  exceptionNo: string;
  orderId: number;
  orderNo: string;
  type: string;
  description: string;
  status: ExceptionStatus;
  resolution: string | null;
  merchantRemark: string;
  platformRemark: string;
  dealtAt: Date | null;
  createdAt: Date;
};

const joinOrder = and(eq(orders.id, collectionExceptions.orderId), eq(orders.tenantId, collectionExceptions.tenantId));
const exceptionsWithOrder = (db: Db) =>
  db.select(exceptionColumns).from(collectionExceptions).innerJoin(orders, joinOrder).innerJoin(tenants, eq(tenants.id, collectionExceptions.tenantId));

// type and resolution are varchars written only through the enums of the contract
export function toExceptionRecord(row: ExceptionRow): ExceptionRecord {
  return {
    id: row.id,
    exceptionNo: row.exceptionNo,
    orderId: row.orderId,
    orderNo: row.orderNo,
    type: row.type as ExceptionType,
    description: row.description,
    status: row.status,
    resolution: row.resolution as ExceptionResolution | null,
    merchantRemark: row.merchantRemark,
    platformRemark: row.platformRemark,
    dealtAt: row.dealtAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One exception, within a tenant when one is given; null when missing (or another tenant's). */
export async function findException(db: Db, id: number, tenantId: number | null): Promise<ExceptionRow | null> {
  const [row] = await exceptionsWithOrder(db)
    .where(and(eq(collectionExceptions.id, id), tenantId === null ? undefined : eq(collectionExceptions.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

export function exceptionExportBatch(db: Db, where: SQL | undefined, after: Cursor | null, limit: number) {
  return db
    .select({ ...exceptionColumns, cursorTime: cursorTimeOf(collectionExceptions.createdAt) })
    .from(collectionExceptions)
    .innerJoin(orders, joinOrder)
    .innerJoin(tenants, eq(tenants.id, collectionExceptions.tenantId))
    .where(after ? and(where, afterCursor(collectionExceptions.createdAt, collectionExceptions.id, after)) : where)
    .orderBy(newestFirst(collectionExceptions.createdAt), newestFirst(collectionExceptions.id))
    .limit(limit);
}

export type ExceptionListQuery = ExceptionFilters & { pageNo: number; pageSize: number; order?: 'asc' | 'desc' | undefined };
export type PlatformExceptionRecord = ExceptionRecord & { tenantId: number; tenantName: string };

async function exceptionPage<T>(db: Db, tenantId: number | null, query: ExceptionListQuery, toRecord: (row: ExceptionRow) => T): Promise<Page<T>> {
  const where = exceptionWhere(db, tenantId, query);
  const direction = query.order === 'asc' ? asc : desc;
  const size = query.pageSize;
  const [rows, total] = await Promise.all([
    exceptionsWithOrder(db)
      .where(where)
      .orderBy(direction(collectionExceptions.createdAt), direction(collectionExceptions.id))
      .limit(size)
      .offset((query.pageNo - 1) * size),
    countExceptions(db, where),
  ]);
  return pageOf(rows.map(toRecord), total, query.pageNo, size);
}

export const platformExceptionRecordOf = (row: ExceptionRow): PlatformExceptionRecord => ({ ...toExceptionRecord(row), tenantId: row.tenantId, tenantName: row.tenantName });

/** The merchant's list: the caller tenant's exceptions, newest first by default. */
export const listExceptions = (db: Db, tenantId: number, query: ExceptionListQuery) => exceptionPage(db, tenantId, query, toExceptionRecord);

/** The platform's list: every tenant's (or the one `tenantId` picks), with the tenant's name. */
export const listPlatformExceptions = (db: Db, query: ExceptionListQuery & { tenantId?: number | undefined }) => exceptionPage(db, query.tenantId ?? null, query, platformExceptionRecordOf);

export async function countExceptions(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(collectionExceptions).where(where);
  return Number(counted?.total ?? 0);
}

/** EX + the UTC date as yymmdd (as order numbers) + 6 digits of the exception sequence. */
const nextExceptionNo = sql<string>`'EX' || to_char(now() at time zone 'UTC', 'YYMMDD') || lpad((nextval('log_exception_no_seq') % 1000000)::text, 6, '0')`;

/** An order of any tenant by its number (unique across tenants), or null. */
export async function orderOfAnyTenant(db: Db, orderNo: string): Promise<{ id: number; tenantId: number } | null> {
  const [order] = await db.select({ id: orders.id, tenantId: orders.tenantId }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return order ?? null;
}

/** A pending exception on the order; its id. */
export async function insertException(db: Db, order: { id: number; tenantId: number }, values: { type: string; description: string; reportedBy: number }): Promise<number> {
  const [created] = await db
    .insert(collectionExceptions)
    .values({ tenantId: order.tenantId, exceptionNo: nextExceptionNo, orderId: order.id, type: values.type, description: values.description, status: '0', reportedBy: values.reportedBy })
    .returning({ id: collectionExceptions.id });
  return must(created, 'inserted exception').id;
}

/**
 * The merchant's decision, only from one of `from`: the status condition makes the check and the
 * change one step (two deals cannot both pass). Whether it changed the exception.
 */
export async function dealException(db: Db, tenantId: number, id: number, from: readonly ExceptionStatus[], values: { resolution: string; merchantRemark: string; dealtBy: number }): Promise<boolean> {
  const dealt = await db
    .update(collectionExceptions)
    .set({ status: '1', ...values, dealtAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(collectionExceptions.id, id), eq(collectionExceptions.tenantId, tenantId), inArray(collectionExceptions.status, [...from])))
    .returning({ id: collectionExceptions.id });
  return dealt.length > 0;
}

/** The exception's status (of the tenant, when one is given), locked until the transaction ends; null when missing. */
export async function lockException(tx: Db, id: number, tenantId: number | null = null): Promise<{ id: number; status: ExceptionStatus } | null> {
  const [current] = await tx
    .select({ id: collectionExceptions.id, status: collectionExceptions.status })
    .from(collectionExceptions)
    .where(and(eq(collectionExceptions.id, id), tenantId === null ? undefined : eq(collectionExceptions.tenantId, tenantId)))
    .for('update')
    .limit(1);
  return current ?? null;
}

export async function setExceptionStatus(tx: Db, id: number, status: ExceptionStatus, platformRemark: string): Promise<void> {
  await tx
    .update(collectionExceptions)
    .set({ status, ...(platformRemark ? { platformRemark } : {}), updatedAt: sql`now()` })
    .where(eq(collectionExceptions.id, id));
}
