import { and, asc, count, eq, ilike, inArray, isNull, like, notInArray, or, sql } from 'drizzle-orm';
import type { DepartHead, DepartMember, DepartRecord } from '@portal/shared/system-departs';
import type { Page } from '@portal/shared/api';
import type { Db } from '../../../db/client.ts';
import { departmentPermissions, departments, departRolePermissions, departRoles, departRoleUsers, userDepartments, users } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

const record = {
  id: departments.id,
  parentId: departments.parentId,
  orgCode: departments.orgCode,
  departName: departments.departName,
  sortNo: departments.sortNo,
};

const byOrder = [asc(departments.sortNo), asc(departments.id)];

/** Every department of the tenant in sibling order. */
export function listDeparts(db: Db, tenantId: number): Promise<DepartRecord[]> {
  return db.select(record).from(departments).where(eq(departments.tenantId, tenantId)).orderBy(...byOrder);
}

/** Heads and member counts by department (members out of the recycle bin). */
export async function membersByDepart(db: Db, tenantId: number): Promise<{ heads: Map<number, DepartHead[]>; counts: Map<number, number> }> {
  const rows = await db
    .select({ departmentId: userDepartments.departmentId, head: userDepartments.head, userId: users.id, username: users.username, realname: users.realname })
    .from(userDepartments)
    .innerJoin(users, eq(users.id, userDepartments.userId))
    .where(and(eq(userDepartments.tenantId, tenantId), eq(users.delFlag, 0)))
    .orderBy(asc(users.id));
  const heads = new Map<number, DepartHead[]>();
  const counts = new Map<number, number>();
  for (const row of rows) {
    counts.set(row.departmentId, (counts.get(row.departmentId) ?? 0) + 1);
    if (row.head) heads.set(row.departmentId, [...(heads.get(row.departmentId) ?? []), { userId: row.userId, username: row.username, realname: row.realname }]);
  }
  return { heads, counts };
}

export async function findDepart(db: Db, tenantId: number, id: number): Promise<DepartRecord | null> {
  const rows = await db.select(record).from(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  return rows[0] ?? null;
}

/** The departments under `parentId` (null: the top ones), in sibling order. */
export function childrenOf(db: Db, tenantId: number, parentId: number | null): Promise<DepartRecord[]> {
  return db
    .select(record)
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId)))
    .orderBy(...byOrder);
}

/** Every code of the tenant that begins with `prefix`: the codes a new child's must differ from. */
export async function codesUnder(db: Db, tenantId: number, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ orgCode: departments.orgCode })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), like(departments.orgCode, `${escapeLike(prefix)}%`)));
  return rows.map((r) => r.orgCode);
}

export async function insertDepart(db: Db, values: { tenantId: number; parentId: number | null; departName: string; orgCode: string; sortNo: number }): Promise<DepartRecord> {
  const rows = await db.insert(departments).values(values).returning(record);
  return must(rows[0], 'department');
}

export async function updateDepart(db: Db, tenantId: number, id: number, values: { departName?: string; sortNo?: number; parentId?: number | null; orgCode?: string }): Promise<void> {
  await db.update(departments).set(values).where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
}

export async function deleteDepart(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
}

export async function countChildren(db: Db, tenantId: number, id: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.parentId, id)));
  return rows[0]?.n ?? 0;
}

/** Members of the department, those in the recycle bin included (they come back with their departments). */
export async function memberIds(db: Db, tenantId: number, departId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: userDepartments.userId })
    .from(userDepartments)
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId)));
  return rows.map((r) => r.userId);
}

export async function setHeads(db: Db, tenantId: number, departId: number, headUserIds: number[]): Promise<void> {
  const inDepart = and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId));
  await db.update(userDepartments).set({ head: false }).where(headUserIds.length > 0 ? and(inDepart, notInArray(userDepartments.userId, headUserIds)) : inDepart);
  if (headUserIds.length > 0) await db.update(userDepartments).set({ head: true }).where(and(inDepart, inArray(userDepartments.userId, headUserIds)));
}

/** Departments whose name or org code holds the word (the word is bound, its wildcards escaped). */
export function searchDeparts(db: Db, tenantId: number, keyWord: string): Promise<DepartRecord[]> {
  const pattern = `%${escapeLike(keyWord)}%`;
  return db
    .select(record)
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), or(ilike(departments.departName, pattern), ilike(departments.orgCode, pattern))))
    .orderBy(asc(departments.orgCode))
    .limit(200);
}

