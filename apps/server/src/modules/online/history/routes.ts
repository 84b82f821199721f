import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { historyEntry, ONLINE_KINDS, onlineCode } from '@portal/shared/online';
import { getQuery } from '../../../lib/query.ts';
import { platform } from '../../../plugins/auth.ts';
import { listVersions } from './repository.ts';

/** The kept versions of a report or a form (at most 16, the newest first), each with what it changed. */
export const onlineHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/online/history/list',
    {
      config: platform('system:online:list'),
      schema: {
        tags: ['online'],
        summary: 'The kept versions of a definition, the newest first, with their differences',
        querystring: getQuery({ kind: z.enum(ONLINE_KINDS), code: onlineCode }),
        response: { 200: envelopeSchema(z.array(historyEntry)) },
      },
    },
    async (request) => request.ok(await listVersions(db, request.query.kind, request.query.code)),
  );
};
