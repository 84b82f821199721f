import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DepartRole } from '@portal/shared/system-departs';
import type { Page } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { departRolePermissions, departRoles, departRoleUsers } from '../../../db/schema/sys.ts';
import { pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

const userCount = sql<number>`(select count(*)::int from ${departRoleUsers} where ${departRoleUsers.tenantId} = ${departRoles.tenantId} and ${departRoleUsers.roleId} = ${departRoles.id})`;

const record = {
  id: departRoles.id,
  departId: departRoles.departmentId,
  roleCode: departRoles.roleCode,
  roleName: departRoles.roleName,
  description: departRoles.description,
  userCount,
};

export async function rolesPage(db: Db, tenantId: number, departId: number, pageNo: number, pageSize: number): Promise<Page<DepartRole>> {
  const where = and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId));
  const [rows, total] = await Promise.all([
    db.select(record).from(departRoles).where(where).orderBy(asc(departRoles.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(departRoles).where(where),
  ]);
  return pageOf(rows, total[0]?.n ?? 0, pageNo, pageSize);
}

export async function findRole(db: Db, tenantId: number, id: number): Promise<DepartRole | null> {
  const rows = await db.select(record).from(departRoles).where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.id, id)));
  return rows[0] ?? null;
}

/** The ids among `ids` that are roles of the department. */
export async function rolesOfDepart(db: Db, tenantId: number, departId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: departRoles.id })
    .from(departRoles)
    .where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId), inArray(departRoles.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertRole(db: Db, values: { tenantId: number; departmentId: number; roleCode: string; roleName: string; description: string }): Promise<number> {
  const rows = await db.insert(departRoles).values(values).returning({ id: departRoles.id });
  return must(rows[0], 'department role').id;
}

export async function updateRole(db: Db, tenantId: number, id: number, values: { roleName: string; description?: string }): Promise<void> {
  await db.update(departRoles).set(values).where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.id, id)));
}

/** Deletes the role (its grants and users go with it); answers the users who held it. */
export async function deleteRole(db: Db, tenantId: number, id: number): Promise<number[]> {
  const holders = await db
    .select({ userId: departRoleUsers.userId })
    .from(departRoleUsers)
    .where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.roleId, id)));
  await db.delete(departRoles).where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.id, id)));
  return holders.map((h) => h.userId);
}

export async function grantsOf(db: Db, tenantId: number, roleId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: departRolePermissions.permissionId })
    .from(departRolePermissions)
    .where(and(eq(departRolePermissions.tenantId, tenantId), eq(departRolePermissions.roleId, roleId)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceGrants(db: Db, tenantId: number, roleId: number, permissionIds: number[]): Promise<void> {
  await db.delete(departRolePermissions).where(and(eq(departRolePermissions.tenantId, tenantId), eq(departRolePermissions.roleId, roleId)));
  if (permissionIds.length > 0) await db.insert(departRolePermissions).values(permissionIds.map((permissionId) => ({ tenantId, roleId, permissionId })));
}

/** The department roles the user holds in the department. */
export async function userRolesIn(db: Db, tenantId: number, departId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: departRoleUsers.roleId })
    .from(departRoleUsers)
    .innerJoin(departRoles, and(eq(departRoles.tenantId, departRoleUsers.tenantId), eq(departRoles.id, departRoleUsers.roleId)))
    .where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), eq(departRoles.departmentId, departId)))
    .orderBy(asc(departRoleUsers.roleId));
  return rows.map((r) => r.id);
}

export async function setUserRoles(db: Db, tenantId: number, userId: number, add: number[], remove: number[]): Promise<void> {
  if (remove.length > 0) await db.delete(departRoleUsers).where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), inArray(departRoleUsers.roleId, remove)));
  if (add.length > 0)
    await db
      .insert(departRoleUsers)
      .values(add.map((roleId) => ({ tenantId, userId, roleId })))
      .onConflictDoNothing();
}

/** Users holding the role: their cached access changes with its grants. */
export async function holdersOf(db: Db, tenantId: number, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: departRoleUsers.userId })
    .from(departRoleUsers)
    .where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.roleId, roleId)));
  return rows.map((r) => r.userId);
}
