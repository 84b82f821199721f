import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import type { Db } from '../../db/client.ts';
import { departments, tenants, userDepartments, userRoles, users, userTenants } from '../../db/schema/sys.ts';
import { sessions } from '../../db/schema/auth.ts';
import { createTenantRoles } from '../system/role/tenant-roles.ts';
import type { UserRow } from '../user/repository.ts';
import { packagePermissionIds } from '../system/tenant-package/repository.ts';

/** The account that signs in with this (normalised) number, if any. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.delFlag, 0)))
    .limit(1);
  return rows[0];
}

/** Whether a number is held by any account, deleted ones included (the unique index counts them). */
export async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)).length > 0;
}

/** Usernames are unique whatever their case, deleted accounts included (sys_user_username_uq). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
        .limit(1)
    ).length > 0
  );
}

export const ROOT_ORG_CODE = 'A01';

/** What the platform sets on a tenant besides its name (its tenant form); registration leaves them empty. */
export type TenantExtras = { validFrom: Date | null; validUntil: Date | null; contactName: string; contactPhone: string; contactEmail: string };

/**
 * A new merchant: its tenant on `packageId` (the menus it may use), built-in roles granted inside the
 * package, root department and main account heading it. Registration and the platform's tenant form both
 * make one here. Call inside a transaction: any failure must leave nothing behind.
 */
export async function createMerchant(
  tx: Db,
  values: { companyName: string; username: string; realname?: string; phone: string; passwordHash: string; language: Language; packageId: number; tenant?: TenantExtras },
): Promise<{ tenantId: number; userId: number }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: values.companyName, language: values.language, packageId: values.packageId, ...values.tenant })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('register: no tenant id');
  const roleIds = await createTenantRoles(tx, tenant.id, ['merchant_admin', 'merchant_staff'], await packagePermissionIds(tx, values.packageId));
  const [depart] = await tx
    .insert(departments)
    .values({ tenantId: tenant.id, parentId: null, departName: values.companyName, orgCode: ROOT_ORG_CODE, sortNo: 0 })
    .returning({ id: departments.id });
  if (!depart) throw new Error('register: no department id');
  const [user] = await tx
    .insert(users)
    .values({
      username: values.username,
      realname: values.realname ?? values.username,
      nickname: values.realname ?? values.username,
      passwordHash: values.passwordHash,
      phone: values.phone,
      defaultTenantId: tenant.id,
      mainAccount: true,
      orgCode: ROOT_ORG_CODE,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('register: no user id');
  const adminRole = roleIds.merchant_admin;
  if (adminRole === undefined) throw new Error('register: no merchant_admin role');
  await tx.insert(userTenants).values({ userId: user.id, tenantId: tenant.id });
  await tx.insert(userRoles).values({ userId: user.id, tenantId: tenant.id, roleId: adminRole });
  await tx.insert(userDepartments).values({ userId: user.id, tenantId: tenant.id, departmentId: depart.id, head: true });
  return { tenantId: tenant.id, userId: user.id };
}

/** A new password; every session of the account ends (the caller publishes the change). */
export async function resetPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

