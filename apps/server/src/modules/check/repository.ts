import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { categories, checkRules, dicts } from '../../db/schema/dict.ts';
// the designer's codes
import { onlineForms, onlineReports } from '../../db/schema/online.ts';
import { departments, positions, roles, users, userTenants } from '../../db/schema/sys.ts';
import { orders, parcels } from '../../db/schema/logistics.ts';

export type DuplicateTarget = {
  table: PgTable;
  id: AnyPgColumn;
  column: AnyPgColumn;
  /** present for tenant-scoped tables: only the caller's tenant is searched */
  tenant?: AnyPgColumn;
  caseInsensitive?: boolean;
  /**
   * for tables whose values are unique across tenants (usernames) but whose rows still belong to
   * tenants: the record being edited (dataId) must be one the caller's tenant may see, else 404
   */
  visibleTo?: (tenantId: number) => SQL | undefined;
};

/** A user is visible to the tenants it belongs to; the platform (tenant 0) administers every account. */
const userVisibleTo = (tenantId: number) =>
  tenantId === PLATFORM_TENANT
    ? undefined
    : sql`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} = ${tenantId})`;

/**
 * The only (table, field) pairs /sys/duplicate/check answers for. Keys are what the client sends;
 * the columns are code, so nothing the client sends ever names SQL.
 */
const targets: Record<string, DuplicateTarget> = {
  'sys_user.username': { table: users, id: users.id, column: users.username, caseInsensitive: true, visibleTo: userVisibleTo },
  'sys_user.phone': { table: users, id: users.id, column: users.phone, visibleTo: userVisibleTo },
  'sys_user.email': { table: users, id: users.id, column: users.email, caseInsensitive: true, visibleTo: userVisibleTo },
  'sys_role.role_code': { table: roles, id: roles.id, column: roles.roleCode, tenant: roles.tenantId },
  'sys_depart.org_code': { table: departments, id: departments.id, column: departments.orgCode, tenant: departments.tenantId },
  'sys_position.code': { table: positions, id: positions.id, column: positions.code, tenant: positions.tenantId },
  'sys_dict.dict_code': { table: dicts, id: dicts.id, column: dicts.dictCode },
  'sys_category.code': { table: categories, id: categories.id, column: categories.code },
  'sys_check_rule.rule_code': { table: checkRules, id: checkRules.id, column: checkRules.ruleCode },
  // the online designer's codes
  'onl_report.code': { table: onlineReports, id: onlineReports.id, column: onlineReports.code },
  'onl_form.code': { table: onlineForms, id: onlineForms.id, column: onlineForms.code },
  // checks: the numbers a merchant enters, unique within its tenant as the unique indexes say
  'log_order.merchant_order_no': { table: orders, id: orders.id, column: orders.merchantOrderNo, tenant: orders.tenantId },
  'log_parcel.tracking_no': { table: parcels, id: parcels.id, column: parcels.trackingNo, tenant: parcels.tenantId },
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Field names may come camelCase (roleCode) or snake_case (role_code). */
export function findDuplicateTarget(tableName: string, fieldName: string): DuplicateTarget | undefined {
  const key = `${tableName}.${snake(fieldName)}`;
  return Object.hasOwn(targets, key) ? targets[key] : undefined;
}

async function exists(db: Db, target: DuplicateTarget, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(target.table).where(where).limit(1);
  return rows.length > 0;
}

/** Whether the record being edited is one the caller's tenant may see. */
export const recordVisible = (db: Db, target: DuplicateTarget, tenantId: number, id: number) =>
  exists(db, target, and(eq(target.id, id), target.tenant ? eq(target.tenant, tenantId) : undefined, target.visibleTo?.(tenantId)));

/** Whether `value` is used by a record (of the caller's tenant, for tenant tables) other than `exceptId`. */
export function valueTaken(db: Db, target: DuplicateTarget, tenantId: number, value: string, exceptId: number | undefined): Promise<boolean> {
  const match = target.caseInsensitive ? sql`lower(${target.column}) = ${value.toLowerCase()}` : eq(target.column, value);
  return exists(db, target, and(match, target.tenant ? eq(target.tenant, tenantId) : undefined, exceptId === undefined ? undefined : ne(target.id, exceptId)));
}

export async function findRule(db: Db, ruleCode: string): Promise<Rule | undefined> {
  const rows = await db.select().from(checkRules).where(eq(checkRules.ruleCode, ruleCode)).limit(1);
  return rows[0];
}

export type Rule = typeof checkRules.$inferSelect;
