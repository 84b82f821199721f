import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { core } from 'zod';
import { isMessageKey } from '@portal/shared/messages';
import { AppError, MSG_PREFIX } from '../lib/errors.ts';
import { envelope } from '../lib/envelope.ts';
import { ZodRequestError } from '../lib/validation.ts';
import { isClientDataError } from '../lib/db-errors.ts';

/**
 * One place turns every failure into the envelope with a translated message. Anything a client can
 * cause answers 4xx; only our own bugs answer 500, with a trace id and without details.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodRequestError, request, reply) => {
      const { status, message, headers } = describe(error, request);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, reason: message }, 'request refused');
      if (headers) void reply.headers(headers);
      return reply.status(status).send(envelope(null, message, false, status));
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      return reply.status(404).send(envelope(null, request.t('routeNotFound', { method: request.method, url: url.slice(0, 200) }), false, 404));
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);

function describe(error: FastifyError | AppError | ZodRequestError, request: FastifyRequest): { status: number; message: string; headers?: Record<string, string> } {
  if (error instanceof AppError) return { status: error.statusCode, message: request.t(error.key, error.params) };
  if (error instanceof ZodRequestError) return { status: 400, message: validationMessage(error, request) };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: request.t('bodyTooLarge', { limit: '1 MB' }) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: request.t('unsupportedMediaType', { type: String(request.headers['content-type'] ?? '').slice(0, 100) }) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: request.t('badJson') };
    case 'FST_ERR_RATE_LIMIT': // not used: rate-limit's own builder answers, see app.ts
      return { status: 429, message: request.t('tooManyRequests', { seconds: 60 }) };
  }
  if (error instanceof SyntaxError) return { status: 400, message: request.t('badJson') };
  if (isClientDataError(error)) return { status: 400, message: request.t('badRequest') };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { status, message: request.t('tooManyRequests', { seconds: 60 }) };
  if (status >= 400 && status < 500) return { status, message: request.t('badRequest') };
  return { status: 500, message: request.t('internalError', { id: request.id }) };
}

/** The first issue, in the caller's language, naming the field as the client sent it. */
function validationMessage(error: ZodRequestError, request: FastifyRequest): string {
  const issue = error.issues[0];
  if (!issue) return request.t('badRequest');
  if (issue.message.startsWith(MSG_PREFIX)) {
    const key = issue.message.slice(MSG_PREFIX.length);
    if (isMessageKey(key)) return request.t(key);
  }
  const field = fieldName(issue.path, error.part);
  return issueMessage(issue, field, request);
}

function fieldName(path: PropertyKey[], part: string): string {
  const named = path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
  return named || part;
}

function issueMessage(issue: core.$ZodIssue, field: string, request: FastifyRequest): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? request.t('validationRequired', { field })
        : request.t('validationType', { field, expected: issue.expected });
    case 'too_small':
      if (issue.origin === 'string') return request.t(Number(issue.minimum) <= 1 ? 'validationRequired' : 'validationTooShort', { field, min: String(issue.minimum) });
      return request.t('validationTooSmall', { field, min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return request.t('validationTooLong', { field, max: String(issue.maximum) });
      return request.t('validationTooBig', { field, max: String(issue.maximum) });
    case 'invalid_format':
      return request.t('validationFormat', { field });
    case 'invalid_value':
      return request.t('validationOneOf', { field, values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return request.t('validationUnknownField', { field: [field === 'body' || field === 'querystring' ? '' : field, key].filter(Boolean).join('.').slice(0, 100) });
    }
    default:
      return request.t('validationInvalid', { field });
  }
}
