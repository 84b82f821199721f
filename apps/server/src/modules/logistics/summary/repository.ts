import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_EXCEPTION_STATUSES, ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { LogisticsSummary } from '@portal/shared/logistics-schemas';
import type { Db } from '../../../db/client.ts';
import { collectionExceptions, orders, parcels } from '../../../db/schema/logistics.ts';

const DAYS = 30;

/**
 * Which figures to count and the rows they count: a figure is left out (null) for a
 * reader without the right of the list it summarises, and counts only the rows their data rules on that
 * list let through (`scope`, decision 0016).
 */
export type SummaryParts = { orders: false | { scope?: SQL | undefined }; parcels: false | { scope?: SQL | undefined }; exceptions: boolean };
export const ALL_PARTS: SummaryParts = { orders: {}, parcels: {}, exceptions: true };

/**
 * The home page's logistics figures of one tenant, or of all (tenantId null). Every count reads an
 * index: a tenant's through the tenant-leading ones, all tenants' through the status-leading ones,
 * which is why the all-tenant order queries name every status rather than none.
 */
export async function summarizeLogistics(db: Db, tenantId: number | null, parts: SummaryParts = ALL_PARTS): Promise<LogisticsSummary> {
  const ofTenant = (column: typeof orders.tenantId | typeof parcels.tenantId | typeof collectionExceptions.tenantId): SQL | undefined =>
    tenantId === null ? undefined : eq(column, tenantId);
  const everyStatus = inArray(orders.status, [...ORDER_STATUSES]);
  const since = sql`date_trunc('day', now()) - make_interval(days => ${DAYS - 1})`;

  const orderScope = parts.orders ? parts.orders.scope : undefined;
  const [byStatus, inWarehouse, openExceptions, perDay] = await Promise.all([
    parts.orders
      ? db
          .select({ status: orders.status, count: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(ofTenant(orders.tenantId), everyStatus, orderScope))
          .groupBy(orders.status)
      : null,
    parts.parcels
      ? db
          .select({ count: sql<number>`count(*)::int` })
          .from(parcels)
          .where(and(ofTenant(parcels.tenantId), eq(parcels.status, 'IN_WAREHOUSE'), parts.parcels.scope))
      : null,
    parts.exceptions
      ? db
          .select({ count: sql<number>`count(*)::int` })
          .from(collectionExceptions)
          .where(and(ofTenant(collectionExceptions.tenantId), inArray(collectionExceptions.status, [...OPEN_EXCEPTION_STATUSES])))
      : null,
    // The days come from the database, like /sys/visitInfo: its "today" and its grouping agree.
    parts.orders
      ? db
          .select({ day: sql<string>`to_char(d.day, 'YYYY-MM-DD')`, count: sql<number>`coalesce(c.count, 0)::int` })
          .from(sql`generate_series(${since}, date_trunc('day', now()), interval '1 day') as d(day)`)
          .leftJoin(
            db
              .select({ day: sql`date_trunc('day', ${orders.createdAt})`.as('day'), count: sql<number>`count(*)`.as('count') })
              .from(orders)
              .where(and(ofTenant(orders.tenantId), everyStatus, gte(orders.createdAt, since), orderScope))
              .groupBy(sql`1`)
              .as('c'),
            sql`c.day = d.day`,
          )
          .orderBy(sql`d.day`)
      : null,
  ]);

  const counts = new Map<OrderStatus, number>((byStatus ?? []).map((row) => [row.status, Number(row.count)]));
  return {
    byStatus: byStatus ? ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })) : null,
    parcelsInWarehouse: inWarehouse ? Number(inWarehouse[0]?.count ?? 0) : null,
    openExceptions: openExceptions ? Number(openExceptions[0]?.count ?? 0) : null,
    ordersPerDay: perDay ? perDay.map((row) => ({ date: row.day, count: Number(row.count) })) : null,
  };
}
