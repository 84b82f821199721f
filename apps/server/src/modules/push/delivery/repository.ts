import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HolderState, PushAttemptOutcome, PushAttemptTrigger, PushDeliveryStatus, PushDisabledReason, PushMessageType, PushRefusal } from '@portal/shared/open-api';
import type { Db } from '../../../db/client.ts';
import { pushAttempts, pushDeliveries, pushEndpoints, pushMessages } from '../../../db/schema/open-api.ts';
import { users } from '../../../db/schema/sys.ts';
import { holderStateOf } from '../../auth/access/holder.ts';

/** A delivery by its key: the job's data. */
export type DeliveryKey = { tenantId: number; deliveryId: number };

export type LeasedDelivery = { tenantId: number; id: number; messageId: number; endpointId: number; attempts: number; nextTrigger: PushAttemptTrigger };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Takes the delivery for one attempt if it is due and nobody holds it: the lease lasts the attempt's
 * deadline and a margin, so a server killed mid-attempt only delays it. No row: nothing to do.
 */
export async function leaseDelivery(db: Db, key: DeliveryKey, leaseMs: number): Promise<LeasedDelivery | null> {
  const rows = rowsOf<{ tenant_id: number; id: number; message_id: number; endpoint_id: number; attempts: number; next_trigger: PushAttemptTrigger }>(
    await db.execute(sql`update push_delivery set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      where tenant_id = ${key.tenantId} and id = ${key.deliveryId} and status = 'PENDING' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      returning tenant_id, id, message_id, endpoint_id, attempts, next_trigger`),
  );
  const row = rows[0];
  return row
    ? { tenantId: Number(row.tenant_id), id: Number(row.id), messageId: Number(row.message_id), endpointId: Number(row.endpoint_id), attempts: Number(row.attempts), nextTrigger: row.next_trigger }
    : null;
}

export type EndpointForDelivery = {
  url: string;
  enabled: boolean;
  disabledReason: PushDisabledReason | null;
  secretEnc: string;
  previousSecretEnc: string | null;
  previousSecretUntil: Date | null;
  failingSince: Date | null;
  /** whose rights its events carry (decision 0029), and whether they still can */
  holder: { userId: number; username: string; orgCode: string | null; state: HolderState } | null;
};

const holders = alias(users, 'holder');

export async function endpointForDelivery(db: Db, tenantId: number, endpointId: number): Promise<EndpointForDelivery | null> {
  const [row] = await db
    .select({
      url: pushEndpoints.url,
      enabled: pushEndpoints.enabled,
      disabledReason: pushEndpoints.disabledReason,
      secretEnc: pushEndpoints.secretEnc,
      previousSecretEnc: pushEndpoints.previousSecretEnc,
      previousSecretUntil: pushEndpoints.previousSecretUntil,
      failingSince: pushEndpoints.failingSince,
      holderId: holders.id,
      holderUsername: holders.username,
      holderOrgCode: holders.orgCode,
      holderState: holderStateOf(holders, pushEndpoints.tenantId),
    })
    .from(pushEndpoints)
    .leftJoin(holders, eq(holders.id, pushEndpoints.holderId))
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpointId)));
  if (!row) return null;
  const { holderId, holderUsername, holderOrgCode, holderState, ...endpoint } = row;
  return { ...endpoint, holder: holderId === null || holderUsername === null ? null : { userId: Number(holderId), username: holderUsername, orgCode: holderOrgCode, state: holderState } };
}

export type MessageForDelivery = { msgId: string; type: PushMessageType; payload: unknown; createdAt: Date };

export async function messageForDelivery(db: Db, tenantId: number, messageId: number): Promise<MessageForDelivery | null> {
  const [row] = await db
    .select({ msgId: pushMessages.msgId, type: pushMessages.type, payload: pushMessages.payload, createdAt: pushMessages.createdAt })
    .from(pushMessages)
    .where(and(eq(pushMessages.tenantId, tenantId), eq(pushMessages.id, messageId)));
  return row ?? null;
}

export type AttemptRecord = {
  startedAt: Date;
  latencyMs: number;
  outcome: PushAttemptOutcome;
  httpStatus: number | null;
  responseExcerpt: string;
  error: string;
};

