/*
 * The open API's answers to its clients (gateway; docs/open-api.md, decision 0028): the stable
 * error codes a merchant's program branches on, and the headers it sends and reads. A code, once
 * published, never changes meaning and is never renamed; a new situation gets a new code.
 */

export const OPEN_API_ERROR_CODES = [
  /** the query, path or body is not valid: `field` names the first wrong one ("body.recipient.phone") */
  'invalid_request',
  /** a create or a cancel came without a usable Idempotency-Key header */
  'idempotency_key_required',
  /** no key, a malformed key, or a key that is unknown, expired or revoked (or its company frozen) */
  'unauthorized',
  /** the key lacks the scope the operation needs */
  'forbidden_scope',
  /** the key's IP allow-list does not hold the caller's address */
  'ip_not_allowed',
  /** no such record in the key's company, or no such operation */
  'not_found',
  /** the record's state forbids it now (an order already in the warehouse, a merchant number taken) */
  'conflict',
  /** this Idempotency-Key was used before with another request */
  'idempotency_key_reused',
  /** the body is over 1 MB */
  'payload_too_large',
  /** the body is not JSON */
  'unsupported_media_type',
  /** the key's calls of this minute are spent: wait Retry-After seconds */
  'rate_limited',
  /** our fault, never the client's: quote requestId to support */
  'internal_error',
] as const;
export type OpenApiErrorCode = (typeof OPEN_API_ERROR_CODES)[number];

/** Every error of the open API: `{ error: { code, message, field?, requestId } }`. */
export type OpenApiError = { error: { code: OpenApiErrorCode; message: string; field?: string; requestId: string } };

/** The header of creates and cancels; the same value and body answers the first answer. */
export const OPEN_API_IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Sent (true) when an answer is the stored first answer of its Idempotency-Key. */
export const OPEN_API_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The rate limit's headers (IETF draft "RateLimit header fields for HTTP", as @fastify/rate-limit sends them). */
export const OPEN_API_RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'] as const;
