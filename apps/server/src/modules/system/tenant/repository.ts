import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/languages';
import type { TenantRecord, TenantSortColumn } from '@portal/shared/system-tenants';
import type { Db } from '../../../db/client.ts';
import { departments, tenantPackages, tenants, userDepartments, userRoles, users, userTenants } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';
import { createTenantRoles } from '../role/tenant-roles.ts';
import { packagePermissionIds } from '../tenant-package/repository.ts';

/** Sort columns the client may name (an allow-list, never SQL text from the client). */
const SORT_COLUMNS = { id: tenants.id, name: tenants.name, status: tenants.status, validUntil: tenants.validUntil, createdAt: tenants.createdAt } as const satisfies Record<TenantSortColumn, unknown>;

export type TenantFilters = { name?: string; status?: number; packageId?: number };
export type TenantListQuery = TenantFilters & { pageNo: number; pageSize: number; column?: TenantSortColumn; order?: 'asc' | 'desc' };

// its main account: the merchant who registered it (or the one the platform made with it)
const mainAccount = (column: SQL) =>
  sql<string>`coalesce((select ${column} from ${users} where ${users.defaultTenantId} = "sys_tenant"."id" and ${users.mainAccount} order by ${users.id} limit 1), '')`;

const record = {
  id: tenants.id,
  name: tenants.name,
  status: tenants.status,
  packageId: tenants.packageId,
  packageName: sql<string>`coalesce(${tenantPackages.name}, '')`,
  validFrom: tenants.validFrom,
  validUntil: tenants.validUntil,
  contactName: tenants.contactName,
  contactPhone: tenants.contactPhone,
  contactEmail: tenants.contactEmail,
  mainUsername: mainAccount(sql`${users.username}`),
  mainRealname: mainAccount(sql`${users.realname}`),
  userCount: sql<number>`(select count(*)::int from ${userTenants} where ${userTenants.tenantId} = "sys_tenant"."id")`,
  createdAt: tenants.createdAt,
};
type Row = Omit<TenantRecord, 'validFrom' | 'validUntil' | 'createdAt'> & { validFrom: Date | null; validUntil: Date | null; createdAt: Date };
const toRecord = (row: Row): TenantRecord => ({
  ...row,
  packageId: row.packageId === null ? null : Number(row.packageId),
  userCount: Number(row.userCount),
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

function whereOf(filters: TenantFilters): SQL | undefined {
  const conditions: SQL[] = [ne(tenants.id, PLATFORM_TENANT)];
  if (filters.name) conditions.push(ilike(tenants.name, `%${escapeLike(filters.name)}%`));
  if (filters.status !== undefined) conditions.push(eq(tenants.status, filters.status));
  if (filters.packageId !== undefined) conditions.push(eq(tenants.packageId, filters.packageId));
  return and(...conditions);
}

/** Newest first unless sorted otherwise; the id breaks ties so that pages never repeat a row. */
export async function listTenants(db: Db, query: TenantListQuery) {
  const where = whereOf(query);
  const column = query.column ?? 'createdAt';
  const direction = (query.order ?? (query.column ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(record)
      .from(tenants)
      .leftJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[column]), direction(tenants.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(tenants).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

/** At most `limit` merchant tenants by a part of their name (any case), by name; or those of `ids`, for a picker. */
export function tenantOptions(db: Db, search: { keyword?: string; ids?: number[] }, limit: number): Promise<{ value: number; label: string }[]> {
  return db
    .select({ value: tenants.id, label: tenants.name })
    .from(tenants)
    .where(
      and(
        ne(tenants.id, PLATFORM_TENANT),
        search.keyword ? ilike(tenants.name, `%${escapeLike(search.keyword)}%`) : undefined,
        search.ids ? inArray(tenants.id, search.ids) : undefined,
      ),
    )
    .orderBy(tenants.name, tenants.id)
    .limit(limit);
}

/** The tenant (the platform's own included) whose name is `name` as pickers show it: trimmed, case and width folded. */
export async function tenantNamed(db: Db, name: string, exceptId?: number): Promise<{ id: number; name: string } | null> {
  const key = name.normalize('NFKC').trim().toLowerCase();
  const [row] = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(sql`lower(btrim(normalize(${tenants.name}, NFKC))) = ${key}`, exceptId === undefined ? undefined : ne(tenants.id, exceptId)))
    .limit(1);
  return row ?? null;
}

/** A merchant tenant, or null (the platform's own is not one). */
export async function findTenant(db: Db, id: number): Promise<TenantRecord | null> {
  if (id === PLATFORM_TENANT) return null;
  const rows = await db.select(record).from(tenants).leftJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId)).where(eq(tenants.id, id));
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The merchant tenants among `ids`, locked for the rest of the transaction. */
export async function lockTenants(db: Db, ids: readonly number[]): Promise<TenantRecord[]> {
  const locked = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, [...ids]), ne(tenants.id, PLATFORM_TENANT)))
    .orderBy(asc(tenants.id))
    .for('update');
  if (locked.length === 0) return [];
  const rows = await db
    .select(record)
    .from(tenants)
    .leftJoin(tenantPackages, eq(tenantPackages.id, tenants.packageId))
    .where(inArray(tenants.id, locked.map((row) => row.id)))
    .orderBy(asc(tenants.id));
  return rows.map(toRecord);
}

