import { z } from 'zod';
import { msg } from './messages.ts';
import { isoTime } from './logistics-schemas.ts';
import { HOLDER_STATES, PUSH_ATTEMPT_OUTCOMES, PUSH_ATTEMPT_TRIGGERS, PUSH_DELIVERY_STATUSES, PUSH_DISABLED_REASONS, PUSH_REFUSALS, PUSH_TEST_TYPE, PUSH_TYPES } from './open-api.ts';

/*
 * Message push configuration (decision 0029): a merchant's webhook endpoints, the delivery
 * log and its replays. The signing secret is answered once (creation, rotation) and never again.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idQuery = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

export const PUSH_ENDPOINT_URL_MAX = 2000;
export const PUSH_ENDPOINT_DESCRIPTION_MAX = 200;

/**
 * The shape of an endpoint's address: http(s), a host, no user:password, no spaces, at most 2,000
 * characters. Whether plain http or a private address is allowed depends on the deployment (the server's rule).
 */
export const pushEndpointUrl = z
  .string()
  .trim()
  .min(1, { error: msg('pushEndpointUrlFormat') })
  .max(PUSH_ENDPOINT_URL_MAX)
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s]*)?$/i, { error: msg('pushEndpointUrlFormat') })
  .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), { error: msg('pushEndpointUrlCredentials') });

export const pushEventTypes = z
  .array(z.enum(PUSH_TYPES))
  .min(1, { error: msg('pushEndpointEventTypesRequired') })
  .max(PUSH_TYPES.length)
  .refine((types) => new Set(types).size === types.length, { error: msg('pushEndpointEventTypesRepeated') });

export const pushEndpointInput = z.strictObject({
  url: pushEndpointUrl,
  description: z.string().trim().max(PUSH_ENDPOINT_DESCRIPTION_MAX).default(''),
  eventTypes: pushEventTypes,
  enabled: z.boolean().default(true),
});
export type PushEndpointInput = z.input<typeof pushEndpointInput>;
export const pushEndpointEditInput = pushEndpointInput.extend({ id });
export type PushEndpointEditInput = z.input<typeof pushEndpointEditInput>;
export const pushEndpointIdInput = z.strictObject({ id });

export const pushEndpointRecord = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(PUSH_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.enum(PUSH_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** during a rotation's overlap: until when deliveries are also signed with the previous secret */
  previousSecretUntil: z.string().nullable(),
  /** whose rights its events carry: who made it or last changed its address or events (decision 0029) */
  holder: z.string(),
  /** ACTIVE, or why nothing is sent to it: its holder FROZEN, DELETED or LEFT the company */
  holderState: z.enum(HOLDER_STATES),
  /** its events whose read rights the holder no longer holds: not sent */
  unheldTypes: z.array(z.enum(PUSH_TYPES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PushEndpointRecord = z.infer<typeof pushEndpointRecord>;

/** Creation and rotation: the endpoint and its signing secret, shown this once. */
export const pushEndpointWithSecret = z.object({ endpoint: pushEndpointRecord, secret: z.string() });
export type PushEndpointWithSecret = z.infer<typeof pushEndpointWithSecret>;

export const PUSH_ENDPOINT_SORT_COLUMNS = ['createdAt', 'url'] as const;
export const pushEndpointListQuery = {
  ...pageQuery,
  column: z.enum(PUSH_ENDPOINT_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
};

export const pushTestResult = z.object({ deliveryId: z.number().int(), msgId: z.string() });

// ------------------------------------------------------------------ the delivery log

export const PUSH_MESSAGE_TYPES = [...PUSH_TYPES, PUSH_TEST_TYPE] as const;

export const pushDeliveryListQuery = {
  ...pageQuery,
  endpointId: idQuery.optional(),
  type: z.enum(PUSH_MESSAGE_TYPES).optional(),
  status: z.enum(PUSH_DELIVERY_STATUSES).optional(),
  msgId: z.string().trim().max(40).optional(),
  createdAt_begin: isoTime.optional(),
  createdAt_end: isoTime.optional(),
};

export const pushDeliveryRecord = z.object({
  id: z.number().int(),
  msgId: z.string(),
  type: z.enum(PUSH_MESSAGE_TYPES),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  status: z.enum(PUSH_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastOutcome: z.enum(PUSH_ATTEMPT_OUTCOMES).nullable(),
  lastHttpStatus: z.number().int().nullable(),
  /** why it was FAILED without an attempt (nothing was sent), or null */
  refusal: z.enum(PUSH_REFUSALS).nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  nextTrigger: z.enum(PUSH_ATTEMPT_TRIGGERS),
  succeededAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PushDeliveryRecord = z.infer<typeof pushDeliveryRecord>;

export const pushAttemptRecord = z.object({
  id: z.number().int(),
  attemptNo: z.number().int(),
  trigger: z.enum(PUSH_ATTEMPT_TRIGGERS),
  startedAt: z.string(),
  latencyMs: z.number().int(),
  outcome: z.enum(PUSH_ATTEMPT_OUTCOMES),
  httpStatus: z.number().int().nullable(),
  responseExcerpt: z.string(),
  error: z.string(),
});
export type PushAttemptRecord = z.infer<typeof pushAttemptRecord>;

/** One delivery with every attempt and the message's payload (the event's `data`). */
export const pushDeliveryDetail = z.object({ delivery: pushDeliveryRecord, attempts: z.array(pushAttemptRecord), payload: z.unknown() });
export type PushDeliveryDetail = z.infer<typeof pushDeliveryDetail>;

export const pushReplayInput = z.strictObject({ id });

/** Every FAILED delivery created in [from, to], optionally of one endpoint (the statistics page sends this too). */
export const pushReplayFailedInput = z.strictObject({ from: isoTime, to: isoTime, endpointId: id.optional() });
export type PushReplayFailedInput = z.infer<typeof pushReplayFailedInput>;
export const pushReplayResult = z.object({ replayed: z.number().int() });
export type PushReplayResult = z.infer<typeof pushReplayResult>;

/** A replay of failed deliveries covers at most this many days, and at most this many deliveries at once. */
export const PUSH_REPLAY_RANGE_DAYS_MAX = 31;
export const PUSH_REPLAY_BATCH_MAX = 5000;
