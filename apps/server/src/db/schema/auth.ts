import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenants, users } from './sys.ts';

/** Opaque session tokens: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sys_session',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique('sys_session_token_hash_uq'),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar({ length: 64 }).notNull().default(''),
    userAgent: varchar({ length: 500 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** why it ended early: 'logout' | 'admin' | 'limit' | 'password' | 'frozen' | ... */
    revokedReason: varchar({ length: 16 }),
    /** the last request seen, written at most about once a minute per session (token management) */
    lastSeenAt: timestamp({ withTimezone: true }),
    lastSeenIp: varchar({ length: 64 }),
  },
  (t) => [index('sys_session_user_idx').on(t.userId), index('sys_session_live_idx').on(t.expiresAt).where(sql`${t.revokedAt} is null`)],
);

/** Failed sign-ins per username (known or not, so that both answer the same) for the account lock. */
export const loginLocks = pgTable('sys_login_lock', {
  usernameKey: varchar({ length: 64 }).primaryKey(),
  failCount: integer().notNull().default(0),
  firstFailAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** Sign-ins and sign-outs; an attempt that names no known user belongs to the platform (tenant 0). */
export const loginLogs = pgTable(
  'sys_login_log',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .default(0)
      .references(() => tenants.id),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    username: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }).notNull().default(''),
    userAgent: varchar({ length: 500 }).notNull().default(''),
    success: boolean().notNull(),
    /** 1 login, 2 logout */
    logType: smallint().notNull().default(1),
    reason: varchar({ length: 64 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sys_login_log_tenant_time_idx').on(t.tenantId, t.createdAt)],
);

/** Page visits reported by the web client, for the visit statistics. */
export const visitLogs = pgTable(
  'sys_visit_log',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    path: text().notNull(),
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sys_visit_log_tenant_time_idx').on(t.tenantId, t.createdAt)],
);
