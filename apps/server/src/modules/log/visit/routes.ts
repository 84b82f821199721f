import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { visitInput } from '@portal/shared/visit-statistics';
import { caller, signedIn } from '../../../plugins/auth.ts';

/** The web reports a page view here; the answer never waits for the database. */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sys/visit',
    {
      config: signedIn,
      schema: {
        tags: ['statistics'],
        summary: 'Record a page view of the signed-in app (buffered; written within seconds)',
        body: visitInput,
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const recorded = app.visits.record(auth.tokenHash, { tenantId: auth.tenantId, userId: auth.userId, path: request.body.path, ip: request.ip });
      return request.ok({ recorded });
    },
  );
};
