import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DayRange, VisitDayRecord, VisitTenantRecord } from '@portal/shared/visit-statistics';
import type { Db } from '../../db/client.ts';
import { loginLogs, visitLogs } from '../../db/schema/auth.ts';
import { tenants } from '../../db/schema/sys.ts';
import { rawRows } from '../../lib/raw-rows.ts';

/**
 * Whose rows are counted: one tenant, or every tenant (the platform's view). "Every tenant" is written
 * as `tenant_id in (the tenants)` so each log is still read through its (tenant_id, created_at) index.
 */
export type StatisticsScope = { tenantId: number } | 'all';

const ofScope = (column: typeof loginLogs.tenantId | typeof visitLogs.tenantId, scope: StatisticsScope): SQL =>
  scope === 'all' ? sql`${column} = any(array(select ${tenants.id} from ${tenants}))` : sql`${column} = ${scope.tenantId}`;

// whole days in the database's time zone (lib/list.ts): a day is compared as its midnight there
const inRange = (column: typeof loginLogs.createdAt | typeof visitLogs.createdAt, range: DayRange): SQL =>
  sql`${column} >= ${range.begin}::date and ${column} < ${range.end}::date + 1`;

const signIns = (scope: StatisticsScope) => and(ofScope(loginLogs.tenantId, scope), eq(loginLogs.logType, 1), eq(loginLogs.success, true));


/** Today's date where the database counts days (YYYY-MM-DD). */
export async function today(db: Db): Promise<string> {
  const rows = await rawRows<{ today: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return String(rows[0]?.today);
}

/** Whether a tenant exists (the platform's filter). */
export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return rows.length > 0;
}

/** Sign-ins today and in all, and distinct addresses today. */
export async function signInFigures(db: Db, scope: StatisticsScope) {
  const rows = await db
    .select({
      todayVisitCount: sql<number>`count(*) filter (where ${loginLogs.createdAt} >= current_date)`,
      todayIp: sql<number>`count(distinct ${loginLogs.ip}) filter (where ${loginLogs.createdAt} >= current_date)`,
      totalVisitCount: sql<number>`count(*)`,
    })
    .from(loginLogs)
    .where(signIns(scope));
  const row = rows[0];
  return {
    todayVisitCount: Number(row?.todayVisitCount ?? 0),
    todayIp: Number(row?.todayIp ?? 0),
    totalVisitCount: Number(row?.totalVisitCount ?? 0),
  };
}

type DayRow = { date: string; page_views: string; visitors: string; sign_ins: string; failed: string; ip: string };

/**
 * Per day of the range: page views and distinct visitors (the visit log), successful and failed sign-ins
 * (the sign-in log), and distinct addresses of both. The days come from the database, like their
 * grouping, so a day is the same whatever zone the app server runs in.
 */
export async function visitsPerDay(db: Db, scope: StatisticsScope, range: DayRange): Promise<VisitDayRecord[]> {
  const visits = and(ofScope(visitLogs.tenantId, scope), inRange(visitLogs.createdAt, range));
  const logins = and(ofScope(loginLogs.tenantId, scope), eq(loginLogs.logType, 1), inRange(loginLogs.createdAt, range));
  const rows = await rawRows<DayRow>(db, sql`
    with days as (
      select g.d::date as day from generate_series(${range.begin}::date, ${range.end}::date, interval '1 day') as g(d)
    ), v as (
      select ${visitLogs.createdAt}::date as day, count(*) as page_views, count(distinct ${visitLogs.userId}) as visitors
      from ${visitLogs} where ${visits} group by 1
    ), l as (
      select ${loginLogs.createdAt}::date as day, count(*) filter (where ${loginLogs.success}) as sign_ins,
        count(*) filter (where not ${loginLogs.success}) as failed
      from ${loginLogs} where ${logins} group by 1
    ), a as (
      select x.day, count(distinct x.ip) as ip from (
        select ${visitLogs.createdAt}::date as day, ${visitLogs.ip} as ip from ${visitLogs} where ${visits}
        union all
        select ${loginLogs.createdAt}::date, ${loginLogs.ip} from ${loginLogs} where ${logins} and ${loginLogs.success}
      ) as x where x.ip <> '' group by x.day
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(v.page_views, 0) as page_views, coalesce(v.visitors, 0) as visitors,
      coalesce(l.sign_ins, 0) as sign_ins, coalesce(l.failed, 0) as failed, coalesce(a.ip, 0) as ip
    from days left join v on v.day = days.day left join l on l.day = days.day left join a on a.day = days.day
    order by days.day`);
  return rows.map((row) => {
    const signInCount = Number(row.sign_ins);
    return {
      date: row.date,
      pageViews: Number(row.page_views),
      visitors: Number(row.visitors),
      signIns: signInCount,
      failedSignIns: Number(row.failed),
      ip: Number(row.ip),
      visit: signInCount,
    };
  });
}

type TenantRow = { tenant_id: number; tenant_name: string; page_views: string; visitors: string; sign_ins: string; failed: string; ip: string };

/** Each tenant's totals over the range, the busiest first; tenants with nothing in the range are left out. */
export async function visitsPerTenant(db: Db, scope: StatisticsScope, range: DayRange): Promise<VisitTenantRecord[]> {
  const visits = and(ofScope(visitLogs.tenantId, scope), inRange(visitLogs.createdAt, range));
  const logins = and(ofScope(loginLogs.tenantId, scope), eq(loginLogs.logType, 1), inRange(loginLogs.createdAt, range));
  const rows = await rawRows<TenantRow>(db, sql`
    with v as (
      select ${visitLogs.tenantId} as tenant_id, count(*) as page_views, count(distinct ${visitLogs.userId}) as visitors
      from ${visitLogs} where ${visits} group by 1
    ), l as (
      select ${loginLogs.tenantId} as tenant_id, count(*) filter (where ${loginLogs.success}) as sign_ins,
        count(*) filter (where not ${loginLogs.success}) as failed
      from ${loginLogs} where ${logins} group by 1
    ), a as (
      select x.tenant_id, count(distinct x.ip) as ip from (
        select ${visitLogs.tenantId} as tenant_id, ${visitLogs.ip} as ip from ${visitLogs} where ${visits}
        union all
        select ${loginLogs.tenantId}, ${loginLogs.ip} from ${loginLogs} where ${logins} and ${loginLogs.success}
      ) as x where x.ip <> '' group by x.tenant_id
    )
    select t.id as tenant_id, t.name as tenant_name, coalesce(v.page_views, 0) as page_views, coalesce(v.visitors, 0) as visitors,
      coalesce(l.sign_ins, 0) as sign_ins, coalesce(l.failed, 0) as failed, coalesce(a.ip, 0) as ip
    from ${tenants} as t left join v on v.tenant_id = t.id left join l on l.tenant_id = t.id left join a on a.tenant_id = t.id
    where v.tenant_id is not null or l.tenant_id is not null
    order by coalesce(v.page_views, 0) desc, coalesce(l.sign_ins, 0) desc, t.id`);
  return rows.map((row) => ({
    tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name,
    pageViews: Number(row.page_views),
    visitors: Number(row.visitors),
    signIns: Number(row.sign_ins),
    failedSignIns: Number(row.failed),
    ip: Number(row.ip),
  }));
}
