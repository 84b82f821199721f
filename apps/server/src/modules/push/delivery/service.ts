import { PUSH_TEST_TYPE, PUSH_TYPE_PERMISSIONS, type PushAttemptOutcome, type PushDeliveryStatus, type PushRefusal } from '@portal/shared/open-api';
import type { HeldRights, HeldRows } from '../../auth/access/holder.ts';
import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { decryptSecret } from '../../../lib/secret-box.ts';
import { referenceChanged } from '../../../lib/reference-memory.ts';
import type { PushSettings } from '../settings.ts';
import { attemptHeaders, FAILING_DAYS_DEFAULT, messageBody, nextDelayMs, RETRY_AFTER_CAP_MS, RETRY_SCHEDULE_MS, retryAfterMs, rowOf } from './model.ts';
import { publishSystemNotice } from '../../announcement/repository.ts';
import { disabledNotice } from './notice.ts';
import {
  disableEndpoint,
  endpointForDelivery,
  failWithoutAttempt,
  leaseDelivery,
  markEndpointFailing,
  markEndpointHealthy,
  messageForDelivery,
  recordAttempt,
  type DeliveryKey,
  type EndpointForDelivery,
  type MessageForDelivery,
} from './repository.ts';
import { sendAttempt, type AttemptResult } from './sender.ts';

/*
 * One attempt of one delivery (docs/decisions/0026-durable-message-push.md): lease it, send it with no
 * transaction open (PGlite has one connection, and an HTTP call may take seconds), then write the attempt
 * and the delivery's next state in one short transaction.
 */

/** What tests and the bench may change; production runs on the defaults. */
export type DeliveryOptions = {
  /** the waits between attempts (RETRY_SCHEDULE_MS) */
  scheduleMs: readonly number[];
  retryAfterCapMs: number;
  /** an endpoint failing this long is disabled */
  failingDays: number;
  /** the lease of an attempt is its deadline plus this */
  leaseMarginMs: number;
  /** how often lost deliveries are swept up; null: pg-boss's cron, every minute */
  sweepIntervalMs: number | null;
  /** pg-boss's expiry of a delivery job; by default the lease */
  expireInSeconds?: number;
  /** deliveries one server works at once: `workers` batches of `batchSize` */
  batchSize: number;
  workers: number;
  pollingSeconds: number;
  /** notifications this close together make one hand-off */
  debounceMs: number;
};

export const DELIVERY_DEFAULTS: DeliveryOptions = {
  scheduleMs: RETRY_SCHEDULE_MS,
  retryAfterCapMs: RETRY_AFTER_CAP_MS,
  failingDays: FAILING_DAYS_DEFAULT,
  leaseMarginMs: 15_000,
  sweepIntervalMs: null,
  batchSize: 10,
  workers: 2,
  pollingSeconds: 1,
  debounceMs: 25,
};

/**
 * What an endpoint's holder may read now (decision 0029), asked before each attempt: `rights`, the read rights
 * of the event types; `rows`, whether their data rules show them the row a message is about.
 */
export type DeliveryDeps = { db: Db; settings: PushSettings; options: DeliveryOptions; rights: HeldRights; rows: HeldRows; bus?: CacheBus };

/** Why a delivery is not attempted: the code the delivery log shows, and the details for the server's log. */
export type Refusal = { refusal: PushRefusal; reason: string };

/**
 * Why a message is not sent to an endpoint because of its holder, or null: the holder frozen, deleted or gone
 * from the company, no longer holding the read rights of what the message carries, or not seeing the row it is
 * about under their data rules (one query at most, none when no rule narrows them). A test event is sent.
 */
async function holderRefusal(deps: Pick<DeliveryDeps, 'rights' | 'rows'>, tenantId: number, endpoint: EndpointForDelivery, message: MessageForDelivery): Promise<Refusal | null> {
  const { type } = message;
  if (type === PUSH_TEST_TYPE) return null;
  if (!endpoint.holder || endpoint.holder.state !== 'ACTIVE') {
    const state = endpoint.holder?.state ?? 'DELETED';
    return { refusal: state === 'FROZEN' ? 'HOLDER_FROZEN' : state === 'LEFT' ? 'HOLDER_LEFT' : 'HOLDER_DELETED', reason: `the endpoint's holder is ${state}` };
  }
  const held = await deps.rights(PUSH_TYPE_PERMISSIONS, endpoint.holder, tenantId);
  if (!held.has(type)) return { refusal: 'HOLDER_RIGHTS', reason: `the endpoint's holder no longer holds the rights of ${type}` };
  const row = rowOf(type, message.payload);
  if (row && !(await deps.rows(row.menu, endpoint.holder, tenantId, row.number))) {
    return { refusal: 'HOLDER_DATA_RULES', reason: `the endpoint's holder does not see ${row.field} ${row.number ?? '(none)'} under their data rules` };
  }
  return null;
}

export type DeliveryResult =
  | { kind: 'not-due' }
  | ({ kind: 'not-attempted' } & Refusal)
  | { kind: 'attempted'; outcome: PushAttemptOutcome; status: PushDeliveryStatus; nextAttemptAt: Date | null; endpointDisabled: 'GONE' | 'FAILING' | null };

export const leaseMsOf = (settings: PushSettings, options: DeliveryOptions) => settings.timeoutMs + options.leaseMarginMs;

