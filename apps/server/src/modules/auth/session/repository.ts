import { iso } from '../../../lib/iso.ts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionRecord, SessionSortColumn } from '@portal/shared/system-sessions';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { tenants, users } from '../../../db/schema/sys.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * The live sessions of a tenant's users. A user belongs to the tenant of their home (their default tenant,
 * where their sign-ins are logged too): a platform administrator who is also a member of a merchant's
 * tenant is not that merchant's to see or sign out. Nothing here ever selects the token's hash.
 */

const SORT_COLUMNS = { createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, username: users.username } as const satisfies Record<SessionSortColumn, unknown>;

/** Live: not revoked, not expired, and of a user who may still sign in (what the session check accepts). */
const live = () => [isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.status, 1), eq(users.delFlag, 0)];

export type SessionFilters = { username?: string; ip?: string; createdAt_begin?: string; createdAt_end?: string };
export type SessionListQuery = SessionFilters & { pageNo: number; pageSize: number; column?: SessionSortColumn; order?: 'asc' | 'desc' };

const record = {
  id: sessions.id,
  userId: users.id,
  username: users.username,
  realname: users.realname,
  tenantId: users.defaultTenantId,
  tenantName: tenants.name,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  lastSeenIp: sessions.lastSeenIp,
  expiresAt: sessions.expiresAt,
};

function whereOf(tenantId: number, filters: SessionFilters): SQL | undefined {
  const conditions: SQL[] = [eq(users.defaultTenantId, tenantId), ...live()];
  if (filters.username) conditions.push(ilike(users.username, `%${escapeLike(filters.username)}%`));
  // the address it signed in from or the one it was last seen at
  if (filters.ip) conditions.push(sql`(${sessions.ip} like ${`${escapeLike(filters.ip)}%`} or ${sessions.lastSeenIp} like ${`${escapeLike(filters.ip)}%`})`);
  conditions.push(...dateRange(sessions.createdAt, filters.createdAt_begin, filters.createdAt_end));
  return and(...conditions);
}

/** The newest first by default; the id breaks ties so that pages never repeat a row. */
function orderingOf(column: SessionSortColumn = 'createdAt', order: 'asc' | 'desc' = column === 'username' ? 'asc' : 'desc') {
  const direction = order === 'asc' ? asc : desc;
  const sorted = column === 'lastSeenAt' ? (order === 'asc' ? sql`${sessions.lastSeenAt} asc nulls last` : sql`${sessions.lastSeenAt} desc nulls last`) : direction(SORT_COLUMNS[column]);
  return [sorted, direction(sessions.id)];
}

export async function listSessions(db: Db, tenantId: number, query: SessionListQuery, currentSessionId: number) {
  const where = whereOf(tenantId, query);
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(tenants, eq(tenants.id, users.defaultTenantId))
      .where(where)
      .orderBy(...orderingOf(query.column, query.order))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where),
  ]);
  const records: SessionRecord[] = rows.map((row) => ({
    ...row,
    id: Number(row.id),
    userId: Number(row.userId),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    expiresAt: row.expiresAt.toISOString(),
    current: Number(row.id) === currentSessionId,
  }));
  return pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** A user as token management judges them: their home tenant and whether they are a top administrator there. */
export type SessionOwner = { userId: number; username: string; tenantId: number; top: boolean };

const owner = {
  userId: users.id,
  username: users.username,
  tenantId: users.defaultTenantId,
  top: sql<boolean>`(${users.superFlag} = 1 or ${users.mainAccount})`,
};
const toOwner = (row: { userId: number; username: string; tenantId: number; top: boolean }): SessionOwner => ({ ...row, userId: Number(row.userId), top: Boolean(row.top) });

/** A live session and its user, locked until the end of the transaction, or null. */
export async function lockLiveSession(db: Db, id: number) {
  const rows = await db
    .select({ ...owner, id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), ...live()))
    .for('update', { of: sessions });
  const row = rows[0];
  return row ? { ...toOwner(row), id: Number(row.id), ip: row.ip, userAgent: row.userAgent, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt } : null;
}

export async function findOwner(db: Db, userId: number): Promise<SessionOwner | null> {
  const rows = await db
    .select(owner)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.delFlag, 0)));
  return rows[0] ? toOwner(rows[0]) : null;
}

/** Ends the given live sessions; answers the ids that ended (locked rows: a session ends once). */
export async function endSessions(db: Db, ids: number[], reason: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => Number(row.id));
}

/** Every live session of a user, newest first. */
export async function liveSessionIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => Number(row.id));
}

/**
 * Ends every open session of these users but `except` (the caller's own, when they changed their own password);
 * answers how many ended.
 */
export async function endSessionsOfUsers(db: Db, userIds: readonly number[], except: number | null = null): Promise<number> {
  if (userIds.length === 0) return 0;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(sessions.userId, [...userIds]), except === null ? undefined : ne(sessions.id, except), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends the open sessions of the users whose company this is (a frozen company's people are signed out). */
export async function endTenantSessions(db: Db, tenantId: number): Promise<number> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.defaultTenantId, tenantId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'tenant' })
    .where(and(inArray(sessions.userId, members), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Removes these users' sessions, ended or not (a purge keeps nothing of the person). */
export async function forgetSessionsOfUsers(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length > 0) await db.delete(sessions).where(inArray(sessions.userId, [...userIds]));
}
