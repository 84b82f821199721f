import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { RecycledUserRecord } from '@portal/shared/system-user-data';
import type { Db } from '../../../db/client.ts';
import { departRoleUsers, userDepartments, userPositions, userRoles, users, userTenants } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * The recycle bin of a tenant's users: the users of the tenant (sys_user_tenant) with del_flag 1. A purged
 * user keeps a row with nothing personal in it (docs/decisions/0014-user-purge.md): del_flag 2, no tenant.
 */

export const IN_BIN = 1;
export const PURGED = 2;

const memberOf = (tenantId: number) => sql`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} = ${tenantId})`;

/** Usernames and whether each also belongs to a tenant other than `tenantId`, for the users named. */
export async function usersNamed(db: Db, tenantId: number, ids: number[]): Promise<Map<number, { username: string; otherTenants: boolean }>> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      otherTenants: sql<boolean>`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} <> ${tenantId})`,
    })
    .from(users)
    .where(and(inArray(users.id, ids), memberOf(tenantId)));
  return new Map(rows.map((row) => [Number(row.id), { username: row.username, otherTenants: Boolean(row.otherTenants) }]));
}

/** To the bin: the user can no longer sign in (the service ends their sessions with it). */
export async function moveToRecycleBin(tx: Db, ids: number[]): Promise<void> {
  await tx.update(users).set({ delFlag: IN_BIN, deletedAt: sql`now()`, updatedAt: sql`now()` }).where(and(inArray(users.id, ids), eq(users.delFlag, 0)));
}

export async function restoreFromRecycleBin(tx: Db, ids: number[]): Promise<void> {
  await tx.update(users).set({ delFlag: 0, deletedAt: null, updatedAt: sql`now()` }).where(and(inArray(users.id, ids), eq(users.delFlag, IN_BIN)));
}

/**
 * Purged for good: the row stays for the records that name it (orders, journals, announcements), with
 * nothing of the person left in it, and the user belongs to no tenant, department, role or position.
 * The username becomes one the username rule never accepts ('#' and '-'), so that nobody can take it.
 */
export async function purge(tx: Db, tenantId: number, ids: number[]): Promise<void> {
  await tx.delete(userRoles).where(and(inArray(userRoles.userId, ids), eq(userRoles.tenantId, tenantId)));
  await tx.delete(departRoleUsers).where(and(inArray(departRoleUsers.userId, ids), eq(departRoleUsers.tenantId, tenantId)));
  await tx.delete(userPositions).where(and(inArray(userPositions.userId, ids), eq(userPositions.tenantId, tenantId)));
  await tx.delete(userDepartments).where(and(inArray(userDepartments.userId, ids), eq(userDepartments.tenantId, tenantId)));
  await tx.delete(userTenants).where(and(inArray(userTenants.userId, ids), eq(userTenants.tenantId, tenantId)));
  await tx
    .update(users)
    .set({
      username: sql`'#purged-' || ${users.id}`,
      realname: '',
      nickname: '',
      avatar: '',
      // no password hash matches this: the account cannot be signed in to, whatever happens to its flags
      passwordHash: '!',
      phone: null,
      email: null,
      orgCode: null,
      workNo: '',
      status: 2,
      delFlag: PURGED,
      superFlag: 0,
      mainAccount: false,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(users.id, ids), eq(users.delFlag, IN_BIN)));
}

/** The tenant's recycle bin, the latest deleted first; `keyword` (bound, LIKE-escaped) finds a username or real name. */
export async function recycleBinPage(db: Db, tenantId: number, query: { pageNo: number; pageSize: number; keyword?: string }): Promise<Page<RecycledUserRecord>> {
  const filters: (SQL | undefined)[] = [eq(users.delFlag, IN_BIN), memberOf(tenantId)];
  if (query.keyword) {
    const term = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(users.username, term), ilike(users.realname, term)));
  }
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, realname: users.realname, workNo: users.workNo, phone: users.phone, email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.deletedAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const records = rows.map((row) => ({ ...row, id: Number(row.id), deletedAt: row.deletedAt?.toISOString() ?? null }));
  return pageOf(records, Number(count?.total ?? 0), query.pageNo, query.pageSize);
}
