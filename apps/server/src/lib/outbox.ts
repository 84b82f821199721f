import type { Db } from '../db/client.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PUSH_TEST_TYPE, type PushMessageType, type PushType } from '@portal/shared/open-api';
import { pushDeliveries, pushEndpoints, pushMessages } from '../db/schema/open-api.ts';
import { preparedOnce } from './prepared.ts';
import { referenced } from './reference-memory.ts';
import { rawRows } from './raw-rows.ts';

/*
 * The outbox of message push (docs/decisions on durable delivery): a change that merchants may
 * be told about calls `emitPushEvent` inside its own transaction. The message and one delivery per
 * subscribed endpoint are rows of that transaction, so they exist exactly when the change does; the
 * NOTIFY is delivered at commit and wakes the relay, which hands the deliveries to the job queue.
 * It is the kernel's, below every domain: a domain tells merchants of its changes without importing the
 * push module above it, which owns the endpoints, the relay and the deliveries' life after this.
 */

/** The channel the relay listens on; the payload is the tenant, for nothing but logs. */
export const PUSH_CHANNEL = 'portal_push';
/** LISTEN takes no bound channel name: the statement is written out, naming PUSH_CHANNEL (decision 0033). */
export const LISTEN_PUSH = 'listen portal_push';

export type PushEvent = {
  tenantId: number;
  type: PushType;
  /** the event's `data`: plain JSON, amounts as decimal strings, times as ISO strings */
  data: Record<string, unknown>;
};

/** The `webhook-id` of a message: unique, and the same for every attempt of it. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Queues `event` for every enabled endpoint of its tenant that subscribes to its type, in the caller's
 * transaction; nothing is written when no endpoint wants it. Returns the deliveries made.
 */
export const emitPushEvent = (tx: Db, event: PushEvent): Promise<number> => emitPushEvents(tx, event.tenantId, [event]);

/**
 * Several events of one tenant with one look at its endpoints (an order's move is also a tracking event;
 * an import creates many orders; a conversion changes two wallets). Returns the deliveries made.
 */
export async function emitPushEvents(tx: Db, tenantId: number, events: readonly Omit<PushEvent, 'tenantId'>[]): Promise<number> {
  if (events.length === 0) return 0;
  const types = [...new Set(events.map((event) => event.type))];
  const endpoints = (await referenced(tx, `pushEndpoints:${tenantId}`, () => enabledEndpoints(tx).execute({ tenantId }))).filter((endpoint) => types.some((type) => endpoint.eventTypes.includes(type)));
  let deliveries = 0;
  for (const event of events) {
    const ids = endpoints.filter((endpoint) => endpoint.eventTypes.includes(event.type)).map((endpoint) => endpoint.id);
    deliveries += await queueMessage(tx, tenantId, event.type, event.data, ids, 'enabled');
  }
  return deliveries;
}

// every change a merchant may be told of asks for them: kept in memory until the tenant's endpoints change
const enabledEndpoints = preparedOnce((db) =>
  db
    .select({ id: pushEndpoints.id, eventTypes: pushEndpoints.eventTypes })
    .from(pushEndpoints)
    .where(and(eq(pushEndpoints.tenantId, sql.placeholder('tenantId')), eq(pushEndpoints.enabled, true)))
    .prepare('push_enabled_endpoints'),
);

/**
 * A message to the given endpoints of one tenant (the test event names its one endpoint, enabled or not).
 * `enabled`: only to those still there and enabled as the transaction sees them, since the endpoints kept in
 * memory may be a moment behind a change made on another app server.
 */
export async function queueMessage(tx: Db, tenantId: number, type: PushMessageType, data: Record<string, unknown>, endpointIds: readonly number[], only?: 'enabled'): Promise<number> {
  if (endpointIds.length === 0) return 0;
  const [message] = await tx.insert(pushMessages).values({ tenantId, msgId: newMessageId(), type, payload: data }).returning({ id: pushMessages.id });
  if (!message) throw new Error('push: the message was not written');
  const nextTrigger = type === PUSH_TEST_TYPE ? 'TEST' : 'SCHEDULE';
  const targets = and(eq(pushEndpoints.tenantId, tenantId), inArray(pushEndpoints.id, [...endpointIds]), only === 'enabled' ? eq(pushEndpoints.enabled, true) : undefined);
  const made = await rawRows<{ id: unknown }>(
    tx,
    sql`
    insert into ${pushDeliveries} (tenant_id, message_id, endpoint_id, next_trigger)
    select ${pushEndpoints.tenantId}, ${message.id}, ${pushEndpoints.id}, ${nextTrigger} from ${pushEndpoints}
    where ${targets}
    returning id`,
  );
  if (made.length > 0) await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${String(tenantId)})`);
  return made.length;
}