/** What an attempt leaves: the log row, and the delivery's new state (PENDING again at `nextAttemptAt`, or final). */
export async function recordAttempt(
  tx: Db,
  delivery: LeasedDelivery,
  attempt: AttemptRecord,
  next: { status: PushDeliveryStatus; nextAttemptAt: Date | null },
): Promise<void> {
  await tx.insert(pushAttempts).values({
    tenantId: delivery.tenantId,
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    attemptNo: delivery.attempts + 1,
    trigger: delivery.nextTrigger,
    startedAt: attempt.startedAt,
    latencyMs: attempt.latencyMs,
    outcome: attempt.outcome,
    httpStatus: attempt.httpStatus,
    responseExcerpt: attempt.responseExcerpt.slice(0, 1000),
    error: attempt.error.slice(0, 500),
  });
  const finishedAt = new Date();
  await tx
    .update(pushDeliveries)
    .set({
      attempts: delivery.attempts + 1,
      status: next.status,
      ...(next.nextAttemptAt ? { nextAttemptAt: next.nextAttemptAt } : {}),
      nextTrigger: 'SCHEDULE',
      lockedUntil: null,
      lastAttemptAt: attempt.startedAt,
      lastOutcome: attempt.outcome,
      lastHttpStatus: attempt.httpStatus,
      ...(next.status === 'SUCCEEDED' ? { succeededAt: finishedAt } : {}),
    })
    .where(and(eq(pushDeliveries.tenantId, delivery.tenantId), eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, 'PENDING')));
}

/** A delivery that is not attempted (its endpoint disabled or gone, its holder's state, rights or data rules): FAILED with why, the lease released. */
export async function failWithoutAttempt(db: Db, delivery: LeasedDelivery, refusal: PushRefusal): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ status: 'FAILED', refusal, lockedUntil: null, nextTrigger: 'SCHEDULE' })
    .where(and(eq(pushDeliveries.tenantId, delivery.tenantId), eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, 'PENDING')));
}

/** A success: the endpoint is healthy again. */
export async function markEndpointHealthy(tx: Db, tenantId: number, endpointId: number): Promise<void> {
  await tx.update(pushEndpoints).set({ failingSince: null }).where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpointId), sql`${pushEndpoints.failingSince} is not null`));
}

/** A failure: the first one after a success starts the "failing since" clock; returns when it started. */
export async function markEndpointFailing(tx: Db, tenantId: number, endpointId: number): Promise<Date | null> {
  const rows = await tx
    .update(pushEndpoints)
    .set({ failingSince: sql`coalesce(${pushEndpoints.failingSince}, now())` })
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpointId)))
    .returning({ failingSince: pushEndpoints.failingSince });
  return rows[0]?.failingSince ?? null;
}

/** Turns an endpoint off for `reason`; false when it already was. */
export async function disableEndpoint(tx: Db, tenantId: number, endpointId: number, reason: Exclude<PushDisabledReason, 'MANUAL'>): Promise<boolean> {
  const rows = await tx
    .update(pushEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: new Date() })
    .where(and(eq(pushEndpoints.tenantId, tenantId), eq(pushEndpoints.id, endpointId), eq(pushEndpoints.enabled, true)))
    .returning({ id: pushEndpoints.id });
  return rows.length > 0;
}

export type DueDelivery = DeliveryKey & { nextAttemptAt: Date; lockedUntil: Date | null };

/**
 * PENDING deliveries whose time has come (at least `overdueMs` ago) and that nobody holds, oldest first,
 * after the cursor; with `includeLeased` also those held (at start: the leases of a server that died).
 */
export async function dueDeliveries(db: Db, options: { overdueMs: number; includeLeased: boolean; limit: number; after?: { at: Date; tenantId: number; id: number } }): Promise<DueDelivery[]> {
  const after = options.after ? sql`and (next_attempt_at, tenant_id, id) > (${options.after.at.toISOString()}::timestamptz, ${options.after.tenantId}, ${options.after.id})` : sql``;
  const free = options.includeLeased ? sql`` : sql`and (locked_until is null or locked_until < now())`;
  const rows = rowsOf<{ tenant_id: number; id: number; next_attempt_at: string | Date; locked_until: string | Date | null }>(
    await db.execute(sql`select tenant_id, id, next_attempt_at, locked_until from push_delivery
      where status = 'PENDING' and next_attempt_at <= now() - make_interval(secs => ${options.overdueMs / 1000}) ${free} ${after}
      order by next_attempt_at, tenant_id, id limit ${options.limit}`),
  );
  return rows.map((row) => ({
    tenantId: Number(row.tenant_id),
    deliveryId: Number(row.id),
    nextAttemptAt: new Date(row.next_attempt_at),
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
  }));
}
