import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OPEN_API_ERROR_CODES, type OpenApiError, type OpenApiErrorCode } from '@portal/shared/open-api-gateway';
import { AppError } from '../../../lib/errors.ts';
import { ZodRequestError } from '../../../lib/validation.ts';
import { describeError } from '../../../plugins/errors.ts';

/*
 * The open API answers every failure as `{ error: { code, message, field?, requestId } }`: `code` is one of
 * OPEN_API_ERROR_CODES, which a merchant's program branches on and which never changes; `message` is the
 * portal's translated text (Accept-Language), for people. The status and the message come from the
 * portal's own error handler (plugins/errors.ts), so both sides say the same thing.
 */

/** The portal's message keys that have a code of their own; others take the code of their status. */
const CODE_OF_KEY: Partial<Record<string, OpenApiErrorCode>> = {
  apiKeyInvalid: 'unauthorized',
  apiKeyIpRefused: 'ip_not_allowed',
  apiScopeMissing: 'forbidden_scope',
  // the key's holder (decision 0027): frozen, deleted or gone stops the key; a lost right stops the scope
  apiKeyHolderInactive: 'unauthorized',
  apiScopeNotHeld: 'forbidden_scope',
  openApiIdempotencyKeyRequired: 'idempotency_key_required',
  idempotencyKeyReused: 'idempotency_key_reused',
};

function codeOf(error: FastifyError | AppError | ZodRequestError, status: number): OpenApiErrorCode {
  if (error instanceof AppError) {
    const own = CODE_OF_KEY[error.key];
    if (own) return own;
  }
  // the only header a route validates is the Idempotency-Key of creates and cancels
  if (error instanceof ZodRequestError && error.part === 'headers') return 'idempotency_key_required';
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden_scope';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
  }
  return status >= 500 ? 'internal_error' : 'invalid_request';
}

/** The field a 400 is about, as `part.path` ("body.items[0].unitPrice", "query.pageSize"). */
function fieldOf(error: FastifyError | AppError | ZodRequestError): string | undefined {
  if (error instanceof ZodRequestError) {
    const issue = error.issues[0];
    if (!issue) return undefined;
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
    const part = error.part === 'querystring' ? 'query' : error.part === 'headers' ? 'header' : error.part;
    return [part, ...path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))].join('.').replace(/\.\[/g, '[');
  }
  if (error instanceof AppError && typeof error.params?.field === 'string') return error.params.field;
  return undefined;
}

export function openApiError(request: FastifyRequest, code: OpenApiErrorCode, message: string, field?: string): OpenApiError {
  return { error: { code, message, ...(field ? { field } : {}), requestId: String(request.id) } };
}

/** The error handler of the open scope. */
export function answerOpenApiError(error: FastifyError | AppError | ZodRequestError, request: FastifyRequest, reply: FastifyReply) {
  const { status, message, headers } = describeError(error, request);
  const rateLimited = (error as { rateLimited?: { seconds: number } }).rateLimited;
  if (status >= 500) request.log.error({ err: error }, 'open API request failed');
  else request.log.info({ status, reason: message }, 'open API request refused');
  if (headers) void reply.headers(headers);
  const code = codeOf(error, status);
  const text = rateLimited
    ? request.t('tooManyRequests', { seconds: rateLimited.seconds })
    : code === 'idempotency_key_required'
      ? request.t('openApiIdempotencyKeyRequired')
      : message;
  return reply.status(status).send(openApiError(request, code, text, status === 400 ? fieldOf(error) : undefined));
}

/** An unknown path under /open/ (any version): 404 in the open API's shape, never the web app's page. */
export function answerOpenApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '';
  return reply.status(404).send(openApiError(request, 'not_found', request.t('routeNotFound', { method: request.method, url: url.slice(0, 200) })));
}

/** The rate limit's refusal: the handler above answers it (429, rate_limited) with the seconds to wait. */
export function rateLimitedError(ttlMs: number): Error & { statusCode: number; rateLimited: { seconds: number } } {
  return Object.assign(new Error('rate limited'), { statusCode: 429, rateLimited: { seconds: Math.max(1, Math.ceil(ttlMs / 1000)) } });
}

/** The error answer in the OpenAPI document. */
export const openApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(OPEN_API_ERROR_CODES),
      message: z.string().meta({ description: 'for people, in the language of Accept-Language (zh-TW, zh-CN, en-US)' }),
      field: z.string().optional().meta({ description: 'invalid_request: the first wrong field, as part.path' }),
      requestId: z.string(),
    }),
  })
  .meta({ example: { error: { code: 'invalid_request', message: 'Recipient phone is required', field: 'body.recipient.phone', requestId: '6f1c2d9e-0b7a-4c51-9a53-1f2e3d4c5b6a' } } });
