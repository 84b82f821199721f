import { and, asc, desc, eq, exists, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@portal/shared/api';
import type { DepartMemberRecord, UserRecord, UserSortColumn } from '@portal/shared/system-users';
import type { Db } from '../../../db/client.ts';
import {
  departments,
  departRoles,
  departRoleUsers,
  positions,
  rolePermissions,
  roles,
  userAvatars,
  userDepartments,
  userPositions,
  userRoles,
  users,
  userTenants,
} from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * The users of a tenant: members through sys_user_tenant, outside the recycle bin. Every query names the
 * tenant; search terms are bound, LIKE wildcards escaped; the sort column comes from an allow-list.
 */

const SORT_COLUMNS = { createdAt: users.createdAt, username: users.username, realname: users.realname, workNo: users.workNo } as const satisfies Record<UserSortColumn, unknown>;

export type UserFilter = {
  pageNo: number;
  pageSize: number;
  column?: UserSortColumn | undefined;
  order?: 'asc' | 'desc' | undefined;
  username?: string | undefined;
  realname?: string | undefined;
  phone?: string | undefined;
  status?: 1 | 2 | undefined;
  departId?: number | undefined;
  roleId?: number | undefined;
};

const memberOf = (db: Db, tenantId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userTenants)
      .where(and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId))),
  );

/** A super user, or this tenant's main account. */
const topIn = (tenantId: number) => sql<boolean>`(${users.superFlag} = 1 or (${users.mainAccount} and ${users.defaultTenantId} = ${tenantId}))`;

const contains = (column: typeof users.username | typeof users.realname, term: string | undefined): SQL | undefined =>
  term ? sql`lower(${column}) like ${`%${escapeLike(term.toLowerCase())}%`}` : undefined;

export async function listUsers(db: Db, tenantId: number, filter: UserFilter): Promise<Page<UserRecord>> {
  const where = and(
    memberOf(db, tenantId),
    eq(users.delFlag, 0),
    contains(users.username, filter.username),
    contains(users.realname, filter.realname),
    filter.phone ? sql`${users.phone} like ${`%${escapeLike(filter.phone)}%`}` : undefined,
    filter.status === undefined ? undefined : eq(users.status, filter.status),
    filter.departId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(userDepartments)
            .where(and(eq(userDepartments.userId, users.id), eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, filter.departId))),
        ),
    filter.roleId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, filter.roleId))),
        ),
  );
  const column = SORT_COLUMNS[filter.column ?? 'createdAt'];
  const direction = filter.order === 'asc' ? asc : desc;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select(userColumns(tenantId))
    .from(users)
    .where(where)
    .orderBy(direction(column), direction(users.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  return pageOf(await withLinks(db, tenantId, rows), Number(counted?.total ?? 0), filter.pageNo, filter.pageSize);
}

const userColumns = (tenantId: number) => ({
  id: users.id,
  username: users.username,
  realname: users.realname,
  avatar: users.avatar,
  phone: users.phone,
  email: users.email,
  workNo: users.workNo,
  status: users.status,
  top: topIn(tenantId),
  mainAccount: sql<boolean>`(${users.mainAccount} and ${users.defaultTenantId} = ${tenantId})`,
  orgCode: users.orgCode,
  createdAt: users.createdAt,
});

/** The rows with their departments, positions and roles in the tenant: an explicit record, never the row. */
async function withLinks(db: Db, tenantId: number, rows: Awaited<ReturnType<typeof selectUsers>>): Promise<UserRecord[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [departRows, positionRows, roleRows] = await Promise.all([
    db
      .select({ userId: userDepartments.userId, id: departments.id, name: departments.departName, orgCode: departments.orgCode })
      .from(userDepartments)
      .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
      .where(and(eq(userDepartments.tenantId, tenantId), inArray(userDepartments.userId, ids)))
      .orderBy(asc(departments.sortNo), asc(departments.orgCode)),
    db
      .select({ userId: userPositions.userId, id: positions.id, name: positions.name })
      .from(userPositions)
      .innerJoin(positions, and(eq(positions.tenantId, userPositions.tenantId), eq(positions.id, userPositions.positionId)))
      .where(and(eq(userPositions.tenantId, tenantId), inArray(userPositions.userId, ids)))
      .orderBy(asc(positions.rank), asc(positions.id)),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.roleName })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, ids)))
      .orderBy(asc(roles.id)),
  ]);
  const byUser = <T extends { userId: number }>(list: T[]) => {
    const map = new Map<number, Omit<T, 'userId'>[]>();
    for (const { userId, ...rest } of list) map.set(userId, [...(map.get(userId) ?? []), rest]);
    return map;
  };
  const departsOf = byUser(departRows);
  const positionsOf = byUser(positionRows);
  const rolesOf = byUser(roleRows);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    phone: row.phone,
    email: row.email,
    workNo: row.workNo,
    status: row.status,
    top: Boolean(row.top),
    mainAccount: Boolean(row.mainAccount),
    orgCode: row.orgCode,
    departs: departsOf.get(row.id) ?? [],
    positions: positionsOf.get(row.id) ?? [],
    roles: rolesOf.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}

const selectUsers = (db: Db, tenantId: number, where: SQL | undefined) => db.select(userColumns(tenantId)).from(users).where(where);

/** One user of the tenant (not in the recycle bin) as the list shows it, or undefined. */
export async function findUserRecord(db: Db, tenantId: number, userId: number): Promise<UserRecord | undefined> {
  const rows = await selectUsers(db, tenantId, and(eq(users.id, userId), memberOf(db, tenantId), eq(users.delFlag, 0)));
  return (await withLinks(db, tenantId, rows))[0];
}