/** The secrets to sign with: the current one, and the previous one while its overlap lasts. */
function secretsOf(settings: PushSettings, endpointId: number, endpoint: EndpointForDelivery, now: Date): string[] | null {
  if (!settings.key) return null;
  const slot = `push:${endpointId}`;
  const current = decryptSecret(settings.key, slot, endpoint.secretEnc);
  if (!current) return null;
  const overlap = endpoint.previousSecretEnc && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  const previous = overlap && endpoint.previousSecretEnc ? decryptSecret(settings.key, slot, endpoint.previousSecretEnc) : null;
  return previous ? [current, previous] : [current];
}

/** How the answer counts, and when (if ever) the next attempt comes. */
function judge(result: AttemptResult, attemptsMade: number, options: DeliveryOptions, now: Date): { outcome: PushAttemptOutcome; status: PushDeliveryStatus; nextAttemptAt: Date | null } {
  if (result.outcome === 'SUCCESS') return { outcome: 'SUCCESS', status: 'SUCCEEDED', nextAttemptAt: null };
  if (result.httpStatus === 410) return { outcome: 'GONE', status: 'FAILED', nextAttemptAt: null };
  const throttled = result.httpStatus === 429 || result.httpStatus === 503;
  const outcome: PushAttemptOutcome = result.outcome === 'HTTP' ? (result.httpStatus === 429 ? 'THROTTLED' : 'HTTP_ERROR') : result.outcome;
  const scheduled = nextDelayMs(options.scheduleMs, attemptsMade);
  if (scheduled === null) return { outcome, status: 'FAILED', nextAttemptAt: null };
  // the receiver said when (429 or 503 with Retry-After): not before then, a day at most
  const asked = throttled ? retryAfterMs(result.retryAfter, now, options.retryAfterCapMs) : null;
  const wait = asked === null ? scheduled : asked;
  return { outcome, status: 'PENDING', nextAttemptAt: new Date(now.getTime() + wait) };
}

export async function deliverOnce(deps: DeliveryDeps, key: DeliveryKey): Promise<DeliveryResult> {
  const { db, settings, options } = deps;
  const delivery = await leaseDelivery(db, key, leaseMsOf(settings, options));
  if (!delivery) return { kind: 'not-due' };
  const [endpoint, message] = await Promise.all([endpointForDelivery(db, delivery.tenantId, delivery.endpointId), messageForDelivery(db, delivery.tenantId, delivery.messageId)]);
  const refuse = async (refused: Refusal): Promise<DeliveryResult> => {
    await failWithoutAttempt(db, delivery, refused.refusal);
    return { kind: 'not-attempted', ...refused };
  };
  if (!endpoint || !message) return refuse({ refusal: 'MISSING', reason: 'the endpoint or the message no longer exists' });
  // the test event is sent enabled or not: it is how one checks a receiver before enabling it (decision 0029)
  if (!endpoint.enabled && message.type !== PUSH_TEST_TYPE) return refuse({ refusal: 'ENDPOINT_DISABLED', reason: `the endpoint is disabled (${endpoint.disabledReason ?? 'MANUAL'})` });
  const refusal = await holderRefusal(deps, delivery.tenantId, endpoint, message);
  if (refusal) return refuse(refusal);

  const startedAt = new Date();
  const secrets = secretsOf(settings, delivery.endpointId, endpoint, startedAt);
  let result: AttemptResult;
  if (!secrets) {
    // no request without a signature: counted as a failed attempt, retried on the schedule (the key may come back)
    result = { outcome: 'NETWORK', httpStatus: null, responseExcerpt: '', error: 'the signing secret cannot be read with the PUSH_SECRET_KEY of this server', latencyMs: 0 };
  } else {
    const body = messageBody(message.type, message.createdAt, message.payload);
    result = await sendAttempt({ url: endpoint.url, headers: attemptHeaders(secrets, message.msgId, startedAt, body), body, timeoutMs: settings.timeoutMs, targets: settings.targets });
  }

  const decided = new Date();
  const next = judge(result, delivery.attempts + 1, options, decided);
  let endpointDisabled: 'GONE' | 'FAILING' | null = null;
  await db.transaction(async (tx) => {
    await recordAttempt(
      tx,
      delivery,
      { startedAt, latencyMs: result.latencyMs, outcome: next.outcome, httpStatus: result.httpStatus, responseExcerpt: result.responseExcerpt, error: result.error },
      next,
    );
    if (next.outcome === 'SUCCESS') {
      if (endpoint.failingSince) await markEndpointHealthy(tx, delivery.tenantId, delivery.endpointId);
      return;
    }
    let reason: 'GONE' | 'FAILING' | null = next.outcome === 'GONE' ? 'GONE' : null;
    if (!reason) {
      const failingSince = await markEndpointFailing(tx, delivery.tenantId, delivery.endpointId);
      if (failingSince && decided.getTime() - failingSince.getTime() > options.failingDays * 86_400_000) reason = 'FAILING';
    }
    if (reason && (await disableEndpoint(tx, delivery.tenantId, delivery.endpointId, reason))) {
      endpointDisabled = reason;
      const notice = disabledNotice(reason, endpoint.url, options.failingDays);
      await publishSystemNotice(tx, delivery.tenantId, notice.title, notice.paragraphs);
    }
  });
  if (endpointDisabled) {
    await referenceChanged(db, `pushEndpoints:${delivery.tenantId}`);
    await deps.bus?.publish({ kind: 'announcement', tenantId: delivery.tenantId });
  }
  return { kind: 'attempted', outcome: next.outcome, status: next.status, nextAttemptAt: next.nextAttemptAt, endpointDisabled };
}
