import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MyThirdAccount, ThirdAccountRecord, ThirdAccountSortColumn, ThirdAccountStatus, ThirdBindCandidate } from '@portal/shared/third-login';
import type { Db } from '../../../db/client.ts';
import { thirdAccounts } from '../../../db/schema/admin.ts';
import { tenants, users } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/** Sort columns the client may name (an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { createdAt: thirdAccounts.createdAt, lastLoginAt: thirdAccounts.lastLoginAt, email: thirdAccounts.email, status: thirdAccounts.status } as const satisfies Record<ThirdAccountSortColumn, unknown>;

export type ThirdAccountListQuery = { pageNo: number; pageSize: number; column?: ThirdAccountSortColumn; order?: 'asc' | 'desc'; status?: ThirdAccountStatus; keyword?: string };

const approver = alias(users, 'approver');

const record = {
  id: thirdAccounts.id,
  provider: thirdAccounts.provider,
  issuer: thirdAccounts.issuer,
  subject: thirdAccounts.subject,
  email: thirdAccounts.email,
  emailVerified: thirdAccounts.emailVerified,
  displayName: thirdAccounts.displayName,
  status: thirdAccounts.status,
  boundBy: thirdAccounts.boundBy,
  userId: thirdAccounts.userId,
  username: users.username,
  realname: users.realname,
  tenantName: tenants.name,
  approvedByName: approver.username,
  lastLoginAt: thirdAccounts.lastLoginAt,
  createdAt: thirdAccounts.createdAt,
};

const selectRecords = (db: Db) =>
  db
    .select(record)
    .from(thirdAccounts)
    .leftJoin(users, eq(users.id, thirdAccounts.userId))
    .leftJoin(tenants, eq(tenants.id, users.defaultTenantId))
    .leftJoin(approver, eq(approver.id, thirdAccounts.approvedBy));

type Row = Awaited<ReturnType<typeof selectRecords>>[number];

const toRecord = (row: Row): ThirdAccountRecord => ({
  ...row,
  id: Number(row.id),
  userId: row.userId === null ? null : Number(row.userId),
  status: row.status as ThirdAccountStatus,
  boundBy: row.boundBy === 'email' || row.boundBy === 'admin' ? row.boundBy : null,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

function whereOf(query: Pick<ThirdAccountListQuery, 'status' | 'keyword'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(thirdAccounts.status, query.status));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    const either = or(ilike(thirdAccounts.email, like), ilike(thirdAccounts.displayName, like), ilike(users.username, like));
    if (either) conditions.push(either);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Every identity (they belong to no tenant; the list is the platform's): pending first by default, the newest on top. */
export async function listThirdAccounts(db: Db, query: ThirdAccountListQuery) {
  const where = whereOf(query);
  const direction = query.order === 'asc' ? asc : desc;
  const ordering = query.column
    ? [direction(SORT_COLUMNS[query.column]), direction(thirdAccounts.id)]
    : [asc(sql`case ${thirdAccounts.status} when 'pending' then 0 else 1 end`), desc(thirdAccounts.createdAt), desc(thirdAccounts.id)];
  const [rows, counted] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(...ordering)
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(thirdAccounts).leftJoin(users, eq(users.id, thirdAccounts.userId)).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findThirdAccountRecord(db: Db, id: number): Promise<ThirdAccountRecord | undefined> {
  const rows = await selectRecords(db).where(eq(thirdAccounts.id, id)).limit(1);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Locks an identity for a decision; undefined when there is none. */
export async function lockThirdAccount(db: Db, id: number) {
  const rows = await db.select({ id: thirdAccounts.id, status: thirdAccounts.status }).from(thirdAccounts).where(eq(thirdAccounts.id, id)).for('update');
  return rows[0];
}


/** Users an identity may be bound to, of any tenant, by part of the username, name or e-mail (the approval's picker); those with the e-mail `prefer` first. */
export async function bindCandidates(db: Db, keyword: string | undefined, prefer?: string): Promise<ThirdBindCandidate[]> {
  const like = keyword ? `%${escapeLike(keyword)}%` : undefined;
  const rows = await db
    .select({ id: users.id, username: users.username, realname: users.realname, email: users.email, tenantName: tenants.name, status: users.status })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.defaultTenantId))
    .where(and(eq(users.delFlag, 0), like ? or(ilike(users.username, like), ilike(users.realname, like), ilike(users.email, like)) : undefined))
    .orderBy(...(prefer ? [desc(sql`lower(${users.email}) = ${prefer.toLowerCase()}`)] : []), asc(users.username))
    .limit(20);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function activeUser(db: Db, id: number) {
  const rows = await db.select({ id: users.id, username: users.username, superFlag: users.superFlag, mainAccount: users.mainAccount }).from(users).where(and(eq(users.id, id), eq(users.delFlag, 0))).limit(1);
  return rows[0];
}

/** The caller's own identities (their profile). */
export async function myThirdAccounts(db: Db, userId: number): Promise<MyThirdAccount[]> {
  const rows = await db
    .select({ id: thirdAccounts.id, provider: thirdAccounts.provider, email: thirdAccounts.email, displayName: thirdAccounts.displayName, boundBy: thirdAccounts.boundBy, lastLoginAt: thirdAccounts.lastLoginAt, createdAt: thirdAccounts.createdAt })
    .from(thirdAccounts)
    .where(and(eq(thirdAccounts.userId, userId), eq(thirdAccounts.status, 'bound')))
    .orderBy(asc(thirdAccounts.id));
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    boundBy: row.boundBy === 'email' || row.boundBy === 'admin' ? row.boundBy : null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