export type TenantValues = {
  name: string;
  packageId: number;
  validFrom: Date | null;
  validUntil: Date | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
};

export async function updateTenant(db: Db, id: number, values: TenantValues): Promise<void> {
  await db.update(tenants).set({ ...values, updatedAt: sql`now()` }).where(eq(tenants.id, id));
}

export async function setTenantStatus(db: Db, ids: readonly number[], status: 0 | 1): Promise<void> {
  await db.update(tenants).set({ status, updatedAt: sql`now()` }).where(inArray(tenants.id, [...ids]));
}

export const ROOT_ORG_CODE = 'A01';

/** What the platform sets on a tenant besides its name (its tenant form); registration leaves them empty. */
export type TenantExtras = { validFrom: Date | null; validUntil: Date | null; contactName: string; contactPhone: string; contactEmail: string };

/**
 * A new merchant: its tenant on `packageId` (the menus it may use), built-in roles granted inside the
 * package, root department and main account heading it. Registration and the platform's tenant form both
 * make one here. Call inside a transaction: any failure must leave nothing behind.
 */
export async function createMerchant(
  tx: Db,
  values: { companyName: string; username: string; realname?: string; phone: string; passwordHash: string; passwordChangeRequired?: boolean; language: Language; packageId: number; tenant?: TenantExtras },
): Promise<{ tenantId: number; userId: number }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: values.companyName, language: values.language, packageId: values.packageId, ...values.tenant })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('register: no tenant id');
  const roleIds = await createTenantRoles(tx, tenant.id, ['merchant_admin', 'merchant_staff'], await packagePermissionIds(tx, values.packageId));
  const [depart] = await tx
    .insert(departments)
    .values({ tenantId: tenant.id, parentId: null, departName: values.companyName, orgCode: ROOT_ORG_CODE, sortNo: 0 })
    .returning({ id: departments.id });
  if (!depart) throw new Error('register: no department id');
  const [user] = await tx
    .insert(users)
    .values({
      username: values.username,
      realname: values.realname ?? values.username,
      nickname: values.realname ?? values.username,
      passwordHash: values.passwordHash,
      passwordChangeRequired: values.passwordChangeRequired ?? false,
      phone: values.phone,
      defaultTenantId: tenant.id,
      mainAccount: true,
      orgCode: ROOT_ORG_CODE,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('register: no user id');
  const adminRole = roleIds.merchant_admin;
  if (adminRole === undefined) throw new Error('register: no merchant_admin role');
  await tx.insert(userTenants).values({ userId: user.id, tenantId: tenant.id });
  await tx.insert(userRoles).values({ userId: user.id, tenantId: tenant.id, roleId: adminRole });
  await tx.insert(userDepartments).values({ userId: user.id, tenantId: tenant.id, departmentId: depart.id, head: true });
  return { tenantId: tenant.id, userId: user.id };
}

/** The company's own language, set by its merchant. */
export async function setTenantLanguage(db: Db, tenantId: number, language: 'zh-TW' | 'zh-CN'): Promise<void> {
  await db.update(tenants).set({ language, updatedAt: sql`now()` }).where(eq(tenants.id, tenantId));
}
