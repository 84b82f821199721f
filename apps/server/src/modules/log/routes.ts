import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, gte, sql } from 'drizzle-orm';
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
      const day = sql<string>`to_char(date_trunc('day', ${loginLogs.createdAt}), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, visit: sql<number>`count(*)`, ip: sql<number>`count(distinct ${loginLogs.ip})` })
        .from(loginLogs)
        .where(and(signIns(tenantId), gte(loginLogs.createdAt, sql`date_trunc('day', now()) - interval '6 days'`)))
        .groupBy(day)
        .orderBy(day);
      const byDate = new Map(rows.map((r) => [r.date, r]));
      const days = Array.from({ length: 7 }, (_, i) => {
        const date = new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10);
        const row = byDate.get(date);
        return { date, visit: Number(row?.visit ?? 0), ip: Number(row?.ip ?? 0) };
      });
      return request.ok(days);
    },
  );
};
