import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Language, Texts } from '@portal/shared/languages';

/*
 * Tables by tenant (docs/decisions/0010-tables-by-tenant.md): a table with a tenant_id column is distributed
 * by it, so its primary key is (tenant_id, id), its unique keys include tenant_id and its references to other
 * tenant tables carry tenant_id; users, tenants and the menu catalogue are reference tables.
 */
const id = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** the id of a tenant table: unique by construction, the primary key is (tenant_id, id) */
const tenantRowId = () => bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity();
const tenantRef = () =>
  integer()
    .notNull()
    .references(() => tenants.id);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Tenant 0 is the platform itself; merchants are tenants >= 1. */
export const tenants = pgTable('sys_tenant', {
  id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  name: varchar({ length: 100 }).notNull(),
  /** 1 active, 0 frozen */
  status: smallint().notNull().default(1),
  /** the company's preferred language for notifications (spec: /purchase/company/setLanguage) */
  language: varchar({ length: 8 }).$type<Language>().notNull().default('zh-TW'),
  /** the menus and buttons it may use; null only for the platform (tenant 0) */
  packageId: bigint({ mode: 'number' }).references((): AnyPgColumn => tenantPackages.id),
  /** the validity period: before validFrom and after validUntil the tenant is refused like a frozen one */
  validFrom: timestamp({ withTimezone: true }),
  validUntil: timestamp({ withTimezone: true }),
  contactName: varchar({ length: 100 }).notNull().default(''),
  contactPhone: varchar({ length: 32 }).notNull().default(''),
  contactEmail: varchar({ length: 255 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A package of menus and buttons a merchant tenant may use (the spec's "tenant menu"): a tenant's
 * roles grant only inside its package, and the access service lets no grant outside it take effect. One
 * package is the default that registration gives a new tenant. A reference table, written by the platform.
 * Its entries: sys_tenant_package_permission (schema/admin.ts).
 */
export const tenantPackages = pgTable(
  'sys_tenant_package',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 255 }).notNull().default(''),
    /** 1 in use, 0 disabled (offered to no new tenant) */
    status: smallint().notNull().default(1),
    /** the package registration gives (at most one) */
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_tenant_package_name_uq').on(t.name), uniqueIndex('sys_tenant_package_default_uq').on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    username: varchar({ length: 64 }).notNull(),
    realname: varchar({ length: 100 }).notNull().default(''),
    nickname: varchar({ length: 100 }).notNull().default(''),
    avatar: varchar({ length: 500 }).notNull().default(''),
    passwordHash: text().notNull(),
    phone: varchar({ length: 32 }),
    email: varchar({ length: 255 }),
    /** 1 normal, 2 frozen */
    status: smallint().notNull().default(1),
    delFlag: smallint().notNull().default(0),
    superFlag: smallint().notNull().default(0),
    /** the department the user currently works in */
    orgCode: varchar({ length: 64 }),
    /** the tenant used when a request sends tenant_id 0 (or none); users are shared by tenants, so not tenant_id */
    defaultTenantId: integer()
      .notNull()
      .references(() => tenants.id),
    /** main account of its tenant (the merchant who registered it) */
    mainAccount: boolean().notNull().default(false),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** an administrator set or reset the password (an add, an import, a tenant made by the platform, a reset): the user must choose their own before anything else (plugins/auth.ts) */
    passwordChangeRequired: boolean().notNull().default(false),
    /** the staff number a company gives its people */
    workNo: varchar({ length: 32 }).notNull().default(''),
    /** when the user went to the recycle bin (delFlag 1); purged for good from there */
    deletedAt: timestamp({ withTimezone: true }),
    createdBy: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('sys_user_phone_uq').on(t.phone),
    index('sys_user_email_idx').on(sql`lower(${t.email})`),
    index('sys_user_tenant_idx').on(t.defaultTenantId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Avatar images uploaded by administrators, kept in the database so that app servers stay
 * stateless; served by their random stored name, which is the URL the user record keeps.
 */
export const userAvatars = pgTable(
  'sys_user_avatar',
  {
    id: id(),
    /** server-chosen: 32 random hex characters and the extension of the type the bytes show */
    storedName: varchar({ length: 64 }).notNull(),
    mimeType: varchar({ length: 64 }).notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_user_avatar_stored_uq').on(t.storedName)],
);

export const userTenants = pgTable(
  'sys_user_tenant',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('sys_user_tenant_tenant_idx').on(t.tenantId)],
);

export const departments = pgTable(
  'sys_depart',
  {
    id: tenantRowId(),
    tenantId: tenantRef(),
    parentId: bigint({ mode: 'number' }),
    departName: varchar({ length: 100 }).notNull(),
    /** hierarchical code: A01, A01A01, ... unique in its tenant */
    orgCode: varchar({ length: 64 }).notNull(),
    sortNo: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_depart_tenant_org_code_uq').on(t.tenantId, t.orgCode),
    index('sys_depart_tenant_parent_idx').on(t.tenantId, t.parentId),
  ],
);

/** A user's place in a department of the department's tenant. */
export const userDepartments = pgTable(
  'sys_user_depart',
  {
    tenantId: tenantRef(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: bigint({ mode: 'number' }).notNull(),
    /** the user leads this department ("my department") */
    head: boolean().notNull().default(false),
  },
  // user first: a user's departments are read by user (the key includes tenant_id wherever it stands)
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.departmentId] }),
    foreignKey({ name: 'sys_user_depart_depart_fk', columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }).onDelete('cascade'),
    index('sys_user_depart_depart_idx').on(t.tenantId, t.departmentId),
  ],
);

export const positions = pgTable(
  'sys_position',
  {
    id: tenantRowId(),
    tenantId: tenantRef(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    /** the position's rank: 1 is the highest */
    rank: smallint().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sys_position_tenant_code_uq').on(t.tenantId, t.code)],
);

export const userPositions = pgTable(
  'sys_user_position',
  {
    tenantId: tenantRef(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.positionId] }),
    foreignKey({ name: 'sys_user_position_position_fk', columns: [t.tenantId, t.positionId], foreignColumns: [positions.tenantId, positions.id] }).onDelete('cascade'),
  ],
);

export const roles = pgTable(
  'sys_role',
  {
    id: tenantRowId(),
    tenantId: tenantRef(),
    roleCode: varchar({ length: 64 }).notNull(),
    roleName: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sys_role_tenant_code_uq').on(t.tenantId, t.roleCode)],
);

export const userRoles = pgTable(
  'sys_user_role',
  {
    tenantId: tenantRef(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.roleId] }),
    foreignKey({ name: 'sys_user_role_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    index('sys_user_role_role_idx').on(t.tenantId, t.roleId),
  ],
);

/**
 * Menus (type 0 top level, 1 sub menu) and buttons (type 2), one tree, global to the platform;
 * who sees what is decided by role and department links.
 */
export const permissions = pgTable(
  'sys_permission',
  {
    id: id(),
    parentId: bigint({ mode: 'number' }),
    /** translation key of the title */
    name: varchar({ length: 100 }).notNull(),
    path: varchar({ length: 255 }).notNull().default(''),
    component: varchar({ length: 255 }).notNull().default(''),
    componentName: varchar({ length: 100 }).notNull().default(''),
    redirect: varchar({ length: 255 }),
    menuType: smallint().notNull(),
    /** permission codes, comma separated; unique, so the seed can find each entry again */
    perms: varchar({ length: 1000 }).notNull().default(''),
    /** for buttons: '1' hide when not granted, '2' disable when not granted */
    permsType: varchar({ length: 1 }).notNull().default('1'),
    sortNo: integer().notNull().default(0),
    alwaysShow: boolean().notNull().default(false),
    icon: varchar({ length: 100 }),
    /** false is the spec's route flag '0': not turned into a route */
    isRoute: boolean().notNull().default(true),
    keepAlive: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    internalOrExternal: boolean().notNull().default(false),
    url: varchar({ length: 500 }),
    /** platform-staff screens; never granted to merchant tenants */
    platformOnly: boolean().notNull().default(false),
    /** merchant screens; never granted in the platform tenant (0) */
    merchantOnly: boolean().notNull().default(false),
    /** '1' rule in force, '0' switched off (then the button shows for everyone) */
    status: varchar({ length: 1 }).notNull().default('1'),
    /** an administrator's title in the three languages; null: the translation of `name` */
    titles: jsonb().$type<Texts>(),
    /** defined by the code's menu tree (db/seed/menu-tree.ts): never deleted, its code never changed */
    builtIn: boolean().notNull().default(false),
    /** set when an administrator edits the entry: the start-up sync then leaves it as it is (decision 0015) */
    editedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_permission_parent_idx').on(t.parentId), uniqueIndex('sys_permission_perms_uq').on(t.perms)],
);

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    tenantId: tenantRef(),
    roleId: bigint({ mode: 'number' }).notNull(),
    permissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.tenantId, t.permissionId] }),
    foreignKey({ name: 'sys_role_permission_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

export const departmentPermissions = pgTable(
  'sys_depart_permission',
  {
    tenantId: tenantRef(),
    departmentId: bigint({ mode: 'number' }).notNull(),
    permissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.departmentId, t.tenantId, t.permissionId] }),
    foreignKey({ name: 'sys_depart_permission_depart_fk', columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }).onDelete('cascade'),
  ],
);

