import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { SmsPurpose } from '@portal/shared/sys';

/**
 * One-time codes sent by SMS (sign-in by phone, registration, password reset). Only a keyed hash of
 * the code is stored (HMAC-SHA256 with a server-side secret, bound to phone and purpose). Rows for
 * numbers that have no account are written too, so the rate limits answer the same for every number.
 */
export const smsCodes = pgTable(
  'sys_sms_code',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** normalised: digits only, or +<country><digits> */
    phone: varchar({ length: 32 }).notNull(),
    purpose: varchar({ length: 16 }).$type<SmsPurpose>().notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** verifications tried (right or wrong); the code dies at the limit */
    attempts: smallint().notNull().default(0),
    /** the client address that asked for it */
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the latest code of a number for one purpose (verification)
    index('sys_sms_code_phone_purpose_time_idx').on(t.phone, t.purpose, t.createdAt),
    // codes per number in the last minute / day (rate limits)
    index('sys_sms_code_phone_time_idx').on(t.phone, t.createdAt),
    // codes per client address in the last hour (rate limit)
    index('sys_sms_code_ip_time_idx').on(t.ip, t.createdAt),
    check('sys_sms_code_purpose_ck', sql`${t.purpose} in ('login', 'register', 'reset')`),
  ],
);
