import { and, asc, count, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { DepartRoleRecord, MemberCandidateRecord, MyDepartMemberRecord } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import { departmentPermissions, departments, departRolePermissions, departRoles, departRoleUsers, userDepartments, users, userTenants } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * What a department head sees: the departments they lead (sys_user_depart.head) and every department
 * under them (org codes are hierarchical: A01A01 is under A01), their members and their department roles.
 */

export type DepartRow = { id: number; parentId: number | null; orgCode: string; departName: string; sortNo: number };

/** `inner`'s org code begins with `outer`'s (compared as text, no pattern: an org code may hold any character). */
const isUnder = (inner: SQL | typeof departments.orgCode, outer: SQL | typeof departments.orgCode) => sql`left(${inner}, length(${outer})) = ${outer}`;

/** The org codes of the departments the user leads in the tenant. */
export async function ledOrgCodes(db: Db, tenantId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ orgCode: departments.orgCode })
    .from(userDepartments)
    .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
    .where(and(eq(userDepartments.userId, userId), eq(userDepartments.tenantId, tenantId), eq(userDepartments.head, true)));
  return rows.map((row) => row.orgCode);
}

/** The tenant's departments at or under any of `orgCodes`, in tree order. */
export async function departmentsUnder(db: Db, tenantId: number, orgCodes: string[]): Promise<DepartRow[]> {
  if (orgCodes.length === 0) return [];
  const rows = await db
    .select({ id: departments.id, parentId: departments.parentId, orgCode: departments.orgCode, departName: departments.departName, sortNo: departments.sortNo })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), or(...orgCodes.map((code) => isUnder(departments.orgCode, sql`${code}::text`)))))
    .orderBy(asc(departments.sortNo), asc(departments.id));
  return rows.map((row) => ({ ...row, id: Number(row.id), parentId: row.parentId === null ? null : Number(row.parentId) }));
}

/** The department if the user leads it or one above it, in the tenant; null otherwise (another tenant's included). */
export async function ledDepartment(db: Db, tenantId: number, userId: number, departId: number): Promise<DepartRow | null> {
  const led = await ledOrgCodes(db, tenantId, userId);
  if (led.length === 0) return null;
  const rows = await db
    .select({ id: departments.id, parentId: departments.parentId, orgCode: departments.orgCode, departName: departments.departName, sortNo: departments.sortNo })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, departId)));
  const row = rows[0];
  if (!row || !led.some((code) => row.orgCode.startsWith(code))) return null;
  return { ...row, id: Number(row.id), parentId: row.parentId === null ? null : Number(row.parentId) };
}

const memberOf = (tenantId: number, departId: number) =>
  and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId), eq(userDepartments.userId, users.id), eq(users.delFlag, 0));

const keywordOf = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const pattern = `%${escapeLike(keyword)}%`;
  return or(ilike(users.username, pattern), ilike(users.realname, pattern));
};

