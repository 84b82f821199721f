import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { envelopeSchema } from '@portal/shared/api';
import { ORDER_STATUSES, type ExceptionStatus, type OrderStatus } from '@portal/shared/logistics';
import { logisticsSummary, type LogisticsSummary } from '@portal/shared/logistics-schemas';
import type { Db } from '../../db/client.ts';
import { collectionExceptions, orders, parcels } from '../../db/schema/logistics.ts';
import { caller } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** The platform's own tenant: its staff see the figures of every merchant. */
const PLATFORM_TENANT = 0;
/** How long the all-tenant figures are reused: counting a million orders is not done per page view. */
export const PLATFORM_SUMMARY_TTL_MS = 30_000;
const DAYS = 30;
/** Exceptions still waiting for someone: pending (0) or awaiting the merchant's reply (2). */
const OPEN_EXCEPTIONS: readonly ExceptionStatus[] = ['0', '2'];

/**
 * The home page's logistics figures of one tenant, or of all (tenantId null). Every count reads an
 * index: a tenant's through the tenant-leading ones, all tenants' through the status-leading ones,
 * which is why the all-tenant order queries name every status rather than none.
 */
export async function summarizeLogistics(db: Db, tenantId: number | null): Promise<LogisticsSummary> {
  const ofTenant = (column: typeof orders.tenantId | typeof parcels.tenantId | typeof collectionExceptions.tenantId): SQL | undefined =>
    tenantId === null ? undefined : eq(column, tenantId);
  const everyStatus = inArray(orders.status, [...ORDER_STATUSES]);
  const since = sql`date_trunc('day', now()) - make_interval(days => ${DAYS - 1})`;

  const [byStatus, inWarehouse, openExceptions, perDay] = await Promise.all([
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(ofTenant(orders.tenantId), everyStatus))
      .groupBy(orders.status),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(parcels)
      .where(and(ofTenant(parcels.tenantId), eq(parcels.status, 'IN_WAREHOUSE'))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(collectionExceptions)
      .where(and(ofTenant(collectionExceptions.tenantId), inArray(collectionExceptions.status, [...OPEN_EXCEPTIONS]))),
    // The days come from the database, like /sys/visitInfo: its "today" and its grouping agree.
    db
      .select({ day: sql<string>`to_char(d.day, 'YYYY-MM-DD')`, count: sql<number>`coalesce(c.count, 0)::int` })
      .from(sql`generate_series(${since}, date_trunc('day', now()), interval '1 day') as d(day)`)
      .leftJoin(
        db
          .select({ day: sql`date_trunc('day', ${orders.createdAt})`.as('day'), count: sql<number>`count(*)`.as('count') })
          .from(orders)
          .where(and(ofTenant(orders.tenantId), everyStatus, gte(orders.createdAt, since)))
          .groupBy(sql`1`)
          .as('c'),
        sql`c.day = d.day`,
      )
      .orderBy(sql`d.day`),
  ]);

  const counts = new Map<OrderStatus, number>(byStatus.map((row) => [row.status, Number(row.count)]));
  return {
    byStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    parcelsInWarehouse: Number(inWarehouse[0]?.count ?? 0),
    openExceptions: Number(openExceptions[0]?.count ?? 0),
    ordersPerDay: perDay.map((row) => ({ date: row.day, count: Number(row.count) })),
  };
}

/** Home page figures of logistics: /logistics/summary */
export const logisticsSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // one entry (the platform's); the promise is kept so that callers arriving together share one count
  const platformFigures = new TtlCache<'platform', Promise<LogisticsSummary>>(PLATFORM_SUMMARY_TTL_MS, 1);

  const platformSummary = (): Promise<LogisticsSummary> => {
    const cached = platformFigures.get('platform');
    if (cached) return cached;
    const computing = summarizeLogistics(db, null);
    platformFigures.set('platform', computing);
    // a failure is not kept for 30 s: the next caller tries again
    computing.catch(() => platformFigures.delete('platform'));
    return computing;
  };

  app.get(
    '/logistics/summary',
    {
      config: { access: { permission: 'dashboard:analysis:view', tenant: 'caller' } },
      schema: {
        tags: ['dashboard'],
        summary: "Home page figures: orders by status, parcels in the warehouse, open exceptions, orders per day over 30 days",
        description: "A merchant's own tenant; the platform's staff (tenant 0) see every merchant, figures refreshed every 30 seconds.",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(logisticsSummary) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      return request.ok(tenantId === PLATFORM_TENANT ? await platformSummary() : await summarizeLogistics(db, tenantId));
    },
  );
};