/** The members of a department, a page at a time (not those in the recycle bin). */
export async function membersPage(db: Db, tenantId: number, departId: number, pageNo: number, pageSize: number, username?: string): Promise<Page<DepartMember>> {
  const where = and(
    eq(userDepartments.tenantId, tenantId),
    eq(userDepartments.departmentId, departId),
    eq(users.delFlag, 0),
    username ? or(ilike(users.username, `%${escapeLike(username)}%`), ilike(users.realname, `%${escapeLike(username)}%`)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, realname: users.realname, phone: users.phone, email: users.email, status: users.status, head: userDepartments.head })
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .where(where)
      .orderBy(asc(users.username))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(userDepartments).innerJoin(users, eq(users.id, userDepartments.userId)).where(where),
  ]);
  return pageOf(rows, total[0]?.n ?? 0, pageNo, pageSize);
}

export async function addMembers(db: Db, tenantId: number, departId: number, userIds: number[]): Promise<void> {
  await db
    .insert(userDepartments)
    .values(userIds.map((userId) => ({ tenantId, userId, departmentId: departId })))
    .onConflictDoNothing();
}

/** A user with no current department gets this one. */
export async function giveCurrentDepartment(db: Db, userIds: number[], orgCode: string): Promise<void> {
  await db
    .update(users)
    .set({ orgCode })
    .where(and(inArray(users.id, userIds), isNull(users.orgCode)));
}

/** Takes the user out of the department and its department roles; answers whether they were a member. */
export async function removeMember(db: Db, tenantId: number, departId: number, userId: number): Promise<boolean> {
  const roleIds = db.select({ id: departRoles.id }).from(departRoles).where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId)));
  await db.delete(departRoleUsers).where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), inArray(departRoleUsers.roleId, roleIds)));
  const rows = await db
    .delete(userDepartments)
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId), eq(userDepartments.userId, userId)))
    .returning({ userId: userDepartments.userId });
  return rows.length > 0;
}

/** When the user's current department was `orgCode`, another of their departments of the tenant becomes current (or none). */
export async function replaceCurrentDepartment(db: Db, tenantId: number, userId: number, orgCode: string): Promise<void> {
  const other = await db
    .select({ orgCode: departments.orgCode })
    .from(userDepartments)
    .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.userId, userId)))
    .orderBy(asc(departments.orgCode))
    .limit(1);
  await db
    .update(users)
    .set({ orgCode: other[0]?.orgCode ?? null })
    .where(and(eq(users.id, userId), eq(users.orgCode, orgCode)));
}

/**
 * The current department of the members of a renumbered department follows it. Users are shared by
 * tenants and their org code is not, so only this department's members whose code was the old one move.
 */
export async function renumberMembers(db: Db, tenantId: number, departId: number, oldCode: string, newCode: string): Promise<number[]> {
  const members = db
    .select({ userId: userDepartments.userId })
    .from(userDepartments)
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId)));
  const rows = await db
    .update(users)
    .set({ orgCode: newCode })
    .where(and(eq(users.orgCode, oldCode), inArray(users.id, members)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** The permission ids of the department's ceiling. */
export async function ceilingOf(db: Db, tenantId: number, departId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: departmentPermissions.permissionId })
    .from(departmentPermissions)
    .where(and(eq(departmentPermissions.tenantId, tenantId), eq(departmentPermissions.departmentId, departId)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceCeiling(db: Db, tenantId: number, departId: number, permissionIds: number[]): Promise<void> {
  await db.delete(departmentPermissions).where(and(eq(departmentPermissions.tenantId, tenantId), eq(departmentPermissions.departmentId, departId)));
  if (permissionIds.length > 0) await db.insert(departmentPermissions).values(permissionIds.map((permissionId) => ({ tenantId, departmentId: departId, permissionId })));
}

/** Takes from the department's roles what is no longer under its ceiling. */
export async function trimRolesToCeiling(db: Db, tenantId: number, departId: number, ceiling: number[]): Promise<void> {
  const roleIds = db.select({ id: departRoles.id }).from(departRoles).where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId)));
  await db
    .delete(departRolePermissions)
    .where(
      and(
        eq(departRolePermissions.tenantId, tenantId),
        inArray(departRolePermissions.roleId, roleIds),
        ceiling.length > 0 ? notInArray(departRolePermissions.permissionId, ceiling) : sql`true`,
      ),
    );
}
