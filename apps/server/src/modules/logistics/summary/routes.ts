import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import { logisticsSummary } from '@portal/shared/logistics-schemas';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { logisticsSummaries } from './service.ts';

/** Home page figures of logistics: /logistics/summary */
export const logisticsSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const summaries = logisticsSummaries(app.database.db);

  app.get(
    '/logistics/summary',
    {
      // in the tenant of the request: the platform's own (0) is one of them, and sees every merchant
      config: eitherSide('dashboard:analysis:view'),
      schema: {
        tags: ['dashboard'],
        summary: "Home page figures: orders by status, parcels in the warehouse, open exceptions, orders per day over 30 days",
        description: "A merchant's own tenant; the platform's staff (tenant 0) see every merchant, figures refreshed every 30 seconds.",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(logisticsSummary) },
      },
    },
    async (request) => request.ok(await summaries.of(caller(request).tenantId)),
  );
};
