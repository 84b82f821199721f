import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { envelopeSchema } from '@portal/shared/api';
import { caller } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { loginLogs } from '../../db/schema/auth.ts';

export const VISIT_STATISTICS = 'statistics:visit:list';

/** Sign-in figures of the caller's tenant, for the home page and the visit statistics. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { access: { permission: VISIT_STATISTICS, tenant: 'caller' } } as const;
  const signIns = (tenantId: number) => and(eq(loginLogs.tenantId, tenantId), eq(loginLogs.logType, 1), eq(loginLogs.success, true));

  app.get(
    '/sys/loginfo',
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Sign-ins today and in all, and distinct addresses today',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.object({ todayVisitCount: z.number(), todayIp: z.number(), totalVisitCount: z.number() })) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      const rows = await db
        .select({
          todayVisitCount: sql<number>`count(*) filter (where ${loginLogs.createdAt} >= date_trunc('day', now()))`,
          todayIp: sql<number>`count(distinct ${loginLogs.ip}) filter (where ${loginLogs.createdAt} >= date_trunc('day', now()))`,
          totalVisitCount: sql<number>`count(*)`,
        })
        .from(loginLogs)
        .where(signIns(tenantId));
      const row = rows[0];
      return request.ok({
        todayVisitCount: Number(row?.todayVisitCount ?? 0),
        todayIp: Number(row?.todayIp ?? 0),
        totalVisitCount: Number(row?.totalVisitCount ?? 0),
      });
    },
  );

  app.get(
    '/sys/visitInfo',
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Sign-ins and distinct addresses per day over the last 7 days',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.array(z.object({ date: z.string(), visit: z.number(), ip: z.number() }))) },
      },
    },
    async (request) => {
      const { tenantId } = caller(request);
      // The seven days come from the database, like "today" in /sys/loginfo: building them in
      // JavaScript (UTC) while grouping in SQL (the session time zone) gave today's sign-ins to a
      // date that was not in the list whenever the database did not run on UTC.
      const rows = await db
        .select({
          date: sql<string>`to_char(d.day, 'YYYY-MM-DD')`,
          visit: sql<number>`count(${loginLogs.id})`,
          ip: sql<number>`count(distinct ${loginLogs.ip})`,
        })
        .from(sql`generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') as d(day)`)
        .leftJoin(loginLogs, and(signIns(tenantId), sql`${loginLogs.createdAt} >= d.day`, sql`${loginLogs.createdAt} < d.day + interval '1 day'`))
        .groupBy(sql`d.day`)
        .orderBy(sql`d.day`);
      return request.ok(rows.map((row) => ({ date: row.date, visit: Number(row.visit), ip: Number(row.ip) })));
    },
  );
};
