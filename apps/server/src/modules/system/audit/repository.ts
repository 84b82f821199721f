import { and, asc, count, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Texts } from '@portal/shared/languages';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';
import { auditLogs } from '../../../db/schema/admin.ts';
import { departments, permissions, positions, roles, tenants, users, userTenants } from '../../../db/schema/sys.ts';

// ------------------------------------------------------------------ reading the log

const listed = {
  id: auditLogs.id,
  username: auditLogs.username,
  resource: auditLogs.resource,
  resourceId: auditLogs.resourceId,
  action: auditLogs.action,
  label: auditLogs.label,
  ip: auditLogs.ip,
  createdAt: auditLogs.createdAt,
  before: auditLogs.before,
  after: auditLogs.after,
};

/** A line as the log holds it; the service names what its before and after hold. */
export type AuditLogRow = { id: number; username: string; resource: string; resourceId: string; action: string; label: string; ip: string; createdAt: string; before: unknown; after: unknown };
type Listed = Omit<AuditLogRow, 'createdAt'> & { createdAt: Date };
const toRow = (row: Listed): AuditLogRow => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() });

export type AuditLogListQuery = {
  pageNo: number;
  pageSize: number;
  order?: 'asc' | 'desc';
  resource?: string;
  action?: string;
  username?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
};

export async function listAuditLogs(db: Db, tenantId: number, query: AuditLogListQuery) {
  const conditions: SQL[] = [eq(auditLogs.tenantId, tenantId)];
  if (query.resource) conditions.push(eq(auditLogs.resource, query.resource));
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.username) conditions.push(ilike(auditLogs.username, `%${escapeLike(query.username)}%`));
  conditions.push(...dateRange(auditLogs.createdAt, query.createdAt_begin, query.createdAt_end));
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(listed)
      .from(auditLogs)
      .where(where)
      .orderBy(direction(auditLogs.createdAt), direction(auditLogs.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return pageOf(rows.map(toRow), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findAuditLog(db: Db, tenantId: number, id: number): Promise<AuditLogRow | null> {
  const rows = await db
    .select(listed)
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.id, id)));
  const row = rows[0];
  return row ? toRow(row) : null;
}

// ------------------------------------------------------------------ the names a page of lines holds ids of (one query per kind)

const parent = alias(permissions, 'parent');
const entryColumns = { name: permissions.name, titles: permissions.titles, menuType: permissions.menuType, parentName: parent.name, parentTitles: parent.titles };
export type CatalogueEntryName = { name: string; titles: Texts | null; menuType: number; parentName: string | null; parentTitles: Texts | null };

/** Menu entries of the catalogue (shared by every tenant) with their parent's title: a button is named under its menu. */
export const entriesById = (db: Db, ids: readonly number[]) =>
  db
    .select({ id: permissions.id, ...entryColumns })
    .from(permissions)
    .leftJoin(parent, eq(parent.id, permissions.parentId))
    .where(inArray(permissions.id, [...ids]));

export const entriesByCode = (db: Db, codes: readonly string[]) =>
  db
    .select({ perms: permissions.perms, ...entryColumns })
    .from(permissions)
    .leftJoin(parent, eq(parent.id, permissions.parentId))
    .where(inArray(permissions.perms, [...codes]));

export const departsById = (db: Db, tenantId: number, ids: readonly number[]) =>
  db
    .select({ id: departments.id, name: departments.departName })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, [...ids])));

export const departsByCode = (db: Db, tenantId: number, codes: readonly string[]) =>
  db
    .select({ orgCode: departments.orgCode, name: departments.departName })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.orgCode, [...codes])));

export const rolesById = (db: Db, tenantId: number, ids: readonly number[]) =>
  db
    .select({ id: roles.id, name: roles.roleName })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])));

export const positionsById = (db: Db, tenantId: number, ids: readonly number[]) =>
  db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, [...ids])));

/** Users of the tenant only (a member, in the recycle bin or not): another tenant's user is not named. */
export const usersById = (db: Db, tenantId: number, ids: readonly number[]) =>
  db
    .select({ id: users.id, username: users.username, realname: users.realname, delFlag: users.delFlag })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        exists(
          db
            .select({ one: sql`1` })
            .from(userTenants)
            .where(and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId))),
        ),
      ),
    );

export const tenantsById = (db: Db, ids: readonly number[]) => db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, [...ids]));
