import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, userTenants } from '../../../db/schema/sys.ts';
import type { AuthContext } from '../../../plugins/auth.ts';
import type { Grantor, Target } from './delegation.ts';

/*
 * What every administrative call of the area asks before it acts (modules/auth/access/delegation.ts): who the
 * grantor is, and who the target is in the tenant of the request.
 */

/** A user is a top administrator of a tenant when a super user, or that tenant's main account. */
const topInTenant = (tenantId: number) => sql<boolean>`(${users.superFlag} = 1 or (${users.mainAccount} and ${users.defaultTenantId} = ${tenantId}))`;

export async function loadGrantor(db: Db, auth: AuthContext): Promise<Grantor> {
  const rows = await db.select({ top: topInTenant(auth.tenantId) }).from(users).where(eq(users.id, auth.userId));
  return { userId: auth.userId, tenantId: auth.tenantId, top: Boolean(rows[0]?.top), held: auth.access.grantedIds };
}

/** A user of the tenant (a member through sys_user_tenant, recycle bin included), or null: another tenant's user does not exist here. */
export async function loadTarget(db: Db, tenantId: number, userId: number): Promise<(Target & { deleted: boolean }) | null> {
  const rows = await db
    .select({ userId: users.id, top: topInTenant(tenantId), delFlag: users.delFlag })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(eq(users.id, userId));
  const row = rows[0];
  return row ? { userId: Number(row.userId), top: Boolean(row.top), deleted: row.delFlag === 1 } : null;
}

/** Active (not frozen, not deleted) top administrators of the tenant: the last one stays. */
export async function countTopAdmins(db: Db, tenantId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(and(eq(users.status, 1), eq(users.delFlag, 0), or(eq(users.superFlag, 1), and(eq(users.mainAccount, true), eq(users.defaultTenantId, tenantId)))));
  return rows[0]?.n ?? 0;
}
