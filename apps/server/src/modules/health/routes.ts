import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/client.ts';
import { envelope } from '../../lib/envelope.ts';

/** Liveness answers without the database; readiness needs it. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => envelope({ status: 'ok' }, 'ok'));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping(app.database.db);
      return envelope({ status: 'ready', database: app.database.kind }, 'ready');
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send(envelope({ status: 'not ready', database: app.database.kind }, 'not ready', false, 503));
    }
  });
};
