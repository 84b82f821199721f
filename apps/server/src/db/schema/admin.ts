import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { announcements, permissions, tenantPackages, tenants, users } from './sys.ts';

/*
 * System administration II: the entries of tenant menu packages, the audit log, announcement audiences and read
 * marks, and third-party (OpenID Connect) identities. Tenant tables follow decision 0010 (tenant_id in every key);
 * the others are declared in distribution.ts.
 */

/** The entries of a tenant package (sys_tenant_package in sys.ts). */
export const tenantPackagePermissions = pgTable(
  'sys_tenant_package_permission',
  {
    packageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tenantPackages.id, { onDelete: 'cascade' }),
    permissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.permissionId] })],
);

/**
 * Administrative changes (users, roles, menus, tenants, dictionaries, announcements, sessions): who, when, what,
 * before and after. Written in the transaction of the change; never updated.
 */
export const auditLogs = pgTable(
  'sys_audit_log',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** the tenant whose data changed (0: the platform's own, the catalogue, dictionaries, tenants) */
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    username: varchar({ length: 64 }).notNull().default(''),
    /** what kind of thing changed: user, role, menu, tenant, tenant-package, dict, dict-item, announcement, session, ... */
    resource: varchar({ length: 32 }).notNull(),
    resourceId: varchar({ length: 64 }).notNull().default(''),
    /** create, update, delete, freeze, unfreeze, grant, publish, revoke, ... */
    action: varchar({ length: 32 }).notNull(),
    /** a short human label of the thing (its name or code at the time) */
    label: varchar({ length: 200 }).notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sys_audit_log_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('sys_audit_log_tenant_resource_idx').on(t.tenantId, t.resource, t.resourceId),
  ],
);

/**
 * Who an announcement is for, besides "everyone" (which has no rows): tenants (platform announcements only),
 * departments and users of the announcement's tenant. target_id is the tenant, department or user id.
 */
export const announcementTargets = pgTable(
  'sys_announcement_target',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    announcementId: bigint({ mode: 'number' }).notNull(),
    /** 'TENANT' | 'DEPART' | 'USER' */
    targetKind: varchar({ length: 8 }).notNull(),
    targetId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.tenantId, t.targetKind, t.targetId] }),
    foreignKey({ name: 'sys_announcement_target_announcement_fk', columns: [t.tenantId, t.announcementId], foreignColumns: [announcements.tenantId, announcements.id] }).onDelete('cascade'),
    index('sys_announcement_target_kind_idx').on(t.tenantId, t.targetKind, t.targetId),
  ],
);

/** A reader's read mark; tenant_id is the announcement's (a platform announcement's marks are tenant 0 rows). */
export const announcementReads = pgTable(
  'sys_announcement_read',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    announcementId: bigint({ mode: 'number' }).notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.announcementId] }),
    foreignKey({ name: 'sys_announcement_read_announcement_fk', columns: [t.tenantId, t.announcementId], foreignColumns: [announcements.tenantId, announcements.id] }).onDelete('cascade'),
  ],
);

/**
 * An identity at an OpenID Connect provider (issuer + subject). It signs a user in only once bound: by a
 * verified e-mail that matches exactly one user, or by an administrator's approval; it never creates a user.
 */
export const thirdAccounts = pgTable(
  'sys_third_account',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** the provider's name in the deployment (OIDC_PROVIDER_NAME), e.g. 'oidc' */
    provider: varchar({ length: 32 }).notNull(),
    issuer: varchar({ length: 500 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    email: varchar({ length: 255 }),
    emailVerified: boolean().notNull().default(false),
    displayName: varchar({ length: 200 }).notNull().default(''),
    /** the user it signs in as; null while pending */
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'bound' | 'rejected' */
    status: varchar({ length: 16 }).notNull().default('pending'),
    /** how it was bound: 'email' | 'admin' */
    boundBy: varchar({ length: 16 }),
    approvedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_third_account_subject_uq').on(t.issuer, t.subject), index('sys_third_account_user_idx').on(t.userId), index('sys_third_account_status_idx').on(t.status, t.createdAt)],
);

/**
 * Short-lived one-time values of the OpenID Connect flow, kept in the database so that any app server can
 * finish what another began: 'state' (the authorisation request: nonce, PKCE verifier, where to return) and
 * 'login' (the ticket the browser trades for a session at /thirdLogin/getLoginUser/{token}). Only hashes of
 * the values are stored.
 */
export const thirdTickets = pgTable(
  'sys_third_ticket',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar({ length: 8 }).notNull(),
    valueHash: varchar({ length: 64 }).notNull(),
    /** what the step needs: { nonce, codeVerifier, redirect } for a state, { userId } or { accountId } for a login */
    data: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_third_ticket_value_uq').on(t.kind, t.valueHash), index('sys_third_ticket_expiry_idx').on(t.expiresAt)],
);
