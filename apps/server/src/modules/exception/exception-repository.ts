import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { ExceptionResolution, ExceptionStatus, ExceptionType } from '@portal/shared/logistics';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import type { Db } from '../../db/client.ts';
import { collectionExceptions, orders } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import { dateRange } from '../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor } from '../../lib/xlsx.ts';
import { indexOrder } from '../../lib/index-order.ts';

// ORDER BY terms the indexes serve (lib/index-order.ts)
const newestFirst = indexOrder('desc');

export type ExceptionFilters = {
  status?: ExceptionStatus;
  type?: ExceptionType;
  orderNo?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
};

/** The filters within one tenant (the merchant) or across all (the platform: `tenantId` null unless it filters). */
export function exceptionWhere(db: Db, tenantId: number | null, filters: ExceptionFilters): SQL | undefined {
  const where: SQL[] = [];
  if (tenantId !== null) where.push(eq(collectionExceptions.tenantId, tenantId));
  if (filters.status) where.push(eq(collectionExceptions.status, filters.status));
  if (filters.type) where.push(eq(collectionExceptions.type, filters.type));
  if (filters.orderNo) {
    // the order number is unique: one probe, then that order's exceptions (log_collection_exception_order_idx)
    const order = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orderNo, filters.orderNo), tenantId === null ? undefined : eq(orders.tenantId, tenantId)));
    where.push(inArray(collectionExceptions.orderId, order));
  }
  where.push(...dateRange(collectionExceptions.createdAt, filters.createdAt_begin, filters.createdAt_end));
  return and(...where);
}

export const exceptionColumns = {
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
export const exceptionsWithOrder = (db: Db) =>
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
