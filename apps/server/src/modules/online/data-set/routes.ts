import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { dataSetRecord } from '@portal/shared/online';
import { getQuery } from '../../../lib/query.ts';
import { platform } from '../../../plugins/auth.ts';
import { dataSetCatalogue } from './service.ts';

/** The data sets a report may read, for the report designer (decision 0031). */
export const dataSetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/online/cgreport/dataSets',
    {
      config: platform('system:online:list'),
      schema: {
        tags: ['online: reports'],
        summary: 'The allow-list of data sets: each field with its titles, type, dictionary, whether it sorts and the operators a query may use',
        querystring: getQuery({}),
        response: { 200: envelopeSchema(z.array(dataSetRecord)) },
      },
    },
    async (request) => request.ok(dataSetCatalogue()),
  );
};