export async function listMembers(db: Db, tenantId: number, departId: number, query: { pageNo: number; pageSize: number; keyword?: string }) {
  const where = and(memberOf(tenantId, departId), keywordOf(query.keyword));
  const [rows, counted] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, realname: users.realname, avatar: users.avatar, email: users.email, workNo: users.workNo, status: users.status, head: userDepartments.head })
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .where(where)
      .orderBy(asc(users.username), asc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(userDepartments).innerJoin(users, eq(users.id, userDepartments.userId)).where(where),
  ]);
  const ids = rows.map((row) => Number(row.id));
  const roleRows =
    ids.length === 0
      ? []
      : await db
          .select({ userId: departRoleUsers.userId, roleId: departRoleUsers.roleId })
          .from(departRoleUsers)
          .innerJoin(departRoles, and(eq(departRoles.tenantId, departRoleUsers.tenantId), eq(departRoles.id, departRoleUsers.roleId)))
          .where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoles.departmentId, departId), inArray(departRoleUsers.userId, ids)));
  const records: MyDepartMemberRecord[] = rows.map((row) => ({
    ...row,
    id: Number(row.id),
    email: row.email ?? '',
    roleIds: roleRows.filter((role) => Number(role.userId) === Number(row.id)).map((role) => Number(role.roleId)),
  }));
  return pageOf(records, Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** Users of the tenant (not deleted) who are not members of the department yet: the first 20 matching. */
export async function memberCandidates(db: Db, tenantId: number, departId: number, keyword: string | undefined): Promise<MemberCandidateRecord[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(and(eq(users.delFlag, 0), keywordOf(keyword), notExists(db.select({ one: sql`1` }).from(userDepartments).where(memberOf(tenantId, departId)))))
    .orderBy(asc(users.username))
    .limit(20);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function isMember(db: Db, tenantId: number, departId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: userDepartments.userId })
    .from(userDepartments)
    .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId), eq(userDepartments.userId, userId)));
  return rows.length > 0;
}

export async function addMember(db: Db, tenantId: number, departId: number, userId: number): Promise<void> {
  await db.insert(userDepartments).values({ tenantId, departmentId: departId, userId }).onConflictDoNothing();
}

/** Takes the user out of the department, with the department's roles they held there. */
export async function removeMember(db: Db, tenantId: number, departId: number, userId: number): Promise<void> {
  await db.delete(departRoleUsers).where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), inArray(departRoleUsers.roleId, departRoleIdsOf(db, tenantId, departId))));
  await db.delete(userDepartments).where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId), eq(userDepartments.userId, userId)));
}

const departRoleIdsOf = (db: Db, tenantId: number, departId: number) =>
  db
    .select({ id: departRoles.id })
    .from(departRoles)
    .where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId)));

/** The permissions a department gives its members (its ceiling). */
export async function departmentGrants(db: Db, tenantId: number, departId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: departmentPermissions.permissionId })
    .from(departmentPermissions)
    .where(and(eq(departmentPermissions.tenantId, tenantId), eq(departmentPermissions.departmentId, departId)));
  return new Set(rows.map((row) => Number(row.id)));
}

export async function departmentRoles(db: Db, tenantId: number, departId: number): Promise<DepartRoleRecord[]> {
  const rows = await db
    .select({ id: departRoles.id, roleCode: departRoles.roleCode, roleName: departRoles.roleName, description: departRoles.description })
    .from(departRoles)
    .where(and(eq(departRoles.tenantId, tenantId), eq(departRoles.departmentId, departId)))
    .orderBy(asc(departRoles.roleName), asc(departRoles.id));
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The department roles of this department the user holds. */
export async function memberRoleIds(db: Db, tenantId: number, departId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: departRoleUsers.roleId })
    .from(departRoleUsers)
    .where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), inArray(departRoleUsers.roleId, departRoleIdsOf(db, tenantId, departId))));
  return rows.map((row) => Number(row.roleId));
}

/** What the given department roles grant, together. */
export async function departRoleGrants(db: Db, tenantId: number, roleIds: number[]): Promise<Set<number>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .select({ id: departRolePermissions.permissionId })
    .from(departRolePermissions)
    .where(and(eq(departRolePermissions.tenantId, tenantId), inArray(departRolePermissions.roleId, roleIds)));
  return new Set(rows.map((row) => Number(row.id)));
}

export async function setMemberRoles(db: Db, tenantId: number, userId: number, add: number[], remove: number[]): Promise<void> {
  if (remove.length > 0) await db.delete(departRoleUsers).where(and(eq(departRoleUsers.tenantId, tenantId), eq(departRoleUsers.userId, userId), inArray(departRoleUsers.roleId, remove)));
  if (add.length > 0) await db.insert(departRoleUsers).values(add.map((roleId) => ({ tenantId, userId, roleId }))).onConflictDoNothing();
}
