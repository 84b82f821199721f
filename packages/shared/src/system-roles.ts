import { z } from 'zod';

/*
 * Roles of a tenant, their users and their permissions (spec §7 "Users, roles and permissions").
 * The web's role screens and the server's /sys/role/* routes share these shapes.
 */

/** A role code: letters, digits, underscore and dash, as the built-in ones (merchant_admin). */
export const roleCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/);

export const roleInput = z.strictObject({
  roleCode,
  roleName: z.string().trim().min(1).max(100),
  description: z.string().trim().max(255).default(''),
});
export const roleEditInput = roleInput.extend({ id: z.number().int().positive() });

export const roleRecord = z.object({
  id: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/** The role list's sort allow-list. */
export const ROLE_SORT_COLUMNS = ['roleName', 'roleCode', 'createdAt'] as const;

/** A user of a role (GET /sys/user/userRoleList): never more than the list shows. */
export const roleUserRecord = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  phone: z.string().nullable(),
  /** 1 normal, 2 frozen */
  status: z.number(),
});
export type RoleUserRecord = z.infer<typeof roleUserRecord>;

export const roleUsersInput = z.strictObject({
  roleId: z.number().int().positive(),
  userIdList: z.array(z.number().int().positive()).min(1).max(200),
});

/** A menu (menuType 0 or 1) or a button (2) of the tree a role's permissions are chosen from. */
export type PermissionTreeNode = {
  key: number;
  /** a translation key of the menu titles (packages/shared/src/menu-titles.ts), as the side menu's */
  title: string;
  menuType: number;
  /** the button's permission codes, shown beside its title */
  perms: string;
  children?: PermissionTreeNode[];
};
export const permissionTreeNode: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({
    key: z.number(),
    title: z.string(),
    menuType: z.number(),
    perms: z.string(),
    children: z.array(permissionTreeNode).optional(),
  }),
).meta({ id: 'PermissionTreeNode' });

/** GET /sys/role/queryTreeList: what the caller may grant in this tenant, and every id of it. */
export const permissionTree = z.object({ treeList: z.array(permissionTreeNode), ids: z.array(z.number()) });
export type PermissionTree = z.infer<typeof permissionTree>;

export const saveRolePermissionInput = z.strictObject({
  roleId: z.number().int().positive(),
  permissionIds: z.array(z.number().int().positive()).max(5000),
  /** what the screen loaded: kept for the spec's call shape; the server compares with the database, not with this */
  lastpermissionIds: z.array(z.number().int().positive()).max(5000).optional(),
});
