import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AuditLogDetail, AuditLogRecord } from '@portal/shared/system-sessions';
import type { Db } from '../../../db/client.ts';
import { dateRange, escapeLike, pageOf } from '../../../lib/list.ts';
import { auditLogs } from '../../../db/schema/admin.ts';

/** Who made an administrative change, and in which tenant's data (plugins/auth.ts `auditActor(request)`). */
export type AuditActor = { tenantId: number; userId: number | null; username: string; ip: string };

/** What changed. `before` and `after` are the record as an administrator would read it (null when absent). */
export type AuditEntry = {
  resource: string;
  resourceId: string | number;
  action: string;
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

// ------------------------------------------------------------------ reading the log (a plain read: no service)

const listed = {
  id: auditLogs.id,
  username: auditLogs.username,
  resource: auditLogs.resource,
  resourceId: auditLogs.resourceId,
  action: auditLogs.action,
  label: auditLogs.label,
  ip: auditLogs.ip,
  createdAt: auditLogs.createdAt,
};
type Listed = { id: number; username: string; resource: string; resourceId: string; action: string; label: string; ip: string; createdAt: Date };
const toRecord = (row: Listed): AuditLogRecord => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() });

export type AuditLogListQuery = {
  pageNo: number;
  pageSize: number;
  order?: 'asc' | 'desc';
  resource?: string;
  action?: string;
  username?: string;
  createdAt_begin?: string;
  createdAt_end?: string;
};

export async function listAuditLogs(db: Db, tenantId: number, query: AuditLogListQuery) {
  const conditions: SQL[] = [eq(auditLogs.tenantId, tenantId)];
  if (query.resource) conditions.push(eq(auditLogs.resource, query.resource));
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.username) conditions.push(ilike(auditLogs.username, `%${escapeLike(query.username)}%`));
  conditions.push(...dateRange(auditLogs.createdAt, query.createdAt_begin, query.createdAt_end));
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(listed)
      .from(auditLogs)
      .where(where)
      .orderBy(direction(auditLogs.createdAt), direction(auditLogs.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return pageOf(rows.map(toRecord), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function findAuditLog(db: Db, tenantId: number, id: number): Promise<AuditLogDetail | null> {
  const rows = await db
    .select({ ...listed, before: auditLogs.before, after: auditLogs.after })
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.id, id)));
  const row = rows[0];
  return row ? { ...toRecord(row), before: row.before, after: row.after } : null;
}
