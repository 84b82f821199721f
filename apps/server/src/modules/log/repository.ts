import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLogs } from '../../db/schema/auth.ts';

const signIns = (tenantId: number) => and(eq(loginLogs.tenantId, tenantId), eq(loginLogs.logType, 1), eq(loginLogs.success, true));

/** Sign-ins of a tenant today and in all, and distinct addresses today. */
export async function signInFigures(db: Db, tenantId: number) {
  const rows = await db
    .select({
      todayVisitCount: sql<number>`count(*) filter (where ${loginLogs.createdAt} >= date_trunc('day', now()))`,
      todayIp: sql<number>`count(distinct ${loginLogs.ip}) filter (where ${loginLogs.createdAt} >= date_trunc('day', now()))`,
      totalVisitCount: sql<number>`count(*)`,
    })
    .from(loginLogs)
    .where(signIns(tenantId));
  const row = rows[0];
  return {
    todayVisitCount: Number(row?.todayVisitCount ?? 0),
    todayIp: Number(row?.todayIp ?? 0),
    totalVisitCount: Number(row?.totalVisitCount ?? 0),
  };
}

/** Sign-ins and distinct addresses per day over the last 7 days. */
export async function signInsPerDay(db: Db, tenantId: number) {
  // The seven days come from the database, like "today" above: building them in JavaScript (UTC)
  // while grouping in SQL (the session time zone) gave today's sign-ins to a date that was not in the
  // list whenever the database did not run on UTC.
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
  return rows.map((row) => ({ date: row.date, visit: Number(row.visit), ip: Number(row.ip) }));
}
