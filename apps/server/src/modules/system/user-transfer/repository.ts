import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { departments, positions, rolePermissions, roles, userDepartments, userPositions, userRoles, users, userTenants } from '../../../db/schema/sys.ts';
import type { ImportedUser } from './import.ts';

/* The import's reads (what the tenant has, what is taken) and its one write. */

export async function tenantDeparts(db: Db, tenantId: number) {
  return db.select({ id: departments.id, orgCode: departments.orgCode }).from(departments).where(eq(departments.tenantId, tenantId));
}

export async function tenantPositions(db: Db, tenantId: number) {
  return db.select({ id: positions.id, code: positions.code }).from(positions).where(eq(positions.tenantId, tenantId));
}

/** The tenant's roles with the permission ids each grants. */
export async function tenantRoles(db: Db, tenantId: number): Promise<{ id: number; code: string; grants: Set<number> }[]> {
  const rows = await db
    .select({ id: roles.id, code: roles.roleCode, grants: sql<(number | string)[]>`coalesce(array_agg(${rolePermissions.permissionId}) filter (where ${rolePermissions.permissionId} is not null), '{}')` })
    .from(roles)
    .leftJoin(rolePermissions, and(eq(rolePermissions.tenantId, roles.tenantId), eq(rolePermissions.roleId, roles.id)))
    .where(eq(roles.tenantId, tenantId))
    .groupBy(roles.tenantId, roles.id, roles.roleCode);
  return rows.map((row) => ({ id: Number(row.id), code: row.code, grants: new Set(row.grants.map(Number)) }));
}

/** Of these usernames (lower case) and phones, the ones any user has: usernames and phones are unique across tenants. */
export async function takenOf(db: Db, usernames: string[], phones: string[]): Promise<{ usernames: Set<string>; phones: Set<string> }> {
  const [byName, byPhone] = await Promise.all([
    usernames.length === 0 ? [] : db.select({ key: sql<string>`lower(${users.username})` }).from(users).where(inArray(sql`lower(${users.username})`, usernames)),
    phones.length === 0 ? [] : db.select({ key: sql<string>`${users.phone}` }).from(users).where(inArray(users.phone, phones)),
  ]);
  return { usernames: new Set(byName.map((row) => row.key)), phones: new Set(byPhone.map((row) => row.key)) };
}

/** The users, their tenant, departments, roles and positions, in one transaction (the caller's). */
/** Inserts the imported users with their links; returns their ids, in the file's order. */
export async function insertUsers(tx: Db, tenantId: number, createdBy: number, imported: (ImportedUser & { passwordHash: string })[]): Promise<number[]> {
  const ids: number[] = [];
  for (const user of imported) {
    const [row] = await tx
      .insert(users)
      .values({
        username: user.username,
        realname: user.realname,
        passwordHash: user.passwordHash,
        // the importer chose it: its user changes it at the next sign-in, before anything else
        passwordChangeRequired: true,
        workNo: user.workNo,
        phone: user.phone,
        email: user.email,
        orgCode: user.orgCode,
        defaultTenantId: tenantId,
        createdBy,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('import: no user row');
    await tx.insert(userTenants).values({ userId: row.id, tenantId });
    if (user.departIds.length > 0) await tx.insert(userDepartments).values(user.departIds.map((departmentId) => ({ tenantId, userId: row.id, departmentId })));
    if (user.roleIds.length > 0) await tx.insert(userRoles).values(user.roleIds.map((roleId) => ({ tenantId, userId: row.id, roleId })));
    if (user.positionIds.length > 0) await tx.insert(userPositions).values(user.positionIds.map((positionId) => ({ tenantId, userId: row.id, positionId })));
    ids.push(row.id);
  }
  return ids;
}
