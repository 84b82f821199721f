import { and, eq, gt, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { tenantPackagePermissions } from '../../../db/schema/admin.ts';
import type { Db } from '../../../db/client.ts';
import {
  departmentPermissions,
  departments,
  departRolePermissions,
  departRoles,
  departRoleUsers,
  permissions,
  rolePermissions,
  roles,
  tenants,
  userDepartments,
  userRoles,
  users,
  userTenants,
} from '../../../db/schema/sys.ts';
import { sessions } from '../../../db/schema/auth.ts';

export type SessionRecord = {
  sessionId: number;
  userId: number;
  username: string;
  superFlag: number;
  orgCode: string | null;
  defaultTenantId: number;
  tenantIds: number[];
  expiresAt: number;
  /** an administrator set or reset the password: the session may do nothing but change it (plugins/auth.ts) */
  passwordChangeRequired: boolean;
};

/**
 * A tenant its people may work in: not frozen, and inside its validity period. The platform's
 * own (0) has neither limit.
 */
const usableTenant = (id: SQL | AnyColumn) =>
  sql`exists (select 1 from ${tenants} where ${tenants.id} = ${id} and ${tenants.status} = 1 and (${tenants.validFrom} is null or ${tenants.validFrom} <= now()) and (${tenants.validUntil} is null or ${tenants.validUntil} > now()))`;

/**
 * A live session of an active user whose own company is usable, or null: a frozen or expired company's
 * people are signed out at their next request. `tenantIds` holds only the usable tenants among theirs, and
 * `expiresAt` is brought forward to the end of their company's validity, so that a cached session is looked
 * up again then.
 */
export async function findSession(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      username: users.username,
      superFlag: users.superFlag,
      orgCode: users.orgCode,
      defaultTenantId: users.defaultTenantId,
      passwordChangeRequired: users.passwordChangeRequired,
      expiresAt: sql<Date>`least(${sessions.expiresAt}, (select ${tenants.validUntil} from ${tenants} where ${tenants.id} = ${users.defaultTenantId}))`.mapWith(sessions.expiresAt),
      tenantIds: sql<number[]>`array(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${users.id} and ${usableTenant(userTenants.tenantId)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 1),
        eq(users.delFlag, 0),
        usableTenant(users.defaultTenantId),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, tenantIds: row.tenantIds.map(Number), expiresAt: row.expiresAt.getTime() };
}

export type PermissionRow = typeof permissions.$inferSelect;

export async function loadPermissionCatalogue(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permissions).orderBy(permissions.sortNo, permissions.id);
}

/**
 * Permission ids granted by the user's roles in the tenant and by their department roles in their current
 * department there (docs/decisions/0017-department-roles.md). A department's permissions grant nobody
 * anything by themselves: they are the ceiling of its roles, so a department role's grant counts only while
 * the ceiling still holds it (a ceiling narrowed later takes it away here too).
 */
export async function loadGrantedPermissionIds(db: Db, userId: number, tenantId: number, orgCode: string | null): Promise<Set<number>> {
  const byRole = db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
    .where(and(eq(userRoles.userId, userId), eq(roles.tenantId, tenantId)));
  const rows = orgCode
    ? await byRole.union(
        db
          .select({ id: departRolePermissions.permissionId })
          .from(departRolePermissions)
          .innerJoin(departRoles, and(eq(departRoles.tenantId, departRolePermissions.tenantId), eq(departRoles.id, departRolePermissions.roleId)))
          .innerJoin(departRoleUsers, and(eq(departRoleUsers.tenantId, departRoles.tenantId), eq(departRoleUsers.roleId, departRoles.id), eq(departRoleUsers.userId, userId)))
          .innerJoin(departments, and(eq(departments.tenantId, departRoles.tenantId), eq(departments.id, departRoles.departmentId)))
          .innerJoin(userDepartments, and(eq(userDepartments.tenantId, departments.tenantId), eq(userDepartments.departmentId, departments.id), eq(userDepartments.userId, userId)))
          .innerJoin(
            departmentPermissions,
            and(
              eq(departmentPermissions.tenantId, departments.tenantId),
              eq(departmentPermissions.departmentId, departments.id),
              eq(departmentPermissions.permissionId, departRolePermissions.permissionId),
            ),
          )
          .where(and(eq(departRolePermissions.tenantId, tenantId), eq(departments.orgCode, orgCode))),
      )
    : await byRole;
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * What the tenant's package lets it use (decision 0018), or null when the tenant has no package:
 * the platform (tenant 0), which is not limited.
 */
export async function loadPackagePermissionIds(db: Db, tenantId: number): Promise<Set<number> | null> {
  const rows = await db
    .select({ packageId: tenants.packageId, permissionId: tenantPackagePermissions.permissionId })
    .from(tenants)
    .leftJoin(tenantPackagePermissions, eq(tenantPackagePermissions.packageId, tenants.packageId))
    .where(eq(tenants.id, tenantId));
  if (rows.length === 0 || rows[0]?.packageId == null) return null;
  return new Set(rows.flatMap((row) => (row.permissionId === null ? [] : [Number(row.permissionId)])));
}

/** Writes when a session was last used and from where (the access service throttles the calls). */
export async function touchSession(db: Db, sessionId: number, ip: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, lastSeenIp: ip.slice(0, 64) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