/** A role that lives inside one department and grants at most that department's permissions (its ceiling). */
export const departRoles = pgTable(
  'sys_depart_role',
  {
    id: tenantRowId(),
    tenantId: tenantRef(),
    departmentId: bigint({ mode: 'number' }).notNull(),
    roleCode: varchar({ length: 64 }).notNull(),
    roleName: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_depart_role_code_uq').on(t.tenantId, t.departmentId, t.roleCode),
    foreignKey({ name: 'sys_depart_role_depart_fk', columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }).onDelete('cascade'),
  ],
);

export const departRolePermissions = pgTable(
  'sys_depart_role_permission',
  {
    tenantId: tenantRef(),
    roleId: bigint({ mode: 'number' }).notNull(),
    permissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.tenantId, t.permissionId] }),
    foreignKey({ name: 'sys_depart_role_permission_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [departRoles.tenantId, departRoles.id] }).onDelete('cascade'),
  ],
);

export const departRoleUsers = pgTable(
  'sys_depart_role_user',
  {
    tenantId: tenantRef(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.roleId] }),
    foreignKey({ name: 'sys_depart_role_user_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [departRoles.tenantId, departRoles.id] }).onDelete('cascade'),
    index('sys_depart_role_user_role_idx').on(t.tenantId, t.roleId),
  ],
);

