import { iso } from '../../../lib/iso.ts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PushAttemptRecord, PushDeliveryRecord } from '@portal/shared/push-endpoints';
import type { PushDeliveryStatus, PushMessageType } from '@portal/shared/open-api';
import type { Db } from '../../../db/client.ts';
import { pushAttempts, pushDeliveries, pushEndpoints, pushMessages } from '../../../db/schema/open-api.ts';
import { dateRange, pageOf } from '../../../lib/list.ts';
import { PUSH_CHANNEL } from '../../../lib/outbox.ts';

/*
 * The delivery log of a tenant: deliveries with their message and endpoint, the attempts of one, and the
 * replays (a delivery due again now, counted as REPLAY). Every query filters by tenant.
 */

export type DeliveryFilters = { endpointId?: number; type?: PushMessageType; status?: PushDeliveryStatus; msgId?: string; createdAt_begin?: string; createdAt_end?: string };

const record = {
  id: pushDeliveries.id,
  msgId: pushMessages.msgId,
  type: pushMessages.type,
  endpointId: pushDeliveries.endpointId,
  endpointUrl: pushEndpoints.url,
  status: pushDeliveries.status,
  attempts: pushDeliveries.attempts,
  lastOutcome: pushDeliveries.lastOutcome,
  lastHttpStatus: pushDeliveries.lastHttpStatus,
  refusal: pushDeliveries.refusal,
  lastAttemptAt: pushDeliveries.lastAttemptAt,
  nextAttemptAt: pushDeliveries.nextAttemptAt,
  nextTrigger: pushDeliveries.nextTrigger,
  succeededAt: pushDeliveries.succeededAt,
  createdAt: pushDeliveries.createdAt,
};
type Row = { [K in keyof PushDeliveryRecord]: K extends 'lastAttemptAt' | 'nextAttemptAt' | 'succeededAt' ? Date | null : K extends 'createdAt' ? Date : PushDeliveryRecord[K] };
const toRecord = (row: Row): PushDeliveryRecord => ({
  ...row,
  id: Number(row.id),
  endpointId: Number(row.endpointId),
  lastAttemptAt: iso(row.lastAttemptAt),
  // a delivery that is not PENDING has no next attempt, whatever the column still holds
  nextAttemptAt: row.status === 'PENDING' ? iso(row.nextAttemptAt) : null,
  succeededAt: iso(row.succeededAt),
  createdAt: row.createdAt.toISOString(),
});

function whereOf(tenantId: number, filters: DeliveryFilters): SQL | undefined {
  const conditions: SQL[] = [eq(pushDeliveries.tenantId, tenantId), ...dateRange(pushDeliveries.createdAt, filters.createdAt_begin, filters.createdAt_end)];
  if (filters.endpointId !== undefined) conditions.push(eq(pushDeliveries.endpointId, filters.endpointId));
  if (filters.status) conditions.push(eq(pushDeliveries.status, filters.status));
  if (filters.type) conditions.push(eq(pushMessages.type, filters.type));
  if (filters.msgId) conditions.push(eq(pushMessages.msgId, filters.msgId));
  return and(...conditions);
}

const joined = (db: Db, selection: typeof record | { n: ReturnType<typeof count> }) =>
  db
    .select(selection)
    .from(pushDeliveries)
    .innerJoin(pushMessages, and(eq(pushMessages.tenantId, pushDeliveries.tenantId), eq(pushMessages.id, pushDeliveries.messageId)))
    .innerJoin(pushEndpoints, and(eq(pushEndpoints.tenantId, pushDeliveries.tenantId), eq(pushEndpoints.id, pushDeliveries.endpointId)));

