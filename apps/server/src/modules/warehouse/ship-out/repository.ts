import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { CountedPage } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { orders } from '../../../db/schema/logistics.ts';
import { tenants } from '../../../db/schema/sys.ts';
import { countedPage, countRows, dateRange, numberSearch } from '../../../lib/list.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { orderRecordColumns, toOrderRecord } from '../../logistics/order/list-repository.ts';
import { pageIdsByStatus } from '../repository.ts';
import type { ListPage, WarehouseOrderRecord } from '../schemas.ts';

export type OrderFilters = {
  orderNo?: string;
  waybillNo?: string;
  destinationCountry?: string;
  warehouseCode?: string;
  createdFrom?: string;
  createdTo?: string;
};

/**
 * Orders of every tenant with one of `statuses`, newest first (created, then id). Each status is read
 * from log_order_status_created_idx (status, created_at desc, id desc); see pageIdsByStatus.
 */
export async function listOrders(db: Db, statuses: readonly OrderStatus[], filters: OrderFilters, page: ListPage): Promise<CountedPage<WarehouseOrderRecord>> {
  const conditions: (SQL | undefined)[] = [
    numberSearch(orders.orderNo, filters.orderNo),
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

  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...orderRecordColumns, tenantName: tenants.name })
          .from(orders)
          .innerJoin(tenants, eq(tenants.id, orders.tenantId))
          .where(inArray(orders.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const records = ids.flatMap((id): WarehouseOrderRecord[] => {
    const row = byId.get(id);
    return row ? [{ ...toOrderRecord(row), tenantName: row.tenantName }] : [];
  });
  return countedPage(records, counted, page);
}