/**
 * A data rule of a tenant on one menu: a typed condition (a field of the menu's resource from its
 * allow-list, an operator from a fixed set, a value or a variable), never SQL text. Roles pick the
 * rules that bind their users (sys_role_data_rule).
 */
export const dataRules = pgTable(
  'sys_data_rule',
  {
    id: tenantRowId(),
    tenantId: tenantRef(),
    permissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: varchar({ length: 100 }).notNull(),
    field: varchar({ length: 64 }).notNull(),
    operator: varchar({ length: 16 }).notNull(),
    /** 'value': compared with `value`; 'variable': with what `value` names (the current user, department, tenant) */
    valueKind: varchar({ length: 16 }).notNull(),
    value: varchar({ length: 500 }).notNull().default(''),
    /** 1 in force, 0 switched off */
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sys_data_rule_permission_idx').on(t.tenantId, t.permissionId)],
);

export const roleDataRules = pgTable(
  'sys_role_data_rule',
  {
    tenantId: tenantRef(),
    roleId: bigint({ mode: 'number' }).notNull(),
    ruleId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.tenantId, t.ruleId] }),
    foreignKey({ name: 'sys_role_data_rule_role_fk', columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    foreignKey({ name: 'sys_role_data_rule_rule_fk', columns: [t.tenantId, t.ruleId], foreignColumns: [dataRules.tenantId, dataRules.id] }).onDelete('cascade'),
    index('sys_role_data_rule_rule_idx').on(t.tenantId, t.ruleId),
  ],
);

export const announcements = pgTable(
  'sys_announcement',
  {
    id: tenantRowId(),
    /** 0 (the platform's own): shown to every tenant */
    tenantId: tenantRef(),
    title: varchar({ length: 200 }).notNull(),
    content: text().notNull(),
    /** L, M, H */
    priority: varchar({ length: 1 }).notNull().default('M'),
    /** 0 draft, 1 published, 2 revoked */
    sendStatus: smallint().notNull().default(0),
    sendTime: timestamp({ withTimezone: true }),
    /** 'notice' (a notice) | 'system' (a system message) */
    msgType: varchar({ length: 16 }).notNull().default('notice'),
    /** 'ALL' everyone the tenant reaches | 'TENANT' | 'DEPART' | 'USER': those in sys_announcement_target */
    audience: varchar({ length: 8 }).notNull().default('ALL'),
    /** shown from startTime (null: from publishing) until endTime (null: no end) */
    startTime: timestamp({ withTimezone: true }),
    endTime: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdBy: bigint({ mode: 'number' }).references(() => users.id),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sys_announcement_tenant_time_idx').on(t.tenantId, t.sendTime),
    index('sys_announcement_tenant_status_idx').on(t.tenantId, t.sendStatus, t.sendTime),
  ],
);
