import { z } from 'zod';
import { msg } from './messages.ts';
import { USERNAME_PATTERN } from './account-rule.ts';
import { permissionTreeNode } from './system-roles.ts';

/*
 * Tenants (merchant companies) and tenant menu packages: the platform's screens. A package
 * is the menus and buttons a tenant may use; its roles grant only inside it.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

/** 1 active, 0 frozen (a tenant) or disabled (a package). */
export const TENANT_STATUSES = [1, 0] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
const statusQuery = z.enum(['0', '1']).transform(Number);
const status = z.union([z.literal(1), z.literal(0)]);

// ------------------------------------------------------------------ tenants

export const TENANT_SORT_COLUMNS = ['id', 'name', 'status', 'validUntil', 'createdAt'] as const;
export type TenantSortColumn = (typeof TENANT_SORT_COLUMNS)[number];

export const tenantListQuery = {
  ...pageQuery,
  column: z.enum(TENANT_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  name: z.string().trim().max(100).optional(),
  status: statusQuery.optional(),
  packageId: idQuery.optional(),
};

const time = z.iso.datetime({ offset: true });

/** What a tenant's form sets (its main account is made on add only). */
const tenantColumns = {
  name: z.string().trim().min(1).max(100),
  packageId: id,
  validFrom: time.nullable().default(null),
  validUntil: time.nullable().default(null),
  contactName: z.string().trim().max(100).default(''),
  contactPhone: z.string().trim().max(32).default(''),
  contactEmail: z.union([z.literal(''), z.email().max(255)]).default(''),
};

/** A new tenant's main account: the password is generated (and shown once) when not given. */
export const tenantAccountInput = z.strictObject({
  username: z.string().trim().regex(USERNAME_PATTERN, { error: msg('usernameInvalid') }),
  password: z.string().min(1).max(128).optional(),
  realname: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(40),
});

export const tenantAddInput = z.strictObject({ ...tenantColumns, account: tenantAccountInput });
export type TenantAddInput = z.infer<typeof tenantAddInput>;
export const tenantEditInput = z.strictObject({ id, ...tenantColumns });
export type TenantEditInput = z.infer<typeof tenantEditInput>;
/** A batch freeze or unfreeze. */
export const tenantIdsInput = z.strictObject({ ids: z.array(id).min(1).max(200) });

export const tenantRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  packageId: z.number().int().nullable(),
  packageName: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  /** its main account (the user heading its root department) */
  mainUsername: z.string(),
  mainRealname: z.string(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type TenantRecord = z.infer<typeof tenantRecord>;

/** The answer of an add: the tenant, and the main account's password when the server made it up (shown once). */
export const tenantAdded = z.object({ tenant: tenantRecord, generatedPassword: z.string().nullable() });
export type TenantAdded = z.infer<typeof tenantAdded>;

/** A package to choose in the tenant form. */
/** A merchant in a picker: its id, and its name as the label (names are unique among tenants). */
export const tenantOption = z.object({ value: z.number().int(), label: z.string() });
export type TenantOption = z.infer<typeof tenantOption>;

export const packageOption = z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), isDefault: z.boolean() });
export type PackageOption = z.infer<typeof packageOption>;

// ------------------------------------------------------------------ packages

export const PACKAGE_SORT_COLUMNS = ['name', 'createdAt', 'updatedAt'] as const;
export type PackageSortColumn = (typeof PACKAGE_SORT_COLUMNS)[number];

export const packageListQuery = {
  ...pageQuery,
  column: z.enum(PACKAGE_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  name: z.string().trim().max(100).optional(),
  status: statusQuery.optional(),
};

export const packageInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(255).default(''),
  status: status.default(1),
});
export type PackageInput = z.infer<typeof packageInput>;
export const packageEditInput = packageInput.extend({ id });
export type PackageEditInput = z.infer<typeof packageEditInput>;
export const packageIdInput = z.strictObject({ id });

export const packageRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  isDefault: z.boolean(),
  /** how many tenants use it */
  tenantCount: z.number().int(),
  /** how many menus and buttons it holds */
  permissionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageRecord = z.infer<typeof packageRecord>;

/** The merchant-side catalogue to tick, and what the package holds. */
export const packageTree = z.object({ treeList: z.array(permissionTreeNode), ids: z.array(z.number()), checkedIds: z.array(z.number()) });
export type PackageTree = z.infer<typeof packageTree>;

export const packageGrantInput = z.strictObject({ packageId: id, permissionIds: z.array(id).max(5000) });
