import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { TRACKING_LOOKUP_MAX } from '@portal/shared/logistics';
import { trackQuery, trackResult } from '@portal/shared/logistics-schemas';
import { getQuery } from '../../lib/query.ts';
import { PUBLIC } from '../../plugins/auth.ts';
import { track } from './service.ts';

/** Lookups one client address may make per minute: a person pastes a few lists; a scraper is slowed. */
export const TRACK_RATE_PER_MINUTE = 60;

/** The public tracking lookup: /open/track */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/open/track',
    {
      config: { ...PUBLIC, rateLimit: { max: TRACK_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['tracking'],
        summary: `Public tracking: up to ${TRACKING_LOOKUP_MAX} order, waybill or parcel tracking numbers, no sign-in`,
        description:
          'Numbers separated by commas, spaces or new lines; one answer per number in the order asked (a waybill covering several orders answers once per order). Events newest first, described in the Accept-Language. Never any merchant, recipient, goods, weight or money data. Rate-limited per client address.',
        querystring: getQuery(trackQuery),
        response: { 200: envelopeSchema(z.array(trackResult)) },
      },
    },
    async (request, reply) => {
      const results = await track(db, request.query.numbers, request.lang);
      // a status changes at any time: neither the browser nor a proxy keeps the answer
      void reply.header('cache-control', 'no-store');
      return request.ok(results);
    },
  );
};
