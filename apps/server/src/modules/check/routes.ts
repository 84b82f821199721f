import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import * as OpenCC from 'opencc-js';
import { envelopeSchema } from '@portal/shared/api';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { envelope } from '../../lib/envelope.ts';
import { findDuplicateTarget, type DuplicateTarget } from './duplicate-targets.ts';
import { checkValue, findRule } from './rule-service.ts';

const authenticated = { access: { permission: 'authenticated', tenant: 'caller' } } as const;

const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

export const checkRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const auth = caller(request);
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      const target = findDuplicateTarget(tableName, fieldName);
      if (!target) throw badRequest('duplicateNotAllowed', { table: tableName.slice(0, 64), field: fieldName.slice(0, 64) });
      const scope = target.tenant ? eq(target.tenant, auth.tenantId) : undefined;
      if (dataId !== undefined && !(await exists(target, and(eq(target.id, dataId), scope, target.visibleTo?.(auth.tenantId))))) throw notFound();
      const value = target.caseInsensitive ? sql`lower(${target.column}) = ${fieldVal.toLowerCase()}` : eq(target.column, fieldVal);
      const taken = await exists(target, and(value, scope, dataId === undefined ? undefined : ne(target.id, dataId)));
      return taken ? request.fail('valueTaken', undefined, 409) : request.ok(null, 'valueAvailable');
    },
  );

  async function exists(target: DuplicateTarget, where: SQL | undefined): Promise<boolean> {
    const rows = await db.select({ one: sql<number>`1` }).from(target.table).where(where).limit(1);
    return rows.length > 0;
  }

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
      const rule = await findRule(db, ruleCode);
      if (!rule) throw notFound('ruleNotFound', { code: ruleCode.slice(0, 64) });
      const outcome = checkValue(rule, value, request.lang);
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
      return request.ok(Number(sign) === 0 ? toSimplified(original) : toTraditional(original));
    },
  );
};
