import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Language, Texts } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { departments, positions, roles, userDepartments, userPositions, userRoles, users, userTenants } from '../../../db/schema/sys.ts';
import { escapeLike } from '../../../lib/list.ts';
import { afterCursor, cursorTimeOf, type Cursor, type ExportColumn } from '../../../lib/xlsx.ts';
import { USER_IMPORT_TITLES } from './import.ts';

/*
 * The user list as a spreadsheet (the stack is lib/xlsx.ts): the list's filters, its columns, and its
 * keyset batches. Every value of a filter is bound; LIKE terms are escaped.
 */

/** The filters of GET /sys/user/list (packages/shared/src/system-users.ts userListQueryShape). */
export type UserFilters = { username?: string; realname?: string; phone?: string; status?: number; departId?: number; roleId?: number };

const contains = (text: string) => `%${escapeLike(text)}%`;

/** The tenant's active users (not in the recycle bin) that the filters keep. */
export function userConditions(tenantId: number, filters: UserFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(users.delFlag, 0),
    sql`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} = ${tenantId})`,
  ];
  if (filters.username) conditions.push(ilike(users.username, contains(filters.username)));
  if (filters.realname) conditions.push(ilike(users.realname, contains(filters.realname)));
  if (filters.phone) conditions.push(ilike(users.phone, contains(filters.phone)));
  if (filters.status !== undefined) conditions.push(eq(users.status, filters.status));
  if (filters.departId !== undefined)
    conditions.push(sql`exists (select 1 from ${userDepartments} where ${userDepartments.userId} = ${users.id} and ${userDepartments.tenantId} = ${tenantId} and ${userDepartments.departmentId} = ${filters.departId})`);
  if (filters.roleId !== undefined)
    conditions.push(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.tenantId} = ${tenantId} and ${userRoles.roleId} = ${filters.roleId})`);
  return and(...conditions);
}

/** Up to `max` + 1: enough to refuse an export past the limit without counting them all. */
export async function countUsers(db: Db, where: SQL | undefined, max: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(users).where(where).limit(max + 1).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

export type UserExportRow = {
  id: number;
  cursorTime: string;
  username: string;
  realname: string;
  workNo: string;
  phone: string | null;
  email: string | null;
  status: number;
  departs: string;
  positions: string;
  roles: string;
  createdAt: Date;
};

/**
 * The names a user has through a link table in the tenant, joined by ', ' in code order. A joined select
 * so that drizzle writes every column with its table (a bare "tenant_id" would be ambiguous).
 */
function namesOf(db: Db, name: AnyPgColumn, code: AnyPgColumn, link: PgTable, named: PgTable, on: SQL | undefined, linkUser: AnyPgColumn, linkTenant: AnyPgColumn, tenantId: number): SQL<string> {
  const names = db
    .select({ names: sql<string>`string_agg(${name}, ', ' order by ${code})` })
    .from(link)
    .innerJoin(named, on)
    .where(and(eq(linkUser, users.id), eq(linkTenant, tenantId)));
  return sql<string>`coalesce((${names}), '')`;
}

/** One batch, newest first, with the names of the user's departments, positions and roles in this tenant. */
export function userBatch(db: Db, tenantId: number, where: SQL | undefined) {
  return async (after: Cursor | null, limit: number): Promise<UserExportRow[]> => {
    const rows = await db
      .select({
        id: users.id,
        cursorTime: cursorTimeOf(users.createdAt),
        username: users.username,
        realname: users.realname,
        workNo: users.workNo,
        phone: users.phone,
        email: users.email,
        status: users.status,
        departs: namesOf(db, departments.departName, departments.orgCode, userDepartments, departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)), userDepartments.userId, userDepartments.tenantId, tenantId),
        positions: namesOf(db, positions.name, positions.code, userPositions, positions, and(eq(positions.tenantId, userPositions.tenantId), eq(positions.id, userPositions.positionId)), userPositions.userId, userPositions.tenantId, tenantId),
        roles: namesOf(db, roles.roleName, roles.roleCode, userRoles, roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)), userRoles.userId, userRoles.tenantId, tenantId),
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(where, after ? afterCursor(users.createdAt, users.id, after) : undefined))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  };
}

const STATUS: Record<number, Texts> = {
  1: { 'zh-TW': '正常', 'zh-CN': '正常', 'en-US': 'Normal' },
  2: { 'zh-TW': '凍結', 'zh-CN': '冻结', 'en-US': 'Frozen' },
};

const TITLES = {
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  departs: { 'zh-TW': '部門', 'zh-CN': '部门', 'en-US': 'Departments' },
  positions: { 'zh-TW': '職務', 'zh-CN': '职务', 'en-US': 'Positions' },
  roles: { 'zh-TW': '角色', 'zh-CN': '角色', 'en-US': 'Roles' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created' },
} as const satisfies Record<string, Texts>;

/** The export's columns in the caller's language; never a password hash: the batch does not even read it. */
export function userExportColumns(language: Language): ExportColumn<UserExportRow>[] {
  const title = (texts: Texts) => texts[language];
  return [
    { header: title(USER_IMPORT_TITLES.username), width: 18, value: (row) => row.username },
    { header: title(USER_IMPORT_TITLES.realname), width: 16, value: (row) => row.realname },
    { header: title(USER_IMPORT_TITLES.workNo), width: 12, value: (row) => row.workNo },
    { header: title(USER_IMPORT_TITLES.phone), width: 16, value: (row) => row.phone },
    { header: title(USER_IMPORT_TITLES.email), width: 26, value: (row) => row.email },
    { header: title(TITLES.status), width: 8, value: (row) => STATUS[row.status]?.[language] ?? String(row.status) },
    { header: title(TITLES.departs), width: 24, value: (row) => row.departs },
    { header: title(TITLES.positions), width: 18, value: (row) => row.positions },
    { header: title(TITLES.roles), width: 24, value: (row) => row.roles },
    { header: title(TITLES.createdAt), width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (row) => row.createdAt },
  ];
}
