import type { RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { API_SCOPES, OPEN_API_PREFIX, type ApiScope } from '@portal/shared/open-api';
import { OPEN_API_ERROR_CODES, type OpenApiErrorCode } from '@portal/shared/open-api-gateway';
import { openApiErrorSchema } from './errors.ts';

/*
 * The open API's own OpenAPI 3.1 document, built from the routes of the open scope as Fastify registered
 * them: the zod schemas that validate each route are the ones converted here (z.toJSONSchema), so the
 * document cannot drift from the validation. The portal's /api/docs leaves these routes out (app.ts).
 */

type Schemas = { querystring?: ZodType; params?: ZodType; headers?: ZodType; body?: ZodType; response?: Record<number, ZodType>; summary?: string; description?: string; tags?: string[] };
type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; example?: unknown; examples?: unknown[]; description?: string; [key: string]: unknown };

const SCOPE_TEXTS: Record<ApiScope, string> = {
  'orders:read': 'read orders',
  'orders:write': 'create and cancel orders',
  'tracking:read': 'read tracking',
  'parcels:read': 'read parcels',
  'wallet:read': 'read wallet balances',
  'purchases:read': 'read purchase orders',
};

const ERROR_EXAMPLES: Record<OpenApiErrorCode, { status: number; message: string; field?: string }> = {
  invalid_request: { status: 400, message: 'Recipient phone must be a phone number', field: 'body.recipient.phone' },
  idempotency_key_required: { status: 400, message: 'The Idempotency-Key header is required (1 to 100 visible characters): send the same value when retrying the same request', field: 'header.idempotency-key' },
  unauthorized: { status: 401, message: 'The API key is invalid, expired or revoked' },
  forbidden_scope: { status: 403, message: 'This API key lacks the scope orders:write' },
  ip_not_allowed: { status: 403, message: 'This API key may not be used from 203.0.113.7' },
  not_found: { status: 404, message: 'Sorry, the resource was not found!' },
  conflict: { status: 409, message: 'The order is in the warehouse already and can no longer be cancelled' },
  idempotency_key_reused: { status: 409, message: 'This Idempotency-Key was already used for a different request: use a new key for a new request' },
  payload_too_large: { status: 413, message: 'The request body is over 1 MB' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type: text/plain' },
  rate_limited: { status: 429, message: 'Too many requests, try again in 12 s' },
  internal_error: { status: 500, message: 'Internal server error, try again later (trace 6f1c2d9e-…)' },
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: "The key's calls per minute", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in this minute', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute starts again', schema: { type: 'integer' } },
};

const jsonOf = (schema: ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
};

/** A schema's own example, or the first of its examples. */
const exampleOf = (json: JsonSchema): unknown => json.example ?? json.examples?.[0];

/** An object schema's properties as parameters of one place (query, path, header). */
function parameters(schema: ZodType | undefined, place: 'query' | 'path' | 'header') {
  if (!schema) return [];
  const json = jsonOf(schema, 'input');
  return Object.entries(json.properties ?? {})
    .filter(([name]) => name !== '_t')
    .map(([name, property]) => {
      const { description, example, ...rest } = property;
      return {
        name: place === 'header' ? name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()) : name,
        in: place,
        required: place === 'path' || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        ...(example !== undefined ? { example } : {}),
        schema: rest,
      };
    });
}

function errorResponses(codes: readonly OpenApiErrorCode[]) {
  const byStatus = new Map<number, OpenApiErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_EXAMPLES[code].status, [...(byStatus.get(ERROR_EXAMPLES[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.join(', '),
        ...(status === 429 ? { headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            examples: Object.fromEntries(
              list.map((code) => {
                const { message, field } = ERROR_EXAMPLES[code];
                return [code, { value: { error: { code, message, ...(field ? { field } : {}), requestId: '6f1c2d9e-0b7a-4c51-9a53-1f2e3d4c5b6a' } } }];
              }),
            ),
          },
        },
      },
    ]),
  );
}

function operation(route: RouteOptions) {
  const schema = (route.schema ?? {}) as Schemas;
  const config = route.config as { openApi?: { scope: ApiScope | null; apiType: string } } | undefined;
  const scope = config?.openApi?.scope ?? null;
  const idempotent = Boolean(schema.headers);
  const answers = Object.entries(schema.response ?? {}).map(([status, answer]) => {
    const json = jsonOf(answer, 'output');
    return [status, { description: 'OK', headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema: json, example: exampleOf(json) } } }] as const;
  });
  const body = schema.body ? jsonOf(schema.body, 'input') : undefined;
  const codes = OPEN_API_ERROR_CODES.filter((code) => {
    if (code === 'idempotency_key_required' || code === 'idempotency_key_reused') return idempotent;
    if (code === 'conflict') return route.method === 'POST';
    if (code === 'not_found') return Boolean(schema.params);
    if (code === 'payload_too_large' || code === 'unsupported_media_type') return Boolean(schema.body);
    if (code === 'invalid_request') return Boolean(schema.body || schema.querystring || schema.params || schema.headers);
    return true;
  });
  return {
    operationId: `${String(route.method).toLowerCase()}${route.url.slice(OPEN_API_PREFIX.length).replace(/[/:-](\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    tags: schema.tags ?? [],
    summary: schema.summary,
    description: [schema.description, scope ? `Scope: \`${scope}\`.` : '', `Counted as ${config?.openApi?.apiType ?? ''} in the API statistics.`].filter(Boolean).join('\n\n'),
    'x-scope': scope,
    security: [{ apiKey: scope ? [scope] : [] }],
    parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query'), ...parameters(schema.headers, 'header')],
    ...(body ? { requestBody: { required: !('anyOf' in body), content: { 'application/json': { schema: body, example: exampleOf(body) } } } } : {}),
    responses: { ...Object.fromEntries(answers), ...errorResponses(codes) },
  };
}

/** The document of the routes recorded in the open scope (their URLs carry the prefix). */
export function openApiDocument(routes: readonly RouteOptions[], server: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!(route.config as { openApi?: unknown } | undefined)?.openApi) continue;
    const path = route.url.slice(OPEN_API_PREFIX.length).replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      paths[path] = { ...paths[path], [method.toLowerCase()]: operation(route) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant open API',
      version: '1.0.0',
      description: [
        'Your own systems create and follow international logistics orders, read parcels, wallet balances and purchase orders.',
        'Authenticate with an API key made on the token configuration screen: `Authorization: Bearer mpk_…`. A key acts only inside its company and its scopes.',
        'Creates and cancels require an `Idempotency-Key` header. Each key may make a limited number of calls per minute (RateLimit-* headers; 429 rate_limited with Retry-After past it).',
        `Every error answers \`{ "error": { "code", "message", "field"?, "requestId" } }\`; \`code\` is stable: ${OPEN_API_ERROR_CODES.join(', ')}. \`message\` follows Accept-Language (zh-TW, zh-CN, en-US).`,
      ].join('\n\n'),
    },
    servers: [{ url: server }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mpk_ API key',
          description: `An API key of your company. Its scopes: ${API_SCOPES.map((scope) => `\`${scope}\` (${SCOPE_TEXTS[scope]})`).join(', ')}.`,
        },
      },
      schemas: { Error: jsonOf(openApiErrorSchema, 'output') },
    },
    security: [{ apiKey: [] }],
    'x-scopes': SCOPE_TEXTS,
    paths,
  };
}
