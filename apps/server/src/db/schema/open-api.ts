import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ApiScope, PushAttemptOutcome, PushAttemptTrigger, PushDeliveryStatus, PushDisabledReason, PushMessageType, PushRefusal, PushType } from '@portal/shared/open-api';
import { tenants, users } from './sys.ts';

/*
 * The open API and message push (docs/open-api.md). Tables by tenant (decision 0010): every row
 * carries its tenant, the primary keys lead with it. API key secrets are stored only as sha-256 hashes
 * (256 random bits: a slow hash adds nothing); webhook secrets must be kept to sign, so they are encrypted
 * at rest (AES-256-GCM, lib/secret-box.ts).
 */

const tenantRowId = () => bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  integer()
    .notNull()
    .references(() => tenants.id);
const userRef = () => integer().references(() => users.id);
const at = () => timestamp({ withTimezone: true });

/** A merchant's API key: what it may do (scopes), from where (IP allow-list) and until when. */
export const apiKeys = pgTable(
  'api_key',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    name: varchar({ length: 100 }).notNull(),
    scopes: text().array().$type<ApiScope[]>().notNull(),
    /** addresses or CIDR ranges (v4 or v6); empty: from anywhere */
    ipAllowList: text().array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    /** mandatory, at most a year after creation */
    expiresAt: at().notNull(),
    revokedAt: at(),
    revokedBy: userRef(),
    /** written at most once a minute per key, off the request's path */
    lastUsedAt: at(),
    lastUsedIp: varchar({ length: 45 }).notNull().default(''),
    createdBy: userRef(),
    /** whose rights the key carries (decision 0027): who made it or last changed its scopes or secret */
    holderId: userRef(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('api_key_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The secrets of a key: one, or two during a roll's overlap (the old one with `expiresAt`). A request
 * presents the whole key; its sha-256 finds the row through its index, whatever the tenant.
 */
export const apiKeySecrets = pgTable(
  'api_key_secret',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    keyId: bigint({ mode: 'number' }).notNull(),
    /** sha-256 (hex) of the whole key */
    hash: varchar({ length: 64 }).notNull(),
    /** the first API_KEY_SHOWN_CHARS characters, to tell keys apart on screen ("mpk_AbCd1234…") */
    shown: varchar({ length: 16 }).notNull(),
    /** null: the key's current secret; set: an old secret that works until then (a roll's overlap) */
    expiresAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // not unique: a unique key must hold tenant_id (decision 0010), and the guard finds a key whatever its tenant;
    // two keys of 238 random bits never share a hash
    index('api_key_secret_hash_idx').on(t.hash),
    index('api_key_secret_key_idx').on(t.tenantId, t.keyId),
    foreignKey({ columns: [t.tenantId, t.keyId], foreignColumns: [apiKeys.tenantId, apiKeys.id] }).onDelete('cascade'),
  ],
);

/**
 * Calls of the open API counted per key, operation and day (the server's day): how many, how many failed
 * (4xx and 5xx apart), the latency's sum and histogram (API_LATENCY_BUCKETS_MS, one more for the open
 * last bucket). Counted in memory and added here every few seconds, so counting costs the call nothing.
 */
export const apiCallStats = pgTable(
  'api_call_stat',
  {
    tenantId: tenantId(),
    keyId: bigint({ mode: 'number' }).notNull(),
    /** an ApiType, or OTHER for a path that is no operation (a 404) */
    apiType: varchar({ length: 32 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    calls: integer().notNull().default(0),
    clientErrors: integer().notNull().default(0),
    serverErrors: integer().notNull().default(0),
    /** 429 answers of the rate limit (also counted in clientErrors) */
    throttled: integer().notNull().default(0),
    latencyMsSum: bigint({ mode: 'number' }).notNull().default(0),
    latencyBuckets: integer().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.keyId, t.apiType] })],
);

/** A merchant's webhook endpoint: where to, which event types, and its signing secrets. */
export const pushEndpoints = pgTable(
  'push_endpoint',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    url: varchar({ length: 2000 }).notNull(),
    description: varchar({ length: 200 }).notNull().default(''),
    eventTypes: text().array().$type<PushType[]>().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: varchar({ length: 16 }).$type<PushDisabledReason>(),
    disabledAt: at(),
    /** the whsec_ secret, encrypted; during a rotation's overlap also the previous one, until `previousSecretUntil` */
    secretEnc: text().notNull(),
    previousSecretEnc: text(),
    previousSecretUntil: at(),
    /** set by the first failure after a success, cleared by a success: "failing for days" is measured from it */
    failingSince: at(),
    createdBy: userRef(),
    /** whose rights its events carry (decision 0029): who made it or last changed its event types or address */
    holderId: userRef(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('push_endpoint_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    check('push_endpoint_disabled_ck', sql`${t.disabledReason} is null or ${t.disabledReason} in ('MANUAL','GONE','FAILING')`),
  ],
);

/**
 * The outbox: one event, written in the same transaction as the change that caused it. `msgId` is the
 * `webhook-id` every attempt of it carries, so a receiver deduplicates by it.
 */
export const pushMessages = pgTable(
  'push_message',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    msgId: varchar({ length: 40 }).notNull(),
    type: varchar({ length: 32 }).$type<PushMessageType>().notNull(),
    /** the event's `data`, as sent */
    payload: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('push_message_msg_uq').on(t.tenantId, t.msgId), index('push_message_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One message to one endpoint. PENDING while it has attempts to come (`nextAttemptAt`); a worker leases
 * it (`lockedUntil`) for the length of one attempt, so two servers never send the same attempt twice.
 */
export const pushDeliveries = pgTable(
  'push_delivery',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    messageId: bigint({ mode: 'number' }).notNull(),
    endpointId: bigint({ mode: 'number' }).notNull(),
    status: varchar({ length: 16 }).$type<PushDeliveryStatus>().notNull().default('PENDING'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: at().defaultNow(),
    /** what the next attempt is counted as: the schedule, or a replay the merchant asked for (TEST for the test event) */
    nextTrigger: varchar({ length: 16 }).$type<PushAttemptTrigger>().notNull().default('SCHEDULE'),
    lockedUntil: at(),
    lastAttemptAt: at(),
    /** the outcome and HTTP status of the last attempt, for the list without a join */
    lastOutcome: varchar({ length: 16 }).$type<PushAttemptOutcome>(),
    lastHttpStatus: smallint(),
    /** why it was FAILED without an attempt, nothing sent (the endpoint disabled, its holder's rights or data rules) */
    refusal: varchar({ length: 24 }).$type<PushRefusal>(),
    succeededAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('push_delivery_message_endpoint_uq').on(t.tenantId, t.messageId, t.endpointId),
    index('push_delivery_tenant_endpoint_created_idx').on(t.tenantId, t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('push_delivery_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // the relay's sweep: what is due, whatever the tenant
    index('push_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    foreignKey({ columns: [t.tenantId, t.messageId], foreignColumns: [pushMessages.tenantId, pushMessages.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.endpointId], foreignColumns: [pushEndpoints.tenantId, pushEndpoints.id] }).onDelete('cascade'),
    check('push_delivery_status_ck', sql`${t.status} in ('PENDING','SUCCEEDED','FAILED')`),
    check('push_delivery_trigger_ck', sql`${t.nextTrigger} in ('SCHEDULE','REPLAY','TEST')`),
  ],
);

/** Every attempt of a delivery: the delivery log and the push statistics read these. */
export const pushAttempts = pgTable(
  'push_attempt',
  {
    id: tenantRowId(),
    tenantId: tenantId(),
    deliveryId: bigint({ mode: 'number' }).notNull(),
    endpointId: bigint({ mode: 'number' }).notNull(),
    attemptNo: smallint().notNull(),
    trigger: varchar({ length: 16 }).$type<PushAttemptTrigger>().notNull(),
    startedAt: at().notNull(),
    latencyMs: integer().notNull(),
    outcome: varchar({ length: 16 }).$type<PushAttemptOutcome>().notNull(),
    httpStatus: smallint(),
    /** the answer's first bytes (at most 1,000 characters) */
    responseExcerpt: varchar({ length: 1000 }).notNull().default(''),
    /** what went wrong, when no answer came (timeout, refused address, network) */
    error: varchar({ length: 500 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('push_attempt_delivery_idx').on(t.tenantId, t.deliveryId, t.attemptNo),
    index('push_attempt_tenant_started_idx').on(t.tenantId, t.startedAt, t.endpointId),
    foreignKey({ columns: [t.tenantId, t.deliveryId], foreignColumns: [pushDeliveries.tenantId, pushDeliveries.id] }).onDelete('cascade'),
    check('push_attempt_outcome_ck', sql`${t.outcome} in ('SUCCESS','HTTP_ERROR','TIMEOUT','NETWORK','BLOCKED_ADDRESS','REDIRECT','GONE','THROTTLED')`),
    check('push_attempt_trigger_ck', sql`${t.trigger} in ('SCHEDULE','REPLAY','TEST')`),
  ],
);
