import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { LoginLogRecord, LoginLogSortColumn } from '@portal/shared/system-sessions';
import type { Db } from '../../../db/client.ts';
import { loginLogs } from '../../../db/schema/auth.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * The sign-in log of a tenant: sign-ins (successful or not) and sign-outs of the users whose home it is; an
 * attempt that named no known user is the platform's (tenant 0). A plain read: no service.
 */

const SORT_COLUMNS = { createdAt: loginLogs.createdAt, username: loginLogs.username } as const satisfies Record<LoginLogSortColumn, unknown>;

export type LoginLogListQuery = {
  pageNo: number;
  pageSize: number;
  column?: LoginLogSortColumn;
  order?: 'asc' | 'desc';
  username?: string;
  ip?: string;
  success?: 'true' | 'false';
  logType?: '1' | '2';
  createdAt_begin?: string;
  createdAt_end?: string;
};

function whereOf(tenantId: number, query: LoginLogListQuery): SQL | undefined {
  const conditions: SQL[] = [eq(loginLogs.tenantId, tenantId)];
  if (query.username) conditions.push(ilike(loginLogs.username, `%${escapeLike(query.username)}%`));
  if (query.ip) conditions.push(ilike(loginLogs.ip, `${escapeLike(query.ip)}%`));
  if (query.success) conditions.push(eq(loginLogs.success, query.success === 'true'));
  if (query.logType) conditions.push(eq(loginLogs.logType, Number(query.logType)));
  conditions.push(...dateRange(loginLogs.createdAt, query.createdAt_begin, query.createdAt_end));
  return and(...conditions);
}

export async function listLoginLogs(db: Db, tenantId: number, query: LoginLogListQuery) {
  const where = whereOf(tenantId, query);
  const column = query.column ?? 'createdAt';
  const direction = (query.order ?? (column === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: loginLogs.id,
        username: loginLogs.username,
        ip: loginLogs.ip,
        userAgent: loginLogs.userAgent,
        success: loginLogs.success,
        logType: loginLogs.logType,
        reason: loginLogs.reason,
        createdAt: loginLogs.createdAt,
      })
      .from(loginLogs)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[column]), direction(loginLogs.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(loginLogs).where(where),
  ]);
  const records: LoginLogRecord[] = rows.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() }));
  return pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}
