import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { auditLogDetail, auditLogIdQuery, auditLogListQuery, auditLogRecord } from '@portal/shared/system-sessions';
import { caller, eitherSide } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { DEFAULT_EXPORT_TIME_ZONE, timeZoneParam } from '../../../lib/xlsx.ts';
import { readAuditLog, readAuditLogs } from './service.ts';

/** The audit log of the caller's tenant: administrative changes of its data (the platform's: its own, the catalogue, tenants...). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const dicts = app.dictService;
  const tags = ['system: logs'];
  const config = eitherSide('system:audit-log:list');
  // the reader's time zone (IANA): times a line holds are shown in it
  const timeZone = { timeZone: timeZoneParam };

  app.get(
    '/sys/auditLog/list',
    {
      config,
      schema: {
        tags,
        summary:
          "Administrative changes of the tenant, newest first; filtered by resource, action, username and time. Each line's changed fields are named in the caller's language (ids and codes as the names of what they stand for); before and after: queryById",
        querystring: getQuery({ ...auditLogListQuery, ...timeZone }),
        response: { 200: envelopeSchema(pageSchema(auditLogRecord)) },
      },
    },
    async (request) => {
      const { timeZone: zone = DEFAULT_EXPORT_TIME_ZONE, ...query } = request.query;
      return request.ok(await readAuditLogs(db, dicts, { tenantId: caller(request).tenantId, lang: request.lang, timeZone: zone }, query));
    },
  );

  app.get(
    '/sys/auditLog/queryById',
    {
      config,
      schema: {
        tags,
        summary: "One change with the record before and after it as written, and every field of both named in the caller's language (404 for another tenant's)",
        querystring: getQuery({ ...auditLogIdQuery, ...timeZone }),
        response: { 200: envelopeSchema(auditLogDetail) },
      },
    },
    async (request) => {
      const { timeZone: zone = DEFAULT_EXPORT_TIME_ZONE, id } = request.query;
      return request.ok(await readAuditLog(db, dicts, { tenantId: caller(request).tenantId, lang: request.lang, timeZone: zone }, id));
    },
  );
};
