import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Depart, UserInfo } from '@portal/shared/sys';
import type { Db } from '../../../db/client.ts';
import { departments, tenants, userDepartments, users, userTenants } from '../../../db/schema/sys.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.delFlag, 0)))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    nickname: user.nickname,
    avatar: user.avatar,
    superFlag: user.superFlag,
    orgCode: user.orgCode,
    phone: user.phone,
    email: user.email,
    status: user.status,
    tenantId: user.defaultTenantId,
    mainAccount: user.mainAccount,
    passwordChangeRequired: user.passwordChangeRequired,
  };
}

/** The user's departments inside one tenant. */
export async function departsOf(db: Db, userId: number, tenantId: number): Promise<Depart[]> {
  return db
    .select({ id: departments.id, orgCode: departments.orgCode, departName: departments.departName, parentId: departments.parentId })
    .from(departments)
    .innerJoin(userDepartments, eq(userDepartments.departmentId, departments.id))
    .where(and(eq(userDepartments.userId, userId), eq(departments.tenantId, tenantId)))
    .orderBy(asc(departments.sortNo), asc(departments.orgCode));
}

export async function tenantListOf(db: Db, userId: number) {
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .innerJoin(userTenants, eq(userTenants.tenantId, tenants.id))
    // a frozen company, or one outside its validity period, is nobody's to sign in to
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(tenants.status, 1),
        or(isNull(tenants.validFrom), lte(tenants.validFrom, sql`now()`)),
        or(isNull(tenants.validUntil), gt(tenants.validUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(tenants.id));
}

/** The account that signs in with this (normalised) number, if any. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.delFlag, 0)))
    .limit(1);
  return rows[0];
}

