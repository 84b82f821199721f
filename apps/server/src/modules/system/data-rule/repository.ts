import { and, asc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { DataRuleInput, DataRuleRecord, DataRuleResource } from '@portal/shared/system-data-rules';
import type { Db } from '../../../db/client.ts';
import { dataRules, departments, roleDataRules, rolePermissions, roles, userDepartments, userRoles } from '../../../db/schema/sys.ts';
import { escapeLike } from '../../../lib/list.ts';
import { RESOURCE_ROWS } from './resources.ts';

/* The queries of data rules and of the rules roles choose; every one scoped to the tenant. */

const recordColumns = {
  id: dataRules.id,
  permissionId: dataRules.permissionId,
  ruleName: dataRules.ruleName,
  field: dataRules.field,
  operator: dataRules.operator,
  valueKind: dataRules.valueKind,
  value: dataRules.value,
  status: dataRules.status,
  createdAt: dataRules.createdAt,
};

const toRecord = (row: { createdAt: Date } & Omit<DataRuleRecord, 'createdAt'>): DataRuleRecord => ({ ...row, id: Number(row.id), permissionId: Number(row.permissionId), createdAt: row.createdAt.toISOString() });

/** The tenant's rules (of a menu), narrowed by any part of the rule name and by a field. */
export async function listRules(db: Db, tenantId: number, filter: { permissionId?: number; ruleName?: string; field?: string }): Promise<DataRuleRecord[]> {
  const conditions = [eq(dataRules.tenantId, tenantId)];
  if (filter.permissionId !== undefined) conditions.push(eq(dataRules.permissionId, filter.permissionId));
  if (filter.ruleName) conditions.push(like(dataRules.ruleName, `%${escapeLike(filter.ruleName)}%`));
  if (filter.field) conditions.push(eq(dataRules.field, filter.field));
  const rows = await db
    .select(recordColumns)
    .from(dataRules)
    .where(and(...conditions))
    .orderBy(asc(dataRules.id))
    .limit(500);
  return rows.map(toRecord);
}

export async function ruleOf(db: Db, tenantId: number, id: number): Promise<DataRuleRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(dataRules)
    .where(and(eq(dataRules.tenantId, tenantId), eq(dataRules.id, id)));
  return row ? toRecord(row) : null;
}

export async function insertRule(db: Db, tenantId: number, input: DataRuleInput): Promise<number> {
  const [row] = await db
    .insert(dataRules)
    .values({ tenantId, ...input })
    .returning({ id: dataRules.id });
  return Number(row?.id);
}

export async function updateRule(db: Db, tenantId: number, id: number, input: DataRuleInput): Promise<void> {
  await db
    .update(dataRules)
    .set(input)
    .where(and(eq(dataRules.tenantId, tenantId), eq(dataRules.id, id)));
}

export async function deleteRule(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(dataRules).where(and(eq(dataRules.tenantId, tenantId), eq(dataRules.id, id)));
}

export async function roleExists(db: Db, tenantId: number, roleId: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  return rows.length > 0;
}

/** The ids of the menu's rules that the role chose. */
export async function chosenRuleIds(db: Db, tenantId: number, roleId: number, permissionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleDataRules.ruleId })
    .from(roleDataRules)
    .innerJoin(dataRules, and(eq(dataRules.tenantId, roleDataRules.tenantId), eq(dataRules.id, roleDataRules.ruleId)))
    .where(and(eq(roleDataRules.tenantId, tenantId), eq(roleDataRules.roleId, roleId), eq(dataRules.permissionId, permissionId)))
    .orderBy(asc(roleDataRules.ruleId));
  return rows.map((row) => Number(row.id));
}

/** The role's choice on the menu replaced by `ruleIds` (all of them rules of that menu: the service checked). */
export async function replaceChosenRules(tx: Db, tenantId: number, roleId: number, permissionId: number, ruleIds: number[]): Promise<void> {
  const ofMenu = tx
    .select({ id: dataRules.id })
    .from(dataRules)
    .where(and(eq(dataRules.tenantId, tenantId), eq(dataRules.permissionId, permissionId)));
  await tx.delete(roleDataRules).where(and(eq(roleDataRules.tenantId, tenantId), eq(roleDataRules.roleId, roleId), inArray(roleDataRules.ruleId, ofMenu)));
  if (ruleIds.length > 0) await tx.insert(roleDataRules).values(ruleIds.map((ruleId) => ({ tenantId, roleId, ruleId })));
}

/** The roles a user holds in the tenant. */
export async function rolesOfUser(db: Db, tenantId: number, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  return new Set(rows.map((row) => Number(row.id)));
}

/** The roles that chose a rule. */
export async function rolesChoosing(db: Db, tenantId: number, ruleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleDataRules.roleId })
    .from(roleDataRules)
    .where(and(eq(roleDataRules.tenantId, tenantId), eq(roleDataRules.ruleId, ruleId)));
  return rows.map((row) => Number(row.id));
}

export type LoadedRule = { id: number; roleId: number; permissionId: number; field: string; operator: string; valueKind: string; value: string };

/** What the rules of a user in a tenant are made of: their roles' grants, the rules in force those roles chose, their departments. */
export async function loadUserRules(db: Db, userId: number, tenantId: number): Promise<{ grants: { roleId: number; permissionId: number }[]; rules: LoadedRule[]; orgCodes: string[] }> {
  const mine = db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  const [grants, rules, codes] = await Promise.all([
    db
      .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleId, mine))),
    db
      .select({ id: dataRules.id, roleId: roleDataRules.roleId, permissionId: dataRules.permissionId, field: dataRules.field, operator: dataRules.operator, valueKind: dataRules.valueKind, value: dataRules.value })
      .from(roleDataRules)
      .innerJoin(dataRules, and(eq(dataRules.tenantId, roleDataRules.tenantId), eq(dataRules.id, roleDataRules.ruleId)))
      .where(and(eq(roleDataRules.tenantId, tenantId), inArray(roleDataRules.roleId, mine), eq(dataRules.status, 1))),
    db
      .select({ orgCode: departments.orgCode })
      .from(userDepartments)
      .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
      .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.userId, userId))),
  ]);
  return {
    grants: grants.map((g) => ({ roleId: Number(g.roleId), permissionId: Number(g.permissionId) })),
    rules: rules.map((r) => ({ ...r, id: Number(r.id), roleId: Number(r.roleId), permissionId: Number(r.permissionId) })),
    orgCodes: codes.map((c) => c.orgCode),
  };
}

/** Whether the tenant's row of the resource numbered `number` meets `scope` (a user's rules on its menu): one query, by the unique number. */
export async function rowInScope(db: Db, resource: DataRuleResource, tenantId: number, number: string, scope: SQL): Promise<boolean> {
  const row = RESOURCE_ROWS[resource];
  const found = await db
    .select({ one: sql<number>`1` })
    .from(row.table)
    .where(and(eq(row.tenantId, tenantId), eq(row.number, number), scope))
    .limit(1);
  return found.length > 0;
}