export async function listDeliveries(db: Db, tenantId: number, query: DeliveryFilters & { pageNo: number; pageSize: number }) {
  const where = whereOf(tenantId, query);
  const [rows, counted] = await Promise.all([
    joined(db, record)
      .where(where)
      .orderBy(desc(pushDeliveries.createdAt), desc(pushDeliveries.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    joined(db, { n: count() }).where(where),
  ]);
  const total = Number((counted[0] as { n: number } | undefined)?.n ?? 0);
  return pageOf((rows as Row[]).map(toRecord), total, query.pageNo, query.pageSize);
}

export async function findDelivery(db: Db, tenantId: number, id: number): Promise<{ delivery: PushDeliveryRecord; payload: unknown } | null> {
  const rows = await db
    .select({ ...record, payload: pushMessages.payload })
    .from(pushDeliveries)
    .innerJoin(pushMessages, and(eq(pushMessages.tenantId, pushDeliveries.tenantId), eq(pushMessages.id, pushDeliveries.messageId)))
    .innerJoin(pushEndpoints, and(eq(pushEndpoints.tenantId, pushDeliveries.tenantId), eq(pushEndpoints.id, pushDeliveries.endpointId)))
    .where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.id, id)));
  const row = rows[0];
  if (!row) return null;
  const { payload, ...delivery } = row;
  return { delivery: toRecord(delivery as Row), payload };
}

export async function attemptsOf(db: Db, tenantId: number, deliveryId: number): Promise<PushAttemptRecord[]> {
  const rows = await db
    .select({
      id: pushAttempts.id,
      attemptNo: pushAttempts.attemptNo,
      trigger: pushAttempts.trigger,
      startedAt: pushAttempts.startedAt,
      latencyMs: pushAttempts.latencyMs,
      outcome: pushAttempts.outcome,
      httpStatus: pushAttempts.httpStatus,
      responseExcerpt: pushAttempts.responseExcerpt,
      error: pushAttempts.error,
    })
    .from(pushAttempts)
    .where(and(eq(pushAttempts.tenantId, tenantId), eq(pushAttempts.deliveryId, deliveryId)))
    .orderBy(pushAttempts.attemptNo, pushAttempts.id);
  return rows.map((row) => ({ ...row, id: Number(row.id), startedAt: row.startedAt.toISOString() }));
}

/** The newest delivery to an endpoint (the test event just queued). */
export async function lastDeliveryOf(db: Db, tenantId: number, endpointId: number): Promise<{ deliveryId: number; msgId: string } | null> {
  const rows = await db
    .select({ deliveryId: pushDeliveries.id, msgId: pushMessages.msgId })
    .from(pushDeliveries)
    .innerJoin(pushMessages, and(eq(pushMessages.tenantId, pushDeliveries.tenantId), eq(pushMessages.id, pushDeliveries.messageId)))
    .where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.endpointId, endpointId)))
    .orderBy(desc(pushDeliveries.id))
    .limit(1);
  return rows[0] ? { deliveryId: Number(rows[0].deliveryId), msgId: rows[0].msgId } : null;
}

/** The delivery's state, locked until the transaction ends: the relay leases it under the same lock. */
export async function lockDelivery(db: Db, tenantId: number, id: number): Promise<{ status: PushDeliveryStatus; lockedUntil: Date | null } | null> {
  const rows = await db
    .select({ status: pushDeliveries.status, lockedUntil: pushDeliveries.lockedUntil })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.id, id)))
    .for('update');
  return rows[0] ?? null;
}

/** Ids of the tenant's FAILED deliveries created in [from, to] (optionally of one endpoint), at most `limit`, locked. */
export async function failedDeliveryIds(db: Db, tenantId: number, range: { from: string; to: string; endpointId?: number }, limit: number): Promise<number[]> {
  const conditions: SQL[] = [eq(pushDeliveries.tenantId, tenantId), eq(pushDeliveries.status, 'FAILED'), sql`${pushDeliveries.createdAt} >= ${range.from}::timestamptz`, sql`${pushDeliveries.createdAt} <= ${range.to}::timestamptz`];
  if (range.endpointId !== undefined) conditions.push(eq(pushDeliveries.endpointId, range.endpointId));
  const rows = await db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(and(...conditions))
    .orderBy(pushDeliveries.id)
    .limit(limit)
    .for('update');
  return rows.map((row) => Number(row.id));
}

/** Due now, counted as a replay, leased by nobody; the relay is woken at commit. */
export async function markReplayed(db: Db, tenantId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(pushDeliveries)
    .set({ status: 'PENDING', nextAttemptAt: sql`now()`, nextTrigger: 'REPLAY', lockedUntil: null, refusal: null })
    .where(and(eq(pushDeliveries.tenantId, tenantId), inArray(pushDeliveries.id, ids)))
    .returning({ id: pushDeliveries.id });
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${String(tenantId)})`);
  return rows.length;
}
