import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { caller, merchant } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { signInFigures, signInsPerDay } from './repository.ts';

/** Sign-in figures of the caller's tenant, for the home page and the visit statistics. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = merchant('statistics:visit:list');

  app.get(
    '/sys/loginfo',
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Sign-ins today and in all, and distinct addresses today',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.object({ todayVisitCount: z.number(), todayIp: z.number(), totalVisitCount: z.number() })) },
      },
    },
    async (request) => request.ok(await signInFigures(db, caller(request).tenantId)),
  );

  app.get(
    '/sys/visitInfo',
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Sign-ins and distinct addresses per day over the last 7 days',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.array(z.object({ date: z.string(), visit: z.number(), ip: z.number() }))) },
      },
    },
    async (request) => request.ok(await signInsPerDay(db, caller(request).tenantId)),
  );
};
