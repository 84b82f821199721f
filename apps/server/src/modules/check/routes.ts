import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { caller, signedIn as authenticated } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { envelope } from '../../lib/envelope.ts';
import { checkByRule, convertChinese, isDuplicate, type DuplicateSource } from './service.ts';

export const checkRoutes: FastifyPluginAsyncZod<{ duplicateSources?: readonly DuplicateSource[] }> = async (app, options) => {
  const db = app.database.db;

  app.get(
    '/sys/duplicate/check',
    {
      config: authenticated,
      schema: {
        tags: ['check'],
        summary: 'Is a value already used? Only for the (table, field) pairs on the allow-list.',
        querystring: getQuery({
          tableName: z.string().min(1).max(64),
          fieldName: z.string().min(1).max(64),
          fieldVal: z.string().max(255),
          dataId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      (await isDuplicate(db, caller(request).tenantId, request.query, options.duplicateSources)) ? request.fail('valueTaken', undefined, 409) : request.ok(null, 'valueAvailable'),
  );

  app.get(
    '/sys/checkRule/checkByCode',
    {
      config: authenticated,
      schema: {
        tags: ['check'],
        summary: 'Check a value against a stored rule (patterns run on a linear-time engine)',
        querystring: getQuery({ ruleCode: z.string().min(1).max(64), value: z.string().max(1000) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { ruleCode, value } = request.query;
      const outcome = await checkByRule(db, ruleCode, value, request.lang);
      if (outcome.kind === 'broken') {
        request.log.error({ ruleCode, pattern: outcome.pattern }, 'stored check rule does not compile');
        return request.fail('ruleBroken', { code: ruleCode }, 500);
      }
      if (outcome.kind === 'failed') return envelope(null, outcome.message, false, 400);
      return request.ok(null, 'rulePassed');
    },
  );

  app.post(
    '/open/converter',
    {
      config: { ...authenticated, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['check'],
        summary: 'Convert between Traditional and Simplified Chinese (sign 0: to Simplified, 1: to Traditional)',
        body: z.strictObject({ original: z.string().max(10_000), sign: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]) }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => {
      const { original, sign } = request.body;
      return request.ok(convertChinese(original, Number(sign) === 0 ? 0 : 1));
    },
  );
};
