import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { loginLogListQuery, loginLogRecord } from '@portal/shared/system-sessions';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { listLoginLogs } from './repository.ts';

/** The sign-in log of the caller's tenant (the platform's: its own users' and the attempts that named nobody). */
export const loginLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/sys/loginLog/list',
    {
      config: eitherSide('system:login-log:list'),
      schema: {
        tags: ['system: logs'],
        summary: "Sign-ins and sign-outs of the tenant's users, newest first; filtered by username, address, outcome, kind and time",
        querystring: getQuery(loginLogListQuery),
        response: { 200: envelopeSchema(pageSchema(loginLogRecord)) },
      },
    },
    async (request) => request.ok(await listLoginLogs(db, caller(request).tenantId, request.query)),
  );
};
