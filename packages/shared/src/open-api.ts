import type { PermissionCode } from './permissions.ts';

/*
 * The open API for merchants' own systems and the messages pushed to them (docs/open-api.md).
 * A merchant's API key acts inside its tenant and its scopes; a merchant's endpoints receive signed events
 * (Standard Webhooks). The event types are the dictionary PushTypeEnum, the operations counted in the API
 * statistics the dictionary ApiTypeEnum: both are kept in step with these lists by a test.
 */

/** Where the open API lives; a later incompatible version gets /open/v2 beside it. */
export const OPEN_API_PREFIX = '/open/v1';

/** Every key starts with this, so that a leaked key is recognisable (secret scanners, logs, a pasted chat). */
export const API_KEY_PREFIX = 'mpk_';
/** The characters of a key shown after it was made: the prefix and the first few of its random part. */
export const API_KEY_SHOWN_CHARS = 12;

/** What a key may do: one resource and one action each. */
export const API_SCOPES = ['orders:read', 'orders:write', 'tracking:read', 'parcels:read', 'wallet:read', 'purchases:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * The portal permissions each scope stands for (decision 0027): a key carries the rights of its holder, the
 * user who made it or last changed its scopes or secret, who must hold every code of each scope they give it;
 * at each call a scope whose codes its holder no longer holds is refused.
 */
export const SCOPE_PERMISSIONS = {
  'orders:read': ['logistics:order:list', 'logistics:order:detail'],
  'orders:write': ['logistics:order:add', 'logistics:order:cancel'],
  'tracking:read': ['logistics:order:tracking'],
  'parcels:read': ['logistics:package:list'],
  'wallet:read': ['wallet:module:view'],
  'purchases:read': ['purchase:taobao-order:list', 'purchase:1688-order:list'],
} as const satisfies Record<ApiScope, readonly PermissionCode[]>;

/**
 * Whose rights a key or an endpoint carries, its holder (decisions 0027, 0029): ACTIVE, or why it stopped: the
 * holder is FROZEN, DELETED (in the recycle bin or purged) or LEFT the company (no longer one of its users).
 */
export const HOLDER_STATES = ['ACTIVE', 'FROZEN', 'DELETED', 'LEFT'] as const;
export type HolderState = (typeof HOLDER_STATES)[number];

/** A key's expiry is mandatory and at most a year away. */
export const API_KEY_MAX_DAYS = 366;
/** After a roll, the old secret keeps working this long by default (the merchant may choose 0 to 7 days). */
export const API_KEY_ROLL_OVERLAP_HOURS_DEFAULT = 24;
export const API_KEY_ROLL_OVERLAP_HOURS_MAX = 7 * 24;
/** An IP allow-list holds at most this many addresses or CIDR ranges. */
export const API_KEY_IP_ALLOW_MAX = 20;

/** The operations of the open API, as counted in the API statistics (dictionary ApiTypeEnum). */
export const API_TYPES = [
  'ORDER_CREATE',
  'ORDER_EDIT',
  'ORDER_CANCEL',
  'ORDER_QUERY',
  'TRACKING_QUERY',
  'LABEL_PRINT',
  'PARCEL_FORECAST',
  'PARCEL_QUERY',
  'PICKUP_CREATE',
  'FREIGHT_ESTIMATE',
  'BALANCE_QUERY',
  'EXCHANGE_RATE_QUERY',
  'PURCHASE_QUERY',
] as const;
export type ApiType = (typeof API_TYPES)[number];

/** The events a merchant's endpoint may subscribe to (dictionary PushTypeEnum). */
export const PUSH_TYPES = [
  'ORDER_STATUS',
  'TRACKING_EVENT',
  'PARCEL_WHIN',
  'PARCEL_WHOUT',
  'PICKUP_STATUS',
  'EXCEPTION',
  'PURCHASE_STATUS',
  'WALLET_CHANGE',
  'RECHARGE_RESULT',
  'REFUND_RESULT',
] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/**
 * The read permissions of what each event carries (decision 0029): whoever subscribes an endpoint to an event
 * holds them, and its holder still holds them when it is delivered (else it is not sent).
 */
export const PUSH_TYPE_PERMISSIONS = {
  ORDER_STATUS: ['logistics:order:list'],
  TRACKING_EVENT: ['logistics:order:tracking'],
  PARCEL_WHIN: ['logistics:package:list'],
  PARCEL_WHOUT: ['logistics:package:list'],
  PICKUP_STATUS: ['logistics:pickup-batch:list'],
  EXCEPTION: ['logistics:collection-exception:list'],
  PURCHASE_STATUS: ['purchase:taobao-order:list', 'purchase:1688-order:list'],
  WALLET_CHANGE: ['finance:detail:list'],
  RECHARGE_RESULT: ['wallet:recharge:list'],
  REFUND_RESULT: ['wallet:refund:list'],
} as const satisfies Record<PushType, readonly PermissionCode[]>;
/** "Send a test event" sends this type, which no endpoint subscribes to and every endpoint accepts. */
export const PUSH_TEST_TYPE = 'PING';
export type PushMessageType = PushType | typeof PUSH_TEST_TYPE;

/** Standard Webhooks: the secret is "whsec_" and base64 of 24 to 64 random bytes. */
export const PUSH_SECRET_PREFIX = 'whsec_';
/** After a secret rotation, deliveries are signed with both secrets this long. */
export const PUSH_SECRET_OVERLAP_HOURS = 24;
export const PUSH_ENDPOINTS_PER_TENANT_MAX = 20;

/** A message to one endpoint: PENDING until it succeeds or the retries are spent (FAILED). */
export const PUSH_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/**
 * Why a delivery ended FAILED without an attempt, nothing sent (decisions 0026, 0029): the endpoint or the
 * message is gone, the endpoint is disabled, its holder is deleted, frozen or left the company, no longer holds
 * the read rights of the event type, or does not see the row the event is about under their data rules.
 */
export const PUSH_REFUSALS = ['MISSING', 'ENDPOINT_DISABLED', 'HOLDER_DELETED', 'HOLDER_FROZEN', 'HOLDER_LEFT', 'HOLDER_RIGHTS', 'HOLDER_DATA_RULES'] as const;
export type PushRefusal = (typeof PUSH_REFUSALS)[number];

/** How one attempt ended: the reasons counted in the push statistics. */
export const PUSH_ATTEMPT_OUTCOMES = ['SUCCESS', 'HTTP_ERROR', 'TIMEOUT', 'NETWORK', 'BLOCKED_ADDRESS', 'REDIRECT', 'GONE', 'THROTTLED'] as const;
export type PushAttemptOutcome = (typeof PUSH_ATTEMPT_OUTCOMES)[number];

/** What caused an attempt: the schedule, a replay by the merchant, or "send a test event". */
export const PUSH_ATTEMPT_TRIGGERS = ['SCHEDULE', 'REPLAY', 'TEST'] as const;
export type PushAttemptTrigger = (typeof PUSH_ATTEMPT_TRIGGERS)[number];

/** Why an endpoint stopped receiving: its owner turned it off, it answered 410 Gone, or it failed for days. */
export const PUSH_DISABLED_REASONS = ['MANUAL', 'GONE', 'FAILING'] as const;
export type PushDisabledReason = (typeof PUSH_DISABLED_REASONS)[number];

/**
 * The latency histogram of the API statistics: upper bounds in milliseconds of each bucket, the last one
 * open. Percentiles are read from it (interpolated inside the bucket), which keeps counting a few
 * additions per call however many calls a day brings.
 */
export const API_LATENCY_BUCKETS_MS = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 10000] as const;
