import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { queryInfoItem, reportChartAnswer, reportDataAnswer, rpColumnsAnswer } from '@portal/shared/online';
import { idParam } from '../../../lib/list.ts';
import { badRequest } from '../../../lib/errors.ts';
import { getQuery } from '../../../lib/query.ts';
import { DEFAULT_EXPORT_TIME_ZONE, sendXlsx, timeZoneParam, XLSX_TYPE } from '../../../lib/xlsx.ts';
import { caller, type Access } from '../../../plugins/auth.ts';
import { queryInfo, reportChart, reportData, reportWorkbook, rpColumns, type Caller } from './run-service.ts';

/*
 * The runtime calls of online reports (spec §7), for any signed-in user: the service checks the data
 * set's permission (the product's screen of those rows) or, for platform staff, the designer's preview.
 */
const reader = { access: { permission: 'authenticated', tenant: 'caller', also: ['system:online:preview'] } } as const satisfies { access: Access };

/** A report's query: its own query fields by key (`<key>_begin`/`<key>_end` for a range), pageNo, pageSize, column, order. */
const runQuery = z.record(z.string().max(100), z.string().max(2000));
const idPath = z.object({ cgRpConfigId: idParam });
const binary = z.any().meta({ type: 'string', format: 'binary', description: 'an .xlsx workbook' });

export const reportRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['online: reports'];
  const callerOf = (request: FastifyRequest): Caller => ({ app, auth: caller(request), lang: request.lang });

  app.get(
    '/online/cgreport/api/getRpColumns/:code',
    {
      config: reader,
      schema: { tags, summary: "A report's columns (titles in the caller's language; customRender: the dictionary of dictOptions), default sort and chart", params: z.object({ code: z.string().max(100) }), querystring: getQuery({}), response: { 200: envelopeSchema(rpColumnsAnswer) } },
    },
    async (request) => request.ok(await rpColumns(callerOf(request), request.params.code)),
  );

  app.get(
    '/online/cgreport/api/getQueryInfo/:cgRpConfigId',
    { config: reader, schema: { tags, summary: "A report's query fields (mode group: a range sent as <field>_begin and <field>_end)", params: idPath, querystring: getQuery({}), response: { 200: envelopeSchema(z.array(queryInfoItem)) } } },
    async (request) => request.ok(await queryInfo(callerOf(request), request.params.cgRpConfigId)),
  );

  app.get(
    '/online/cgreport/api/getData/:cgRpConfigId',
    {
      config: reader,
      schema: {
        tags,
        summary: "A page of a report's rows in the caller's tenant: its query fields, pageNo, pageSize (≤ 100), column (a sortable column), order (asc/desc); pageNo × pageSize ≤ 10,000; any other parameter is refused (400)",
        params: idPath,
        querystring: runQuery,
        response: { 200: envelopeSchema(reportDataAnswer) },
      },
    },
    async (request) => request.ok(await reportData(callerOf(request), request.params.cgRpConfigId, request.query)),
  );

  app.get(
    '/online/cgreport/api/getChart/:cgRpConfigId',
    { config: reader, schema: { tags, summary: "The report's chart: its rows (same query fields) grouped by the chart's column, counted or summed, at most 50 groups", params: idPath, querystring: runQuery, response: { 200: envelopeSchema(reportChartAnswer) } } },
    async (request) => request.ok(await reportChart(callerOf(request), request.params.cgRpConfigId, request.query)),
  );

  app.get(
    '/online/cgreport/api/exportXls/:cgRpConfigId',
    { config: reader, schema: { tags, summary: "The report's rows (same query fields and sort, at most 10,000) as an Excel file; timeZone: the reader's", params: idPath, querystring: runQuery, produces: [XLSX_TYPE], response: { 200: binary } } },
    async (request, reply) => {
      const zone = timeZoneParam.safeParse(request.query.timeZone);
      if (!zone.success) throw badRequest('exportTimeZoneInvalid');
      const timeZone = zone.data ?? DEFAULT_EXPORT_TIME_ZONE;
      return sendXlsx(reply, { ...(await reportWorkbook(callerOf(request), request.params.cgRpConfigId, request.query)), timeZone });
    },
  );
};
