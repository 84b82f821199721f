import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { visitDayRecord, visitRangeQuery, visitTenantRecord } from '@portal/shared/visit-statistics';
import { caller, eitherSide } from '../../plugins/auth.ts';
import { getQuery } from '../../lib/query.ts';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { signInFigures, visitsPerDay, visitsPerTenant } from './repository.ts';
import { resolveRange, resolveScope } from './service.ts';
import { visitWorkbook } from './export.ts';

const tags = ['statistics'];

/**
 * Sign-in and visit figures (the home page and the visit statistics): a merchant's own tenant, every
 * tenant for the platform, or the one tenant it names (`tenantId`).
 */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = eitherSide('statistics:visit:list');

  app.get(
    '/sys/loginfo',
    {
      config,
      schema: {
        tags,
        summary: 'Sign-ins today and in all, and distinct addresses today',
        querystring: getQuery({ tenantId: visitRangeQuery.tenantId }),
        response: { 200: envelopeSchema(z.object({ todayVisitCount: z.number(), todayIp: z.number(), totalVisitCount: z.number() })) },
      },
    },
    async (request) => request.ok(await signInFigures(db, await resolveScope(db, caller(request).tenantId, request.query.tenantId))),
  );

  app.get(
    '/sys/visitInfo',
    {
      config,
      schema: {
        tags,
        summary: 'Per day: page views, visitors, sign-ins, failed sign-ins, distinct addresses (a preset, begin/end days, or the last 7 days)',
        querystring: getQuery(visitRangeQuery),
        response: { 200: envelopeSchema(z.array(visitDayRecord)) },
      },
    },
    async (request) => {
      const scope = await resolveScope(db, caller(request).tenantId, request.query.tenantId);
      return request.ok(await visitsPerDay(db, scope, await resolveRange(db, request.query)));
    },
  );

  app.get(
    '/sys/visitInfo/tenants',
    {
      config,
      schema: {
        tags,
        summary: "Each tenant's totals over the range, busiest first (a merchant: its own only)",
        querystring: getQuery({ preset: visitRangeQuery.preset, begin: visitRangeQuery.begin, end: visitRangeQuery.end }),
        response: { 200: envelopeSchema(z.array(visitTenantRecord)) },
      },
    },
    async (request) => {
      const scope = await resolveScope(db, caller(request).tenantId, undefined);
      return request.ok(await visitsPerTenant(db, scope, await resolveRange(db, request.query)));
    },
  );

  app.get(
    '/sys/visitInfo/exportXls',
    {
      config: eitherSide('statistics:visit:export'),
      schema: { tags, summary: "The days of the statistics as an Excel file (xlsx) in the caller's language", querystring: getQuery(visitRangeQuery), produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const scope = await resolveScope(db, caller(request).tenantId, request.query.tenantId);
      const range = await resolveRange(db, request.query);
      return sendXlsx(reply, visitWorkbook(await visitsPerDay(db, scope, range), request.lang, range));
    },
  );
};
