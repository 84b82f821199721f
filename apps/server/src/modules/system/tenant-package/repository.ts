import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PackageOption, PackageRecord, PackageSortColumn } from '@portal/shared/system-tenants';
import type { Db } from '../../../db/client.ts';
import { tenantPackages, tenants } from '../../../db/schema/sys.ts';
import { tenantPackagePermissions } from '../../../db/schema/admin.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { must } from '../../../lib/must.ts';

/** Sort columns the client may name (an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { name: tenantPackages.name, createdAt: tenantPackages.createdAt, updatedAt: tenantPackages.updatedAt } as const satisfies Record<PackageSortColumn, unknown>;

export type PackageFilters = { name?: string; status?: number };
export type PackageListQuery = PackageFilters & { pageNo: number; pageSize: number; column?: PackageSortColumn; order?: 'asc' | 'desc' };

// the outer row named in full: drizzle leaves a one-table query's columns unqualified, and the subquery would read its own
const tenantCount = sql<number>`(select count(*)::int from ${tenants} where ${tenants.packageId} = "sys_tenant_package"."id")`;
const permissionCount = sql<number>`(select count(*)::int from ${tenantPackagePermissions} where ${tenantPackagePermissions.packageId} = "sys_tenant_package"."id")`;

const record = {
  id: tenantPackages.id,
  name: tenantPackages.name,
  description: tenantPackages.description,
  status: tenantPackages.status,
  isDefault: tenantPackages.isDefault,
  tenantCount,
  permissionCount,
  createdAt: tenantPackages.createdAt,
  updatedAt: tenantPackages.updatedAt,
};
type Row = Omit<PackageRecord, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRecord = (row: Row): PackageRecord => ({
  ...row,
  id: Number(row.id),
  tenantCount: Number(row.tenantCount),
  permissionCount: Number(row.permissionCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function whereOf(filters: PackageFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.name) conditions.push(ilike(tenantPackages.name, `%${escapeLike(filters.name)}%`));
  if (filters.status !== undefined) conditions.push(eq(tenantPackages.status, filters.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The default first, then by name unless sorted otherwise; the id breaks ties. */
export async function listPackages(db: Db, query: PackageListQuery) {
  const where = whereOf(query);
  const direction = query.order === 'desc' ? desc : asc;
  const ordering = query.column ? [direction(SORT_COLUMNS[query.column])] : [desc(tenantPackages.isDefault), asc(tenantPackages.name)];
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(tenantPackages)
      .where(where)
      .orderBy(...ordering, asc(tenantPackages.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(tenantPackages).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** Every package, to choose one in the tenant form (a platform has a handful). */
export async function packageOptions(db: Db): Promise<PackageOption[]> {
  const rows = await db
    .select({ id: tenantPackages.id, name: tenantPackages.name, status: tenantPackages.status, isDefault: tenantPackages.isDefault })
    .from(tenantPackages)
    .orderBy(desc(tenantPackages.isDefault), asc(tenantPackages.name), asc(tenantPackages.id));
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function findPackage(db: Db, id: number): Promise<PackageRecord | null> {
  const rows = await db.select(record).from(tenantPackages).where(eq(tenantPackages.id, id));
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The package row locked for the rest of the transaction, or null. */
export async function lockPackage(db: Db, id: number): Promise<PackageRecord | null> {
  const locked = await db.select({ id: tenantPackages.id }).from(tenantPackages).where(eq(tenantPackages.id, id)).for('update');
  return locked.length > 0 ? findPackage(db, id) : null;
}

/** Whether another package has this name (compared without case). */
export async function packageNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [sql`lower(${tenantPackages.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(tenantPackages.id, exceptId));
  return (await db.select({ id: tenantPackages.id }).from(tenantPackages).where(and(...conditions)).limit(1)).length > 0;
}

type PackageValues = { name: string; description: string; status: number };

export async function insertPackage(db: Db, values: PackageValues & { isDefault?: boolean }): Promise<number> {
  const rows = await db.insert(tenantPackages).values(values).returning({ id: tenantPackages.id });
  return Number(must(rows[0], 'inserted package').id);
}

export async function updatePackage(db: Db, id: number, values: PackageValues): Promise<void> {
  await db.update(tenantPackages).set({ ...values, updatedAt: sql`now()` }).where(eq(tenantPackages.id, id));
}

export async function deletePackage(db: Db, id: number): Promise<void> {
  await db.delete(tenantPackages).where(eq(tenantPackages.id, id));
}

/** The package registration gives: the one default, moved in one statement pair inside the caller's transaction. */
export async function makeDefault(db: Db, id: number): Promise<void> {
  await db.update(tenantPackages).set({ isDefault: false, updatedAt: sql`now()` }).where(and(eq(tenantPackages.isDefault, true), ne(tenantPackages.id, id)));
  await db.update(tenantPackages).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(tenantPackages.id, id));
}

export async function defaultPackageId(db: Db): Promise<number | null> {
  const rows = await db.select({ id: tenantPackages.id }).from(tenantPackages).where(eq(tenantPackages.isDefault, true)).limit(1);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function countTenantsUsing(db: Db, id: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(tenants).where(eq(tenants.packageId, id));
  return Number(rows[0]?.n ?? 0);
}

/** The catalogue ids a package holds. */
export async function packagePermissionIds(db: Db, id: number): Promise<Set<number>> {
  const rows = await db.select({ id: tenantPackagePermissions.permissionId }).from(tenantPackagePermissions).where(eq(tenantPackagePermissions.packageId, id));
  return new Set(rows.map((row) => Number(row.id)));
}

/** Replaces the package's entries with `after`, touching only what changes. */
export async function replacePackagePermissions(db: Db, id: number, before: ReadonlySet<number>, after: ReadonlySet<number>): Promise<void> {
  const removed = [...before].filter((p) => !after.has(p));
  const added = [...after].filter((p) => !before.has(p));
  if (removed.length > 0) await db.delete(tenantPackagePermissions).where(and(eq(tenantPackagePermissions.packageId, id), inArray(tenantPackagePermissions.permissionId, removed)));
  if (added.length > 0) await db.insert(tenantPackagePermissions).values(added.map((permissionId) => ({ packageId: id, permissionId }))).onConflictDoNothing();
  await db.update(tenantPackages).set({ updatedAt: sql`now()` }).where(eq(tenantPackages.id, id));
}

/** Adds entries to a package (the seed: new catalogue entries join the default package). */
export async function addPackagePermissions(db: Db, id: number, permissionIds: readonly number[]): Promise<void> {
  if (permissionIds.length > 0) await db.insert(tenantPackagePermissions).values(permissionIds.map((permissionId) => ({ packageId: id, permissionId }))).onConflictDoNothing();
}
