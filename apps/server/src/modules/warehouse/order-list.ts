import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/logistics.ts';
import { tenants } from '../../db/schema/sys.ts';
import { badRequest } from '../../lib/errors.ts';
import { orderRecordColumns, toOrderRecord, type WarehouseOrderRecord } from './order-records.ts';
import type { CountedPage } from '@portal/shared/api';
import { countedPage, countRows, dateRange } from '../../lib/list.ts';
import { pageIdsByStatus } from './status-merge.ts';
import { indexOrder } from '../../lib/index-order.ts';

export type WarehouseOrderFilters = {
  orderNo?: string;
  waybillNo?: string;
  status?: string;
  destinationCountry?: string;
  warehouseCode?: string;
  createdFrom?: string;
  createdTo?: string;
};

/** "WHIN,WHOUT" -> the statuses, each checked; none means all of them. */
export function parseStatuses(value: string | undefined): readonly OrderStatus[] {
  if (!value) return ORDER_STATUSES;
  const asked = value.split(',');
  const known = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);
  if (!asked.every(known)) throw badRequest('orderStatusFilterInvalid', { values: ORDER_STATUSES.join(', ') });
  return [...new Set(asked.filter(known))];
}

/**
 * Orders of every tenant for the warehouse, newest first (created, then id). Every status is read from
 * log_order_status_created_idx (status, created_at desc, id desc); see status-merge.ts.
 */
export async function listWarehouseOrders(
  db: Db,
  filters: WarehouseOrderFilters,
  page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<CountedPage<WarehouseOrderRecord>> {
  const statuses = parseStatuses(filters.status);
  const conditions: (SQL | undefined)[] = [
    filters.orderNo ? eq(orders.orderNo, filters.orderNo) : undefined,
    filters.waybillNo ? eq(orders.waybillNo, filters.waybillNo) : undefined,
    filters.destinationCountry ? eq(orders.destinationCountry, filters.destinationCountry) : undefined,
    filters.warehouseCode ? eq(orders.warehouseCode, filters.warehouseCode) : undefined,
    ...dateRange(orders.createdAt, filters.createdFrom, filters.createdTo),
  ];
  const direction = indexOrder(page.order);
  const offset = (page.pageNo - 1) * page.pageSize;

  const [ids, counted] = await Promise.all([
    pageIdsByStatus(
      db,
      statuses,
      (status, limit, skip) =>
        db
          .select({ id: orders.id, at: orders.createdAt })
          .from(orders)
          .where(and(eq(orders.status, status as OrderStatus), ...conditions))
          .orderBy(direction(orders.createdAt), direction(orders.id))
          .limit(limit)
          .offset(skip),
      { offset, size: page.pageSize, direction: page.order },
    ),
    // every status asked for is every order: the check constraint allows no other
    countRows(db, orders, and(statuses.length === ORDER_STATUSES.length ? undefined : inArray(orders.status, [...statuses]), ...conditions)),
  ]);

  const rows = ids.length === 0 ? [] : await db.select(orderRecordColumns).from(orders).innerJoin(tenants, eq(tenants.id, orders.tenantId)).where(inArray(orders.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const records = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toOrderRecord(row)] : [];
  });
  return countedPage(records, counted, page);
}
