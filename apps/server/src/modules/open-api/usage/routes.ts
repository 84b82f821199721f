import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { apiStatistics as apiStatisticsSchema, apiStatsKeyOption, apiStatsQuery } from '@portal/shared/usage-statistics';
import { caller, merchant } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { assertExportSize, sendXlsx, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { apiStatisticsWorkbook } from './export.ts';
import { tenantKeys } from './repository.ts';
import { apiStatistics, apiStatisticsRows } from './service.ts';

const tags = ['statistics'];

/** API statistics: the calls of a merchant's keys, per day, key and operation. */
export const apiStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/statistics/api',
    {
      config: merchant('statistics:api:list'),
      schema: {
        tags,
        summary: 'Calls of the open API over a range (a preset, begin/end days, or the last 7 days): totals, per day, per key, per operation',
        querystring: getQuery(apiStatsQuery),
        response: { 200: envelopeSchema(apiStatisticsSchema) },
      },
    },
    async (request) => request.ok(await apiStatistics(db, caller(request).tenantId, request.query)),
  );

  app.get(
    '/statistics/api/keys',
    {
      config: merchant('statistics:api:list'),
      schema: { tags, summary: "The tenant's API keys, revoked ones too (the statistics' filter)", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(apiStatsKeyOption)) } },
    },
    async (request) => request.ok(await tenantKeys(db, caller(request).tenantId)),
  );

  app.get(
    '/statistics/api/exportXls',
    {
      config: merchant('statistics:api:export'),
      schema: { tags, summary: 'The API statistics as an Excel file: one row per day, key and operation', querystring: getQuery(apiStatsQuery), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const { range, rows } = await apiStatisticsRows(db, caller(request).tenantId, request.query);
      assertExportSize(rows.length);
      const texts = new Map((await app.dictService.items('ApiTypeEnum', request.lang))?.map((item) => [item.value, item.text]));
      return sendXlsx(reply, apiStatisticsWorkbook(rows, request.lang, range, (code) => texts.get(code) ?? code));
    },
  );
};
