import { z } from 'zod';

/*
 * Departments of a tenant (spec §7 "Departments"): the tree with its org codes, its
 * members and heads, the department's permissions (the ceiling of what may be granted inside it) and the
 * department roles that grant inside it.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ids = z.array(id).max(2000);

export const departHeadSchema = z.object({ userId: z.number().int(), username: z.string(), realname: z.string() });
export type DepartHead = z.infer<typeof departHeadSchema>;

export type DepartNode = {
  id: number;
  parentId: number | null;
  orgCode: string;
  departName: string;
  sortNo: number;
  heads: DepartHead[];
  memberCount: number;
  children: DepartNode[];
};

export const departNodeSchema: z.ZodType<DepartNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    orgCode: z.string(),
    departName: z.string(),
    sortNo: z.number().int(),
    heads: z.array(departHeadSchema),
    memberCount: z.number().int(),
    children: z.array(departNodeSchema),
  }),
).meta({ id: 'DepartNode' });

/** A node of the id/title tree of tree selects. */
export type DepartIdNode = { key: number; value: number; title: string; orgCode: string; children: DepartIdNode[] };
export const departIdNodeSchema: z.ZodType<DepartIdNode> = z.lazy(() =>
  z.object({ key: z.number().int(), value: z.number().int(), title: z.string(), orgCode: z.string(), children: z.array(departIdNodeSchema) }),
).meta({ id: 'DepartIdNode' });

/** A department as search and the forms answer it (no children). */
export const departRecordSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  orgCode: z.string(),
  departName: z.string(),
  sortNo: z.number().int(),
});
export type DepartRecord = z.infer<typeof departRecordSchema>;

const departName = z.string().trim().min(1).max(100);
const sortNo = z.number().int().min(0).max(100_000);

export const departAddSchema = z.strictObject({ parentId: id.nullable().optional(), departName, sortNo: sortNo.optional() });
export type DepartAddInput = z.infer<typeof departAddSchema>;

export const departEditSchema = z.strictObject({ id, departName, sortNo: sortNo.optional(), headUserIds: ids.optional() });
export type DepartEditInput = z.infer<typeof departEditSchema>;

/** Drag and drop: the department goes under `parentId` (null: a top department) at position `index` among its siblings. */
export const departMoveSchema = z.strictObject({ id, parentId: id.nullable(), index: z.number().int().min(0).max(100_000) });
export type DepartMoveInput = z.infer<typeof departMoveSchema>;

export const departMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number().int(),
  head: z.boolean(),
});
export type DepartMember = z.infer<typeof departMemberSchema>;

export const departMembersAddSchema = z.strictObject({ depId: id, userIdList: ids.min(1) });

/** A change of a grant set: the screen sends what it shows checked now and what it showed checked before. */
export const departPermissionSaveSchema = z.strictObject({ departId: id, permissionIds: ids, lastpermissionIds: ids.optional() });
export type DepartPermissionSave = z.infer<typeof departPermissionSaveSchema>;

export const departRoleSchema = z.object({
  id: z.number().int(),
  departId: z.number().int(),
  roleCode: z.string(),
  roleName: z.string(),
  description: z.string(),
  userCount: z.number().int(),
});
export type DepartRole = z.infer<typeof departRoleSchema>;

const roleCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/);
export const departRoleAddSchema = z.strictObject({ departId: id, roleCode, roleName: z.string().trim().min(1).max(100), description: z.string().trim().max(255).optional() });
export type DepartRoleAddInput = z.infer<typeof departRoleAddSchema>;
export const departRoleEditSchema = z.strictObject({ id, roleName: z.string().trim().min(1).max(100), description: z.string().trim().max(255).optional() });
export type DepartRoleEditInput = z.infer<typeof departRoleEditSchema>;

export const deptRolePermissionSaveSchema = z.strictObject({ roleId: id, permissionIds: ids, lastpermissionIds: ids.optional() });
export type DeptRolePermissionSave = z.infer<typeof deptRolePermissionSaveSchema>;

export const deptRoleUserSaveSchema = z.strictObject({ userId: id, departId: id, newRoleId: ids, oldRoleId: ids.optional() });
export type DeptRoleUserSave = z.infer<typeof deptRoleUserSaveSchema>;

/** A node of the permission tree a department role may be given (the catalogue limited to the department's ceiling). */
export type GrantNode = { key: number; title: string; menuType: number; perms: string; children: GrantNode[] };
export const grantNodeSchema: z.ZodType<GrantNode> = z.lazy(() =>
  z.object({ key: z.number().int(), title: z.string(), menuType: z.number().int(), perms: z.string(), children: z.array(grantNodeSchema) }),
).meta({ id: 'GrantNode' });

/** The department export's title and column headers, in the three languages. */
export const departExportTexts = {
  title: { 'zh-TW': '部門', 'zh-CN': '部门', 'en-US': 'Departments' },
  orgCode: { 'zh-TW': '部門編碼', 'zh-CN': '部门编码', 'en-US': 'Department code' },
  departName: { 'zh-TW': '部門名稱', 'zh-CN': '部门名称', 'en-US': 'Department name' },
  parent: { 'zh-TW': '上級部門', 'zh-CN': '上级部门', 'en-US': 'Parent department' },
  sortNo: { 'zh-TW': '排序', 'zh-CN': '排序', 'en-US': 'Sort order' },
  heads: { 'zh-TW': '負責人', 'zh-CN': '负责人', 'en-US': 'Heads' },
  memberCount: { 'zh-TW': '成員人數', 'zh-CN': '成员人数', 'en-US': 'Members' },
} as const satisfies Record<string, Record<'zh-TW' | 'zh-CN' | 'en-US', string>>;
