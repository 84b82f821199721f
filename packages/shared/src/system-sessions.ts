import { z } from 'zod';
import { isoTime } from './logistics-schemas.ts';

/*
 * Token management and the logs of system administration: the live sessions of a
 * tenant's users (never a token, never its hash), the sign-in log and the audit log of administrative changes.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  order: z.enum(['asc', 'desc']).optional(),
};

// a range bound: a day (YYYY-MM-DD) or a time with its offset, within years a person means
const sensible = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
};
const rangeBound = z.union([z.iso.date().refine((day) => day >= '1970-01-01' && day <= '9999-12-31'), isoTime.refine(sensible)]);

// ------------------------------------------------------------------ sessions

export const SESSION_SORT_COLUMNS = ['createdAt', 'lastSeenAt', 'expiresAt', 'username'] as const;
export type SessionSortColumn = (typeof SESSION_SORT_COLUMNS)[number];

export const sessionListQuery = {
  ...pageQuery,
  column: z.enum(SESSION_SORT_COLUMNS).optional(),
  username: z.string().trim().max(64).optional(),
  ip: z.string().trim().max(64).optional(),
  /** when the session began */
  createdAt_begin: rangeBound.optional(),
  createdAt_end: rangeBound.optional(),
  /** the platform only: another tenant's sessions (absent: the caller's own tenant) */
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
};

/** A live session as an administrator sees it: who, from where, on what, since and until when. No token, no hash. */
export const sessionRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  lastSeenIp: z.string().nullable(),
  expiresAt: z.string(),
  /** the caller's own session of this request: revoking it signs the caller out */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const sessionRevokeInput = z.strictObject({ id });
export const sessionRevokeUserInput = z.strictObject({ userId: id });
export const sessionRevokeResult = z.object({ revoked: z.number().int() });

// ------------------------------------------------------------------ sign-in log

export const LOGIN_LOG_SORT_COLUMNS = ['createdAt', 'username'] as const;
export type LoginLogSortColumn = (typeof LOGIN_LOG_SORT_COLUMNS)[number];

export const loginLogListQuery = {
  ...pageQuery,
  column: z.enum(LOGIN_LOG_SORT_COLUMNS).optional(),
  username: z.string().trim().max(64).optional(),
  ip: z.string().trim().max(64).optional(),
  success: z.enum(['true', 'false']).optional(),
  /** 1 sign-in, 2 sign-out */
  logType: z.enum(['1', '2']).optional(),
  createdAt_begin: rangeBound.optional(),
  createdAt_end: rangeBound.optional(),
};

export const loginLogRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  logType: z.number().int(),
  /** why a sign-in failed: 'bad credentials', 'locked', 'frozen', 'tenant frozen', ... (empty on success) */
  reason: z.string(),
  createdAt: z.string(),
});
export type LoginLogRecord = z.infer<typeof loginLogRecord>;

// ------------------------------------------------------------------ audit log

/** What kinds of things the audit log names (the filter's options; a line of another kind still lists). */
export const AUDIT_RESOURCES = ['user', 'role', 'menu', 'depart', 'position', 'tenant', 'tenant-package', 'dict', 'dict-item', 'announcement', 'session',
  // a merchant's API keys
  'api-key',
  // a merchant's webhook endpoints
  'push-endpoint',
  // a delivery of a push, sent again
  'push-delivery',
  // the category dictionary's entries
  'category',
  // online development: report and form definitions, check rules
  'online-report',
  'online-form',
  'check-rule',
  // the purchasing platforms' tokens
  'purchase-token',
  // a sign-on identity bound to a user
  'third-account',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'freeze', 'unfreeze', 'password', 'restore', 'purge', 'grant', 'members', 'publish', 'revoke', 'revoke-all',
  // an API key's secret rolled
  'roll',
  // a record made by an Excel import
  'import',
  // a push endpoint switched on or off, its signing secret rotated, a test event sent
  'enable',
  'disable',
  'rotate-secret',
  'test',
  // a definition saved again as an earlier version
  'rollback',
  // a dictionary's items put in order; a default package chosen
  'sort-items',
  'set-default',
  // a purchasing token: asked for, given by the platform, renewed, or its renewal failed
  'authorize',
  'authorized',
  'refresh',
  'refresh-failed',
  // push deliveries sent again: one, or every failed one of a range
  'replay',
  'replay-failed',
  // a sign-on identity approved to a user, refused, or unbound
  'approve',
  'reject',
  'unbind',
] as const;

export type AuditResource = (typeof AUDIT_RESOURCES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditLogListQuery = {
  ...pageQuery,
  /** the time only: a log reads in the order it was written */
  column: z.enum(['createdAt']).optional(),
  resource: z.string().trim().max(32).regex(/^[a-z-]*$/).optional(),
  action: z.string().trim().max(32).regex(/^[a-z-]*$/).optional(),
  username: z.string().trim().max(64).optional(),
  createdAt_begin: rangeBound.optional(),
  createdAt_end: rangeBound.optional(),
};

/** A value as its reader reads it: a text, or the items of a list; names where the line holds ids or codes. */
export const auditShownValue = z.union([z.string(), z.array(z.string())]);
export type AuditShownValue = z.infer<typeof auditShownValue>;

/** One field of a change in the reader's language (packages/shared/src/audit-fields.ts names the fields). */
export const auditFieldRow = z.object({
  /** the field as the record holds it ('permissionIds'; 'titles.en-US' for one language of a text in three) */
  key: z.string(),
  label: z.string(),
  /** null: the field is not on that side (a creation has no before) */
  before: auditShownValue.nullable(),
  after: auditShownValue.nullable(),
  /** both sides hold the record and this field differs */
  changed: z.boolean(),
  /** of a list that changed: the items the change added and those it took away */
  gained: z.array(z.string()),
  lost: z.array(z.string()),
});
export type AuditFieldRow = z.infer<typeof auditFieldRow>;

export const auditLogRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  action: z.string(),
  label: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  /** the fields the change changed (none for an addition or a deletion: the detail shows the whole record) */
  changes: z.array(auditFieldRow),
});
export type AuditLogRecord = z.infer<typeof auditLogRecord>;

/** `before` and `after` as the line holds them; `fields`, every field of either side as its reader reads it. */
export const auditLogDetail = auditLogRecord.extend({ before: z.unknown(), after: z.unknown(), fields: z.array(auditFieldRow) });
export type AuditLogDetail = z.infer<typeof auditLogDetail>;

export const auditLogIdQuery = { id: idQuery };
