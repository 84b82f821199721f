import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { fieldAreaOf, fieldLabel, pathText } from '@portal/shared/field-labels';
import { boundText, issueMessage } from '@portal/shared/validation-messages';
import type { MessageKey } from '@portal/shared/messages';
import { AppError } from '../lib/errors.ts';
import { envelope } from '../lib/envelope.ts';
import { ZodRequestError } from '../lib/validation.ts';
import { isClientDataError, violatedConstraint } from '../lib/db-errors.ts';

/**
 * One place turns every failure into the envelope with a translated message. Anything a client can
 * cause answers 4xx; only our own bugs answer 500, with a trace id and without details.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodRequestError, request, reply) => {
      const { status, message, headers } = describeError(error, request);
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

/** The status and the translated message of a failure (the open API's own handler answers them in its shape). */
export function describeError(error: FastifyError | AppError | ZodRequestError, request: FastifyRequest): { status: number; message: string; headers?: Record<string, string> } {
  if (error instanceof AppError) return { status: error.statusCode, message: appErrorMessage(error, request) };
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
  // two requests saving the same unique value at once: the check before the insert passed for both; the loser is told, not a 500
  if (violatedConstraint(error) !== null) return { status: 409, message: request.t('savedMeanwhile') };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { status, message: request.t('tooManyRequests', { seconds: 60 }) };
  if (status >= 400 && status < 500) return { status, message: request.t('badRequest') };
  return { status: 500, message: request.t('internalError', { id: request.id }) };
}

/**
 * The first issue, in the caller's language, naming the field as the screens label it (field-labels.ts)
 * and saying what would be right; a field the catalogue does not know is named as the client sent it.
 */
function validationMessage(error: ZodRequestError, request: FastifyRequest): string {
  const issue = error.issues[0];
  if (!issue) return request.t('badRequest');
  const area = fieldAreaOf(request.routeOptions.url ?? request.url);
  if (issue.code === 'unrecognized_keys') {
    const key = pathText([...issue.path, issue.keys[0] ?? '']);
    return request.t('validationUnknownField', { field: key.slice(0, 100) });
  }
  const { label, choose } = fieldLabel(issue.path, area, error.part);
  const { key, params } = issueMessage(issue, { choose });
  return request.t(key, { ...params, field: label });
}

/** Messages whose `field` is a name the client sent and must see as sent. */
const RAW_FIELD_KEYS: ReadonlySet<MessageKey> = new Set(['validationUnknownField', 'duplicateNotAllowed']);

/** A service's refusal of one field ("validationTooBig", field "height") names it as the screens do. */
function appErrorMessage(error: AppError, request: FastifyRequest): string {
  const { key, params } = error;
  const field = params?.field;
  if (!params || typeof field !== 'string' || RAW_FIELD_KEYS.has(key)) return request.t(key, params);
  const { label, choose } = fieldLabel(parsePath(field), fieldAreaOf(request.routeOptions.url ?? request.url));
  const bounds = Object.fromEntries(
    (['min', 'max'] as const).flatMap((name) => {
      const value = params[name];
      return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? [[name, boundText(BigInt(value))]] : [];
    }),
  );
  return request.t(key === 'validationRequired' && choose ? 'validationChoose' : key, { ...params, ...bounds, field: label });
}

/** "items[2].unitPrice" -> ['items', 2, 'unitPrice']; "body" is the whole request. */
function parsePath(text: string): PropertyKey[] {
  if (text === 'body') return [];
  return text
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