/** Whether another account (deleted ones included: the unique index counts them) has this name, whatever its case. */
export async function usernameTakenBy(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether another account holds this (canonical) number. */
export async function phoneTakenBy(db: Db, phone: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Which of these departments are the tenant's, with their org codes. */
export const tenantDepartments = (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: departments.id, orgCode: departments.orgCode })
        .from(departments)
        .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, [...ids])));

/** Which of these positions are the tenant's. */
export const tenantPositionIds = async (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: positions.id })
          .from(positions)
          .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, [...ids])))
      ).map((row) => row.id);

/** Which of these roles are the tenant's. */
export const tenantRoleIds = async (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])))
      ).map((row) => row.id);

/** The role ids of a user in the tenant. */
export const userRoleIds = async (db: Db, tenantId: number, userId: number) =>
  (
    await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
      .orderBy(asc(userRoles.roleId))
  ).map((row) => row.id);

/** What each role grants (catalogue ids), for the rule that nobody hands out a role beyond their own grants. */
export async function grantsOfRoles(db: Db, tenantId: number, roleIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const grants = new Map<number, Set<number>>(roleIds.map((id) => [id, new Set<number>()]));
  if (roleIds.length === 0) return grants;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleId, [...roleIds])));
  for (const row of rows) grants.get(row.roleId)?.add(row.permissionId);
  return grants;
}

export type UserValues = {
  realname: string;
  phone: string | null;
  email: string | null;
  avatar: string;
  workNo: string;
  orgCode: string | null;
};

/** A new account, member of the tenant, working there by default. Inside a transaction. */
export async function insertUser(tx: Db, tenantId: number, values: UserValues & { username: string; passwordHash: string; passwordChangeRequired: boolean; createdBy: number }): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, nickname: values.realname, defaultTenantId: tenantId })
    .returning({ id: users.id });
  if (!row) throw new Error('user add: no id');
  await tx.insert(userTenants).values({ userId: row.id, tenantId });
  return row.id;
}

export async function updateUser(tx: Db, userId: number, values: UserValues): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * The user's links of one kind in the tenant become exactly `ids` (a department kept keeps its head flag);
 * another tenant's links are not touched.
 */
export async function replaceLinks(tx: Db, tenantId: number, userId: number, links: { departIds: number[]; positionIds: number[]; roleIds: number[] }): Promise<void> {
  const { departIds, positionIds, roleIds } = links;
  const mine = <T extends typeof userDepartments | typeof userPositions | typeof userRoles | typeof departRoleUsers>(table: T) => and(eq(table.tenantId, tenantId), eq(table.userId, userId));
  const left = and(mine(userDepartments), departIds.length ? notInArray(userDepartments.departmentId, departIds) : undefined);
  // a department left takes its department roles with it (as removing a member does): kept, they would come
  // back with the membership, given by whoever adds the user again without holding them
  const leftRoles = tx
    .select({ id: departRoles.id })
    .from(departRoles)
    .where(and(eq(departRoles.tenantId, tenantId), inArray(departRoles.departmentId, tx.select({ id: userDepartments.departmentId }).from(userDepartments).where(left))));
  await tx.delete(departRoleUsers).where(and(mine(departRoleUsers), inArray(departRoleUsers.roleId, leftRoles)));
  await tx.delete(userDepartments).where(left);
  if (departIds.length) await tx.insert(userDepartments).values(departIds.map((departmentId) => ({ tenantId, userId, departmentId }))).onConflictDoNothing();
  await tx.delete(userPositions).where(mine(userPositions));
  if (positionIds.length) await tx.insert(userPositions).values(positionIds.map((positionId) => ({ tenantId, userId, positionId })));
  await tx.delete(userRoles).where(mine(userRoles));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ tenantId, userId, roleId })));
}

export async function setStatus(db: Db, userIds: readonly number[], status: 1 | 2): Promise<void> {
  await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(inArray(users.id, [...userIds]));
}

/** A new password; `changeRequired`: someone else chose it (an administrator's reset), so its user must change it. */
export async function setPassword(db: Db, userId: number, passwordHash: string, changeRequired: boolean): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangeRequired: changeRequired, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The phone of a user (for the SMS of a reset). */
export async function phoneOfUser(db: Db, userId: number): Promise<string | null> {
  const rows = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.phone ?? null;
}

/** Whether the department is the tenant's. */
export async function departmentExists(db: Db, tenantId: number, departId: number): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, departId)))
    .limit(1);
  return rows.length > 0;
}

/** The members of a department of the tenant, outside the recycle bin. */
export async function membersOfDepartment(db: Db, tenantId: number, departId: number): Promise<DepartMemberRecord[]> {
  return db
    .select({ id: users.id, username: users.username, realname: users.realname, avatar: users.avatar, workNo: users.workNo, status: users.status })
    .from(users)
    .innerJoin(userDepartments, and(eq(userDepartments.userId, users.id), eq(userDepartments.tenantId, tenantId), eq(userDepartments.departmentId, departId)))
    .where(and(memberOf(db, tenantId), eq(users.delFlag, 0)))
    .orderBy(asc(users.username))
    .limit(1000);
}

export async function insertAvatar(db: Db, values: { storedName: string; mimeType: string; size: number; content: Buffer; createdBy: number }): Promise<void> {
  await db.insert(userAvatars).values(values);
}

export async function findAvatar(db: Db, storedName: string) {
  const rows = await db
    .select({ mimeType: userAvatars.mimeType, content: userAvatars.content })
    .from(userAvatars)
    .where(eq(userAvatars.storedName, storedName))
    .limit(1);
  return rows[0];
}
