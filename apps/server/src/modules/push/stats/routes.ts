import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { pushStatistics as pushStatisticsSchema, pushStatsEndpointOption, pushStatsQuery } from '@portal/shared/usage-statistics';
import { caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { sendXlsx, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { pushStatisticsWorkbook } from './export.ts';
import { tenantEndpoints } from './repository.ts';
import { pushStatistics } from './service.ts';

const tags = ['statistics'];

/** Message push statistics: a merchant's deliveries and attempts, per day and endpoint. */
export const pushStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/statistics/push',
    {
      config: merchant('statistics:push:list'),
      schema: {
        tags,
        summary: 'Deliveries and attempts of the pushes over a range (a preset, begin/end days, or the last 7 days): totals, per day, per endpoint, failures by reason',
        querystring: getQuery(pushStatsQuery),
        response: { 200: envelopeSchema(pushStatisticsSchema) },
      },
    },
    async (request) => request.ok(await pushStatistics(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/statistics/push/endpoints',
    {
      config: merchant('statistics:push:list'),
      schema: { tags, summary: "The tenant's push endpoints (the statistics' filter)", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(pushStatsEndpointOption)) } },
    },
    async (request) => request.ok(await tenantEndpoints(db, caller(request).tenantId)),
  );

  app.get(
    '/statistics/push/exportXls',
    {
      config: merchant('statistics:push:export'),
      schema: { tags, summary: 'The push statistics as an Excel file: per day, then per endpoint', querystring: getQuery(pushStatsQuery), produces: [XLSX_TYPE] },
    },
    async (request, reply) => sendXlsx(reply, pushStatisticsWorkbook(await pushStatistics(db, caller(request).tenantId, request.query), request.lang)),
  );
};
