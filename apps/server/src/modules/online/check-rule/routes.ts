import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { checkRuleEditInput, checkRuleInput, checkRuleRecord } from '@portal/shared/online-check-rules';
import { idParam } from '../../../lib/list.ts';
import { getQuery } from '../../../lib/query.ts';
import { auditActor, platform } from '../../../plugins/auth.ts';
import { listRules } from './repository.ts';
import { addRule, editRule, removeRule } from './service.ts';

const tags = ['check'];

/** Check rules, /sys/checkRule/*: the platform's, used by online form fields and the rule check. */
export const checkRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/sys/checkRule/list',
    {
      config: platform('system:online:list'),
      schema: {
        tags,
        summary: 'Check rules, paged, by code; searched by code and by name (any language)',
        querystring: getQuery({
          pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(10),
          order: z.enum(['asc', 'desc']).optional(),
          ruleCode: z.string().trim().max(64).optional(),
          ruleName: z.string().trim().max(100).optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(checkRuleRecord)) },
      },
    },
    async (request) => request.ok(await listRules(db, request.query)),
  );

  app.post(
    '/sys/checkRule/add',
    {
      config: platform('system:online:add'),
      schema: { tags, summary: 'A new check rule: every pattern must compile on RE2 (400); the code is unique (409)', body: checkRuleInput, response: { 200: envelopeSchema(checkRuleRecord) } },
    },
    async (request) => request.ok(await addRule(db, auditActor(request), request.body)),
  );

  app.put(
    '/sys/checkRule/edit',
    {
      config: platform('system:online:edit'),
      schema: { tags, summary: "Save a check rule (a rule a form uses keeps its code: 409)", body: checkRuleEditInput, response: { 200: envelopeSchema(checkRuleRecord) } },
    },
    async (request) => request.ok(await editRule(db, auditActor(request), request.body)),
  );

  app.delete(
    '/sys/checkRule/delete',
    {
      config: platform('system:online:delete'),
      schema: { tags, summary: 'Delete a check rule no form field uses (409 otherwise)', querystring: getQuery({ id: idParam }), response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeRule(db, auditActor(request), request.query.id);
      return request.ok(null);
    },
  );
};
