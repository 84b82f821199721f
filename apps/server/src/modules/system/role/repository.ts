import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { RoleRecord, RoleUserRecord } from '@portal/shared/system-roles';
import type { Db } from '../../../db/client.ts';
import { rolePermissions, roles, userRoles, users } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/** The role list's sort allow-list (ROLE_SORT_COLUMNS). */
const SORT_COLUMNS = { roleName: roles.roleName, roleCode: roles.roleCode, createdAt: roles.createdAt } as const;

export type RoleFilter = {
  pageNo: number;
  pageSize: number;
  column?: keyof typeof SORT_COLUMNS | undefined;
  order?: 'asc' | 'desc' | undefined;
  roleName?: string | undefined;
  roleCode?: string | undefined;
};

const roleColumns = { id: roles.id, roleCode: roles.roleCode, roleName: roles.roleName, description: roles.description, createdAt: roles.createdAt };
const toRecord = (row: { id: number; roleCode: string; roleName: string; description: string; createdAt: Date }): RoleRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
const contains = (text: string) => `%${escapeLike(text.trim())}%`;

/** The tenant's roles that the list's filters keep (its export keeps the same ones). */
export function roleConditions(tenantId: number, query: Pick<RoleFilter, 'roleName' | 'roleCode'>): SQL[] {
  const where: SQL[] = [eq(roles.tenantId, tenantId)];
  if (query.roleName?.trim()) where.push(ilike(roles.roleName, contains(query.roleName)));
  if (query.roleCode?.trim()) where.push(ilike(roles.roleCode, contains(query.roleCode)));
  return where;
}

export async function listRoles(db: Db, tenantId: number, query: RoleFilter): Promise<Page<RoleRecord>> {
  const where = roleConditions(tenantId, query);
  const direction = query.order === 'asc' ? asc : desc;
  const first = SORT_COLUMNS[query.column ?? 'createdAt'];
  const [rows, counted] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(and(...where))
      .orderBy(direction(first), asc(roles.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(and(...where)),
  ]);
  return pageOf(rows.map(toRecord), counted[0]?.n ?? 0, query.pageNo, query.pageSize);
}

export async function allRoles(db: Db, tenantId: number): Promise<RoleRecord[]> {
  const rows = await db.select(roleColumns).from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.roleName), asc(roles.id));
  return rows.map(toRecord);
}

export async function rolesByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<RoleRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])));
  return rows.map(toRecord);
}

export async function roleCodeTaken(db: Db, tenantId: number, roleCode: string, exceptId?: number): Promise<boolean> {
  const where = [eq(roles.tenantId, tenantId), sql`lower(${roles.roleCode}) = lower(${roleCode})`];
  if (exceptId !== undefined) where.push(ne(roles.id, exceptId));
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...where))
    .limit(1);
  return rows.length > 0;
}

export type RoleColumns = { roleCode: string; roleName: string; description: string };

export async function insertRole(db: Db, tenantId: number, input: RoleColumns): Promise<RoleRecord> {
  const [row] = await db
    .insert(roles)
    .values({ tenantId, ...input })
    .returning(roleColumns);
  return toRecord(row as NonNullable<typeof row>);
}

export async function updateRole(db: Db, tenantId: number, id: number, input: RoleColumns): Promise<RoleRecord | null> {
  const [row] = await db
    .update(roles)
    .set(input)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .returning(roleColumns);
  return row ? toRecord(row) : null;
}

/** Deletes roles of the tenant; their grants and user links go with them (foreign keys cascade). */
export async function deleteRoles(db: Db, tenantId: number, ids: readonly number[]): Promise<void> {
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])));
}

/** Locks a role of the tenant for a change of its grants or users (two saves of one role wait for each other); false when there is none. */
export async function lockRole(db: Db, tenantId: number, roleId: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .for('update');
  return rows.length > 0;
}

/** The permission ids a role is granted, as stored. */
export async function roleGrants(db: Db, tenantId: number, roleId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  return new Set(rows.map((r) => Number(r.id)));
}

/** Replaces a role's grants with `after`, touching only what changes. */
export async function replaceRoleGrants(db: Db, tenantId: number, roleId: number, before: ReadonlySet<number>, after: ReadonlySet<number>): Promise<void> {
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  if (removed.length > 0)
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, removed)));
  if (added.length > 0)
    await db
      .insert(rolePermissions)
      .values(added.map((permissionId) => ({ tenantId, roleId, permissionId })))
      .onConflictDoNothing();
}

/** The users holding a role, with whether each is a top administrator of the tenant (modules/auth/access/grantor-repository.ts). */
export async function roleMembers(db: Db, tenantId: number, roleId: number): Promise<{ userId: number; top: boolean }[]> {
  const rows = await db
    .select({ userId: userRoles.userId, top: sql<boolean>`(${users.superFlag} = 1 or (${users.mainAccount} and ${users.defaultTenantId} = ${tenantId}))` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId)));
  return rows.map((r) => ({ userId: Number(r.userId), top: Boolean(r.top) }));
}

export type RoleUserFilter = { pageNo: number; pageSize: number; username?: string | undefined };

/** The users of a role, paged; the recycle bin's are not listed. */
export async function listRoleUsers(db: Db, tenantId: number, roleId: number, query: RoleUserFilter): Promise<Page<RoleUserRecord>> {
  const where: SQL[] = [eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), eq(users.delFlag, 0)];
  if (query.username?.trim()) where.push(or(ilike(users.username, contains(query.username)), ilike(users.realname, contains(query.username))) as SQL);
  const [rows, counted] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, realname: users.realname, phone: users.phone, status: users.status })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(...where))
      .orderBy(asc(users.username), asc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(...where)),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, id: Number(r.id) })),
    counted[0]?.n ?? 0,
    query.pageNo,
    query.pageSize,
  );
}

export async function addRoleUsers(db: Db, tenantId: number, roleId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(userIds.map((userId) => ({ tenantId, roleId, userId })))
    .onConflictDoNothing();
}

export async function removeRoleUsers(db: Db, tenantId: number, roleId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), inArray(userRoles.userId, [...userIds])));
}
