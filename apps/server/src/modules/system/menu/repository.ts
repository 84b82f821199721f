import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { MenuRecord } from '@portal/shared/system-menus';
import type { Db } from '../../../db/client.ts';
import { permissions } from '../../../db/schema/sys.ts';

/** The menu catalogue is a reference table (decision 0010): global, no tenant_id. */
export type MenuRow = typeof permissions.$inferSelect;
export type MenuValues = Omit<typeof permissions.$inferInsert, 'id' | 'createdAt' | 'builtIn'>;

export const PERMS_UNIQUE = 'sys_permission_perms_uq';

const hasChildren = sql<boolean>`exists (select 1 from ${permissions} as c where c.parent_id = ${permissions.id})`;

const columns = { row: permissions, hasChildren };

export function toRecord(row: MenuRow, leaf: boolean): MenuRecord {
  return {
    id: row.id,
    parentId: row.parentId,
    menuType: row.menuType,
    name: row.name,
    titles: row.titles ?? null,
    path: row.path,
    component: row.component,
    componentName: row.componentName,
    redirect: row.redirect,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    route: row.isRoute,
    icon: row.icon,
    keepAlive: row.keepAlive,
    internalOrExternal: row.internalOrExternal,
    url: row.url,
    sortNo: row.sortNo,
    perms: row.perms,
    permsType: row.permsType,
    status: row.status,
    platformOnly: row.platformOnly,
    merchantOnly: row.merchantOnly,
    builtIn: row.builtIn,
    edited: row.editedAt !== null,
    leaf,
  };
}

const order = [asc(permissions.sortNo), asc(permissions.id)];

/** Every entry, menus and buttons, in menu order. */
export async function allMenus(db: Db): Promise<MenuRow[]> {
  return db.select().from(permissions).orderBy(...order);
}

export async function topMenus(db: Db): Promise<MenuRecord[]> {
  const rows = await db.select(columns).from(permissions).where(isNull(permissions.parentId)).orderBy(...order);
  return rows.map((r) => toRecord(r.row, !r.hasChildren));
}

export async function childrenOf(db: Db, parentIds: number[]): Promise<MenuRecord[]> {
  if (parentIds.length === 0) return [];
  const rows = await db.select(columns).from(permissions).where(inArray(permissions.parentId, parentIds)).orderBy(...order);
  return rows.map((r) => toRecord(r.row, !r.hasChildren));
}

export async function findMenu(db: Db, id: number): Promise<MenuRow | undefined> {
  return (await db.select().from(permissions).where(eq(permissions.id, id)).limit(1))[0];
}

export async function menuExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.id, id)).limit(1)).length > 0;
}

export async function countChildren(db: Db, id: number): Promise<number> {
  return (await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.parentId, id)).limit(1)).length;
}

/** The id of the entry holding exactly these codes, other than `exceptId`. */
export async function permsHolder(db: Db, perms: string, exceptId: number | null): Promise<number | null> {
  const rows = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, perms)).limit(2);
  return rows.find((r) => r.id !== exceptId)?.id ?? null;
}

/** The menu or page entry (not a button) at route `path`, other than `exceptId`, or null. */
export async function pathHolder(db: Db, path: string, exceptId: number | null): Promise<number | null> {
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.path, path), ne(permissions.menuType, 2)))
    .limit(2);
  return rows.find((r) => r.id !== exceptId)?.id ?? null;
}

export async function insertMenu(db: Db, values: MenuValues): Promise<MenuRow> {
  const rows = await db.insert(permissions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('inserted menu entry');
  return row;
}

export async function updateMenu(db: Db, id: number, values: Partial<MenuValues>): Promise<MenuRow | undefined> {
  return (await db.update(permissions).set(values).where(eq(permissions.id, id)).returning())[0];
}

/** An entry the administrators made, with nothing under it; its grants and data rules go with it (their foreign keys cascade). */
export async function deleteMenu(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(permissions)
    .where(and(eq(permissions.id, id), eq(permissions.builtIn, false), sql`not ${hasChildren}`))
    .returning({ id: permissions.id });
  return rows.length > 0;
}
