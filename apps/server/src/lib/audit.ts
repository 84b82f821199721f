import type { AuditAction, AuditResource } from '@portal/shared/system-sessions';
import type { Db } from '../db/client.ts';
import { auditLogs } from '../db/schema/admin.ts';

/*
 * The audit trail's writer, below every domain: each records its own changes, in the transaction of the change,
 * without importing the system area that reads the log (modules/system/audit).
 */

/** Who made an administrative change, and in which tenant's data (plugins/auth.ts `auditActor(request)`). */
export type AuditActor = { tenantId: number; userId: number | null; username: string; ip: string };

/** What changed. `before` and `after` are the record as an administrator would read it (null when absent). */
export type AuditEntry = {
  /** one of the log screen's resources and actions: a line it could not name or filter is refused here */
  resource: AuditResource;
  resourceId: string | number;
  action: AuditAction;
  label?: string;
  before?: unknown;
  after?: unknown;
  /** the tenant whose data changed, when it is not the actor's (the platform freezing a tenant's user) */
  tenantId?: number;
};

// a secret never reaches the log, whatever a caller passes: these keys are dropped at any depth
const SECRET_KEY = /password|secret|token|hash|credential/i;

function scrub(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)).map(([key, item]) => [key, scrub(item, depth + 1)]));
}

/**
 * Writes one line of the audit log. Call it with the transaction of the change, so that a change and its line
 * are kept or lost together.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    tenantId: entry.tenantId ?? actor.tenantId,
    userId: actor.userId,
    username: actor.username.slice(0, 64),
    resource: entry.resource.slice(0, 32),
    resourceId: String(entry.resourceId).slice(0, 64),
    action: entry.action.slice(0, 32),
    label: (entry.label ?? '').slice(0, 200),
    before: scrub(entry.before ?? null),
    after: scrub(entry.after ?? null),
    ip: actor.ip.slice(0, 64),
  });
}
