import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import type { OrderStatus, TrackingSource } from '@portal/shared/logistics';
import type { CountedPage } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { orders, trackingEvents } from '../../../db/schema/logistics.ts';
import { tenants } from '../../../db/schema/sys.ts';
import { countedPage, countRows, dateRange, numberSearch } from '../../../lib/list.ts';
import { indexOrder } from '../../../lib/index-order.ts';
import { eventDescription } from '../../logistics/order/model.ts';
import type { ListPage, WarehouseEventRecord } from '../schemas.ts';

export type EventFilters = {
  orderNo?: string;
  status?: OrderStatus;
  source?: TrackingSource;
  createdFrom?: string;
  createdTo?: string;
};

/** Events of every tenant as they were recorded, newest first (log_tracking_event_time_idx). */
export async function listEvents(db: Db, filters: EventFilters, page: ListPage, language: Language): Promise<CountedPage<WarehouseEventRecord>> {
  const where = and(
    // through the order's unique number to log_tracking_event_order_time_idx
    filters.orderNo ? inArray(trackingEvents.orderId, db.select({ id: orders.id }).from(orders).where(numberSearch(orders.orderNo, filters.orderNo))) : undefined,
    filters.status ? eq(trackingEvents.status, filters.status) : undefined,
    filters.source ? eq(trackingEvents.source, filters.source) : undefined,
    ...dateRange(trackingEvents.createdAt, filters.createdFrom, filters.createdTo),
  );
  const direction = indexOrder(page.order);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: trackingEvents.id,
        orderNo: orders.orderNo,
        tenantName: tenants.name,
        status: trackingEvents.status,
        fromStatus: trackingEvents.fromStatus,
        location: trackingEvents.location,
        descriptionZhTw: trackingEvents.descriptionZhTw,
        descriptionZhCn: trackingEvents.descriptionZhCn,
        descriptionEnUs: trackingEvents.descriptionEnUs,
        rawText: trackingEvents.rawText,
        carrierCode: trackingEvents.carrierCode,
        source: trackingEvents.source,
        occurredAt: trackingEvents.occurredAt,
        createdAt: trackingEvents.createdAt,
      })
      .from(trackingEvents)
      .innerJoin(orders, eq(orders.id, trackingEvents.orderId))
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(where)
      .orderBy(direction(trackingEvents.createdAt), direction(trackingEvents.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    countRows(db, trackingEvents, where),
  ]);
  const records = rows.map((row) => ({
    id: row.id,
    orderNo: row.orderNo,
    tenantName: row.tenantName,
    status: row.status,
    fromStatus: row.fromStatus,
    location: row.location,
    description: eventDescription(row, language),
    carrierCode: row.carrierCode,
    source: row.source,
    occurredAt: row.occurredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
  return countedPage(records, counted, page);
}
