import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Language, Texts } from '@portal/shared/languages';
import type { Db } from '../../../db/client.ts';
import { roles, userRoles, users } from '../../../db/schema/sys.ts';
import type { ExportColumn } from '../../../lib/xlsx.ts';
import { roleConditions, type RoleFilter } from './repository.ts';

/*
 * The role list as a spreadsheet (the stack is lib/xlsx.ts): the list's own filters (roleConditions),
 * newest first as the list opens, with each role's number of users (out of the recycle bin).
 */

export type RoleExportRow = { roleCode: string; roleName: string; description: string; userCount: number; createdAt: Date };

/** Up to `limit` roles: a tenant has tens, so one read (the caller asks one more than it allows, to refuse past it). */
export async function rolesForExport(db: Db, tenantId: number, filters: Pick<RoleFilter, 'roleName' | 'roleCode'>, limit: number): Promise<RoleExportRow[]> {
  const userCount = db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.tenantId, roles.tenantId), eq(userRoles.roleId, roles.id), eq(users.delFlag, 0)));
  return db
    .select({ roleCode: roles.roleCode, roleName: roles.roleName, description: roles.description, userCount: sql<number>`(${userCount})`.mapWith(Number), createdAt: roles.createdAt })
    .from(roles)
    .where(and(...roleConditions(tenantId, filters)))
    .orderBy(desc(roles.createdAt), asc(roles.id))
    .limit(limit);
}

const TITLES = {
  roleCode: { 'zh-TW': '角色編碼', 'zh-CN': '角色编码', 'en-US': 'Role code' },
  roleName: { 'zh-TW': '角色名稱', 'zh-CN': '角色名称', 'en-US': 'Role name' },
  description: { 'zh-TW': '描述', 'zh-CN': '描述', 'en-US': 'Description' },
  userCount: { 'zh-TW': '使用者數', 'zh-CN': '用户数', 'en-US': 'Users' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created' },
} as const satisfies Record<keyof RoleExportRow, Texts>;

export function roleExportColumns(language: Language): ExportColumn<RoleExportRow>[] {
  return [
    { header: TITLES.roleCode[language], width: 20, value: (row) => row.roleCode },
    { header: TITLES.roleName[language], width: 20, value: (row) => row.roleName },
    { header: TITLES.description[language], width: 36, value: (row) => row.description },
    { header: TITLES.userCount[language], width: 10, value: (row) => row.userCount },
    { header: TITLES.createdAt[language], width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (row) => row.createdAt },
  ];
}
